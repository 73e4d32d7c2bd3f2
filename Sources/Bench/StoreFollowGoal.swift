import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Goal 8 of `ProcessBenchmark`: the store followed. A live view (`pocket` on a 100×30
/// pseudo-terminal, as goal 7 starts it) shows what another process changes, on the sqlite
/// and the json store:
/// - latency: a writer that is one long-running `pocket --plain` fed through a pipe (no
///   start-up counted) makes each change at a person's pace (150–300 ms apart, so the
///   change signal never takes them for a burst); from the instant its output confirms the
///   change (printed after the commit) to the instant the viewer's screen shows it; a
///   change not shown within a second counts as a second, and ten of them end the run;
/// - idle: the viewer's CPU (from `/proc/PID/stat`) and frames while nothing changes;
/// - burst: another `pocket --plain` fed a thousand `say` lines at once; the frames the
///   viewer draws until it shows the last (each reload draws at most one frame).
struct StoreFollowGoal: Sendable {
  let pocket: String
  /// A folder of its own for the stores and exports it makes (each removed once measured).
  let folder: URL
  let sizes: ProcessSizes

  func measure() -> [BenchResult] {
    #if os(Linux)
      let exports = folder.appendingPathComponent("exports")
      defer { try? FileManager.default.removeItem(at: exports) }
      var rows: [BenchResult] = []
      let archives: [Archive]
      do {
        archives = try makeArchives(in: exports)
      } catch {
        return [failure(BenchStore.sqlite, error)]
      }
      for store in [BenchStore.sqlite, .json] {
        do {
          rows += try latency(store, archives: archives)
          rows += try idleAndBurst(store)
        } catch {
          rows.append(failure(store, error))
        }
      }
      return rows
    #else
      return [.skipped("8 store followed", "Linux only")]
    #endif
  }

  /// A store whose run failed: the reason's first line in the report, all of it on stderr
  /// (a screen the viewer showed is many lines).
  private func failure(_ store: BenchStore, _ error: any Error) -> BenchResult {
    FileHandle.standardError.write(Data("goal 8, \(store.rawValue): \(error)\n".utf8))
    return BenchResult(
      workload: "8 store followed (failed)", store: store.rawValue, rows: nil,
      goal: Goal(text: String("\(error)".prefix { $0 != "\n" }), met: false))
  }
}

#if os(Linux)
  extension StoreFollowGoal {
    /// The changes the goal is about, in the order a round makes them.
    enum Kind: String, CaseIterable {
      case say, lap, fav, bookmark, add
      case importReplace = "import --replace"
      case reset = "reset --yes"

      /// The viewer's key for the screen that shows this change, and the screen's tab.
      var screen: (key: String, tab: String) {
        switch self {
        case .say, .importReplace: ("6", "Chat")
        case .lap, .reset: ("2", "Stopwatch")
        case .fav: ("1", "Rates")
        case .bookmark: ("3", "Notices")
        case .add: ("5", "Mind log")
        }
      }

      /// The writer's command for the screen its command works on (`import` works anywhere).
      var writerScreen: String? {
        switch self {
        case .say: "chat"
        case .lap, .reset: "stopwatch"
        case .fav: "rates"
        case .bookmark: "notices"
        case .add: "mindlog"
        case .importReplace: nil
        }
      }
    }

    /// An export `import --replace` reads, and the chat messages it holds.
    struct Archive {
      let path: String
      let messages: Int
    }

    /// Two exports of 3 and of 5 chat messages (and nothing else of note), made by `pocket`.
    private func makeArchives(in folder: URL) throws -> [Archive] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let store = folder.appendingPathComponent("archives").path
      var archives: [Archive] = []
      for count in 1...5 {
        _ = try Child.run(pocket, ["--store-path", store, "--lang", "en", "say", "kept \(count)"])
        guard count == 3 || count == 5 else { continue }
        let path = folder.appendingPathComponent("archive-\(count).json").path
        _ = try Child.run(pocket, ["--store-path", store, "--lang", "en", "export", path])
        archives.append(Archive(path: path, messages: count))
      }
      return archives
    }

    private func arguments(_ store: BenchStore, _ directory: URL) -> [String] {
      ["--store", store.rawValue, "--store-path", directory.path, "--lang", "en"]
    }

    /// `pocket` with no command on a 100×30 pseudo-terminal, once it drew its first frame.
    private func viewer(_ store: BenchStore, _ directory: URL) throws -> PseudoTerminal {
      let pty = try LiveTerminal.open(pocket, arguments(store, directory), home: directory)
      try pty.read(untilScreen: { $0.lines.first?.contains("[") == true })
      return pty
    }

    /// Where the writer on the store in `directory` writes its standard error.
    private static func writerErrors(_ directory: URL) -> URL {
      directory.deletingLastPathComponent()
        .appendingPathComponent("\(directory.lastPathComponent)-writer-stderr")
    }

    /// Removes the store in `directory` and its writer's standard error.
    private func remove(_ directory: URL) {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: Self.writerErrors(directory))
    }

    /// `pocket --plain` reading commands from a pipe, once it printed its first screen.
    private func writer(_ store: BenchStore, _ directory: URL) throws -> PipedSession {
      let session = try PipedSession(
        executable: pocket, arguments: arguments(store, directory) + ["--plain"],
        environment: LiveTerminal.environment(home: directory),
        errorPath: Self.writerErrors(directory).path)
      let deadline = ContinuousClock.now + .seconds(20)
      while !session.printed("Commands:") {
        guard !session.isAtEnd, ContinuousClock.now < deadline else {
          session.close()
          throw BenchError.failed("the writing session did not start: \(session.errorText)")
        }
        session.read(waitingMilliseconds: 10)
      }
      return session
    }

    // MARK: Latency

    private func latency(_ store: BenchStore, archives: [Archive]) throws -> [BenchResult] {
      let directory = folder.appendingPathComponent("\(store.rawValue)-latency")
      defer { remove(directory) }
      let pty = try viewer(store, directory)
      defer { LiveTerminal.quit(pty) }
      let session = try writer(store, directory)
      defer { session.close() }
      let run = FollowRun(viewer: pty, writer: session, archives: archives)
      let perRound = max(sizes.followChanges / max(sizes.followRounds, 1), Kind.allCases.count)
      rounds: for _ in 0..<max(sizes.followRounds, 1) {
        for (index, kind) in Kind.allCases.enumerated() {
          let count =
            perRound * (index + 1) / Kind.allCases.count - perRound * index / Kind.allCases.count
          try run.show(kind)
          for _ in 0..<count {
            try run.change(kind)
            // A viewer that misses change after change would only cost a second each.
            if run.misses >= FollowRun.mostMisses { break rounds }
          }
        }
      }
      let all = Samples(run.latencies.values.flatMap { $0 })
      let goal = Duration.milliseconds(250)
      let goalMicroseconds = Samples.microseconds(goal)
      let slowest = run.latencies.max { Samples($0.value).p99 < Samples($1.value).p99 }
      var row = BenchResult(
        workload: "8 followed: latency", store: store.rawValue, rows: all.microseconds.count,
        samples: all, ratio: all.p99 / goalMicroseconds,
        goal: Goal(
          text: String(
            format: "p99 %.0f ms ≤ 250 ms (median %.1f ms; slowest: %@, p99 %.0f ms)%@",
            all.p99 / 1_000, all.median / 1_000, slowest?.key.rawValue ?? "-",
            (slowest.map { Samples($0.value).p99 } ?? 0) / 1_000, run.missesText),
          met: all.p99 <= goalMicroseconds && run.misses == 0))
      row.baseline = goalMicroseconds
      row.baselineName = "the goal, µs"
      // One row a kind, without a goal of its own: where the time goes.
      let kinds = Kind.allCases.compactMap { kind in
        run.latencies[kind].map {
          BenchResult(
            workload: "8 followed: \(kind.rawValue)", store: store.rawValue, rows: $0.count,
            samples: Samples($0))
        }
      }
      return [row] + kinds
    }

    // MARK: Idle and burst

    private func idleAndBurst(_ store: BenchStore) throws -> [BenchResult] {
      let directory = folder.appendingPathComponent("\(store.rawValue)-idle")
      defer { remove(directory) }
      let pty = try viewer(store, directory)
      defer { LiveTerminal.quit(pty) }
      pty.send("6")
      try pty.read(untilScreen: { $0.lines.first?.contains("[Chat]") == true })
      pty.read(for: .milliseconds(500))
      let pid = pty.processIdentifier
      let idleStart = try LiveViewGoal.cpuTicks(pid)
      let idleFrames = LiveViewGoal.frames(
        in: pty.read(for: .milliseconds(Int(sizes.followIdleSeconds * 1_000))))
      let idleTicks = try LiveViewGoal.cpuTicks(pid) - idleStart
      let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
      let share = Double(idleTicks) / hertz / sizes.followIdleSeconds
      var idle = BenchResult(
        workload: "8 followed idle (CPU)", store: store.rawValue, rows: nil, ratio: share,
        goal: Goal(
          text: String(
            format: "%.2f%% of a core (%d ticks of 1/%.0f s), %d frames in %.0f s ≈ 0%%",
            share * 100, idleTicks, hertz, idleFrames, sizes.followIdleSeconds),
          met: idleFrames == 0 && share < 0.005))
      idle.baseline = 0
      idle.baselineName = "no work while nothing changes"

      let session = try writer(store, directory)
      defer { session.close() }
      let burst = sizes.followBurst
      let lines = (1...burst).map { "say burst \($0)\n" }.joined()
      let clock = ContinuousClock()
      let mark = pty.output.count
      let start = clock.now
      try session.send(lines)
      session.closeInput()
      var writerEnded: ContinuousClock.Instant?
      let deadline = start + .seconds(300)
      while !pty.screen.contains("Messages: \(burst)") {
        session.read()
        if session.isAtEnd, writerEnded == nil { writerEnded = clock.now }
        guard clock.now < deadline else {
          throw BenchError.failed("the viewer did not show Messages: \(burst) within 300 s")
        }
        pty.read(for: .milliseconds(2))
      }
      let shown = clock.now
      let frames = LiveViewGoal.frames(in: pty.output[mark...])
      while !session.isAtEnd, clock.now < deadline { session.read(waitingMilliseconds: 10) }
      let ended = writerEnded ?? clock.now
      let status = try session.wait(timeout: .seconds(30))
      guard status == 0 else {
        throw BenchError.failed("the burst's writer exited with \(status): \(session.errorText)")
      }
      // Frames after the last is shown would be reloads of the burst too.
      let after = min(1, sizes.followIdleSeconds)
      let afterwards = LiveViewGoal.frames(in: pty.read(for: .milliseconds(Int(after * 1_000))))
      let took = Samples.microseconds(start.duration(to: ended)) / 1_000
      let lag = Samples.microseconds(ended.duration(to: shown)) / 1_000
      var row = BenchResult(
        workload: "8 followed burst (frames)", store: store.rawValue, rows: burst,
        ratio: Double(frames + afterwards) / 5,
        goal: Goal(
          text: String(
            format:
              "%d frames ≤ 5 (%d more in the next %.1f s); the burst took %.0f ms, "
              + "the last shown %.0f ms after the writer ended",
            frames, afterwards, after, took, lag),
          met: frames + afterwards <= 5))
      row.baseline = 5
      row.baselineName = "the goal, frames"
      return [idle, row]
    }
  }
#endif

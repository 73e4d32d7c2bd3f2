import Foundation
import TestSupport

#if os(Linux)
  /// The viewer and the writer of the latency run, what the store holds (to know what each
  /// change must show), and the latencies measured.
  final class FollowRun {
    typealias Kind = StoreFollowGoal.Kind

    /// One line for the writer: what its output says once the change is committed, and
    /// what the viewer's screen shows once it followed.
    struct Step {
      var line: String
      var confirmation: String
      var shows: (ScreenModel) -> Bool
    }

    let viewer: PseudoTerminal
    let writer: PipedSession
    let archives: [StoreFollowGoal.Archive]
    private(set) var latencies: [Kind: [Duration]] = [:]
    private let clock = ContinuousClock()
    private var generator = SeededGenerator(seed: 8)
    private var messages = 0
    private var isRunning = false
    private var laps = 0
    private var favourites = 0
    private var pinned: Set<String> = []
    private var toggles = 0
    private var bookmarked: Set<Int> = []
    private var entries = 0

    init(viewer: PseudoTerminal, writer: PipedSession, archives: [StoreFollowGoal.Archive]) {
      self.viewer = viewer
      self.writer = writer
      self.archives = archives
    }

    /// Switches the viewer to the screen that shows `kind` (its digit key) and the writer to
    /// the screen its command works on, then pauses.
    func show(_ kind: Kind) throws {
      viewer.send(kind.screen.key)
      _ = try shown("the \(kind.screen.tab) screen") {
        $0.lines.first?.contains("[\(kind.screen.tab)]") == true
      }
      if let screen = kind.writerScreen {
        _ = try write(
          Step(line: "\(screen)\nshow", confirmation: "[\(kind.screen.tab)]") { _ in true })
      }
      pause()
    }

    /// One timed change of `kind`, after the untimed ones it needs (a stopwatch started).
    func change(_ kind: Kind) throws {
      if kind == .lap || kind == .reset, !isRunning {
        isRunning = true
        try untimed(
          Step(line: "start", confirmation: "Stopwatch · running") {
            $0.contains("Stopwatch · running")
          })
      }
      let step = next(kind)
      let committed = try write(step)
      if let seen = seen(step.shows) {
        latencies[kind, default: []].append(committed.duration(to: seen))
      } else {
        latencies[kind, default: []].append(Self.longestWait)
        misses += 1
        missed.insert(kind.rawValue)
      }
      pause()
    }

    /// A change made for the next one to show (a stopwatch started): not timed, and not
    /// waited for longer than a timed one.
    private func untimed(_ step: Step) throws {
      _ = try write(step)
      _ = seen(step.shows)
      pause()
    }

    /// How long a change is waited for; one not shown by then counts as this long.
    static let longestWait = Duration.seconds(1)
    /// The changes not shown within `longestWait` after which the run stops.
    static let mostMisses = 10
    /// Changes not shown within `longestWait`, and their kinds.
    private(set) var misses = 0
    private var missed: Set<String> = []

    /// What the goal says of the changes not shown in time, if any.
    var missesText: String {
      guard misses > 0 else { return "" }
      let stopped = misses >= Self.mostMisses ? ", so the run stopped there" : ""
      return "; \(misses) not shown within 1 s (counted as 1 s: "
        + missed.sorted().joined(separator: ", ") + ")\(stopped)"
    }

    /// Reads the viewer until its screen `shows` (the instant it did), or `longestWait`.
    private func seen(_ shows: (ScreenModel) -> Bool) -> ContinuousClock.Instant? {
      do {
        try viewer.read(untilScreen: shows, timeout: Self.longestWait)
        return clock.now
      } catch {
        return nil
      }
    }

    /// The next change of `kind`, and what the store holds after it.
    private func next(_ kind: Kind) -> Step {
      switch kind {
      case .say:
        messages += 1
        return chat(line: "say note \(messages)", confirmation: "Messages: \(messages)\n")
      case .lap:
        laps += 1
        // The lap in progress is on top: after N laps it is lap N + 1.
        let top = "Lap \(laps + 1) "
        return Step(line: "lap", confirmation: top) { $0.contains(top) }
      case .fav:
        let code = ["KRW", "JPY", "EUR"][favourites % 3]
        favourites += 1
        let pins = pinned.insert(code).inserted
        if !pins { pinned.remove(code) }
        return Step(
          line: "fav \(code)", confirmation: pins ? "\(code) pinned to the top" : "\(code) unpinned"
        ) { $0.contains("★ \(code)") == pins }
      case .bookmark:
        let number = toggles % 3 + 1
        toggles += 1
        let marks = bookmarked.insert(number).inserted
        if !marks { bookmarked.remove(number) }
        return Step(
          line: "bookmark \(number)", confirmation: marks ? "Bookmarked: " : "Bookmark removed: "
        ) { screen in screen.lines.contains { $0.contains(" \(number) ★ ") } == marks }
      case .add:
        entries += 1
        let note = "entry \(entries)"
        let score = entries % 11
        return Step(line: "add \(score) \(note)", confirmation: "\(score)  \(note)\n") { screen in
          screen.lines.contains { $0.hasSuffix("  \(note)") }
        }
      case .importReplace:
        let archive = archives.first { $0.messages != messages } ?? archives[0]
        // The store becomes the archive: its messages, and no laps, pins or bookmarks.
        messages = archive.messages
        isRunning = false
        laps = 0
        pinned = []
        bookmarked = []
        return chat(line: "import --replace \(archive.path)", confirmation: "Imported ")
      case .reset:
        isRunning = false
        laps = 0
        return Step(line: "reset --yes", confirmation: "Stopwatch · ready") {
          $0.contains("Stopwatch · ready")
        }
      }
    }

    /// A change the chat shows as its count of messages.
    private func chat(line: String, confirmation: String) -> Step {
      let count = "Messages: \(messages)"
      return Step(line: line, confirmation: confirmation) { screen in
        screen.lines.contains { $0.trimmingCharacters(in: .whitespaces) == count }
      }
    }

    /// Sends the step's line to the writer and returns the instant its output confirmed it:
    /// the change is committed. The viewer is read meanwhile, so it never waits on a full
    /// terminal.
    private func write(_ step: Step) throws -> ContinuousClock.Instant {
      writer.clearOutput()
      try writer.send(step.line + "\n")
      let deadline = clock.now + .seconds(20)
      while true {
        writer.read(waitingMilliseconds: 5)
        if writer.printed(step.confirmation) { return clock.now }
        guard !writer.isAtEnd, clock.now < deadline else {
          throw BenchError.failed(
            "`\(step.line)`: the writer did not print \(step.confirmation.debugDescription): "
              + writer.errorText)
        }
        viewer.readAvailable()
      }
    }

    /// Reads the viewer until its screen `shows`, and returns that instant.
    private func shown(
      _ what: String, _ shows: (ScreenModel) -> Bool
    ) throws -> ContinuousClock.Instant {
      do {
        try viewer.read(untilScreen: shows, timeout: .seconds(10))
      } catch {
        throw BenchError.failed("the viewer did not show \(what) within 10 s: \(error)")
      }
      return clock.now
    }

    /// A person's pause between two changes, 150–300 ms (the change signal takes changes
    /// less than 100 ms apart for a burst): both sides are read meanwhile.
    private func pause() {
      let deadline = clock.now + .milliseconds(Int.random(in: 150...300, using: &generator))
      while clock.now < deadline {
        viewer.read(for: min(.milliseconds(20), clock.now.duration(to: deadline)))
        writer.read()
      }
    }
  }
#endif

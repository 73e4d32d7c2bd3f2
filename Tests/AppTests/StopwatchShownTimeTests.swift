import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import Synchronization
import TestSupport
import Testing

@testable import PocketApp

/// The stopwatch as a person reads it, on a clock the test moves: the time shown never runs
/// backwards, the lap in progress stays when stopped, and the marks agree with the rows.
@MainActor
@Suite("Stopwatch shown time")
struct StopwatchShownTimeTests {
  let clock = ManualClock()
  let size = TerminalSize(rows: 30, columns: 100)

  func session(_ language: Language, stopwatch: (any StopwatchRepository)? = nil) async
    -> Session
  {
    var repositories = InMemoryStore().repositories
    if let stopwatch { repositories.stopwatch = stopwatch }
    let strings = Strings(language: language, timeZone: .gmt)
    let session = Session(
      store: OpenedStore(
        kind: .memory, path: "memory", schemaVersion: 1, repositories: repositories),
      timeline: .manual(clock), strings: strings, rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: InMemoryArchiveFileRepository(),
      notices: SampleNotices.all, registry: .standard)
    #expect(await session.launch() == nil)
    return session
  }

  func live(_ session: Session, _ language: Language) -> LiveController {
    LiveController(
      session: session, renderer: Renderer(strings: Strings(language: language, timeZone: .gmt)),
      size: size)
  }

  func frame(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  /// The stopwatch's time on a frame: the first `MM:SS.cc` on the line below the title.
  func shownTime(_ lines: [String]) -> String? {
    guard let title = lines.firstIndex(where: { $0.contains("Stopwatch · ") }),
      title + 1 < lines.count
    else { return nil }
    return lines[title + 1].trimmingCharacters(in: .whitespaces)
  }

  /// The store writes the stop, then the test holds it there (as a busy disk or a lock held
  /// by another process would) while the ticker keeps redrawing and the clock moves on. The
  /// frames drawn during and after the stop show no time below the last one shown running.
  @Test func theTimeShownNeverRunsBackwardsWhenStopped() async throws {
    let gate = StopGate()
    let session = await session(
      .en, stopwatch: GatedStopwatch(inner: InMemoryStore().repositories.stopwatch, gate: gate))
    let live = live(session, .en)
    await live.handle(.character("2"))
    await live.handle(.character(" "))
    clock.advance(by: .milliseconds(640))
    live.tick()
    var shown = [try #require(shownTime(frame(live)))]
    #expect(shown == ["00:00.64"])
    gate.arm()
    // A stop that never reaches the store ends the wait too (and fails below), so the test
    // cannot hang waiting for it.
    let stopping = Task {
      await live.handle(.character(" "))
      gate.stopWaiting()
    }
    await gate.held()
    for _ in 0..<3 {
      clock.advance(by: .milliseconds(33))
      live.tick()
      shown.append(try #require(shownTime(frame(live))))
    }
    gate.release()
    await stopping.value
    shown.append(try #require(shownTime(frame(live))))
    #expect(frame(live).contains { $0.contains("Stopwatch · stopped") })
    clock.advance(by: .seconds(1))
    shown.append(try #require(shownTime(frame(live))))
    // Every later frame shows the time of the stop, the last time shown running.
    #expect(shown == Array(repeating: "00:00.64", count: shown.count), "\(shown)")
  }

  /// Stopped, the lap in progress keeps its row above the finished laps, its time frozen
  /// with the stopwatch, in line mode and the live view, in English and Korean; a reset
  /// takes it away.
  @Test(arguments: [Language.en, .ko])
  func theLapInProgressStaysWhenStopped(language: Language) async {
    let session = await session(language)
    let strings = Strings(language: language, timeZone: .gmt)
    let renderer = Renderer(strings: strings)
    _ = await session.execute(.stopwatch)
    _ = await session.execute(.start)
    clock.advance(by: .milliseconds(3_210))
    _ = await session.execute(.lap)
    clock.advance(by: .milliseconds(1_500))
    _ = await session.execute(.stop)
    clock.advance(by: .seconds(5))
    // Lap 2 ran from 3.21 to 4.71 when the stopwatch stopped.
    let inProgress = "\(strings.lap(2))  00:01.50  00:04.71"
    let finished = "\(strings.lap(1))  00:03.21  00:03.21"
    let line = renderer.render(session.content).split(separator: "\n").map(String.init)
    #expect(line.contains(inProgress), "\(line)")
    #expect(line.contains(finished), "\(line)")
    let live = live(session, language)
    await live.handle(.character("2"))
    let rows = frame(live).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(rows.contains(inProgress), "\(rows)")
    #expect(rows.firstIndex(of: inProgress) ?? .max < rows.firstIndex(of: finished) ?? -1)
    _ = await session.execute(.reset(confirmed: true))
    let afterReset = renderer.render(session.content)
    #expect(!afterReset.contains(strings.lap(1)) && !afterReset.contains(strings.lap(2)))
  }

  /// Lap 2 takes 8 ms and reads 00:00.01; lap 4 takes 9 ms and reads 00:00.00: the fastest
  /// mark goes to the lap that reads shortest, and the line of extremes names the same lap
  /// and time as its row. Likewise the slowest: lap 6 (1.009 s) reads 1.00, lap 7 (1.001 s)
  /// reads 1.01. One lap carries each mark; of laps that read the same, the earliest.
  @Test(arguments: [Language.en, .ko])
  func theMarksAgreeWithTheShownTimes(language: Language) async {
    let session = await session(language)
    let strings = Strings(language: language, timeZone: .gmt)
    _ = await session.execute(.stopwatch)
    _ = await session.execute(.start)
    for milliseconds in [994, 8, 998, 9, 991, 1_009, 1_001] {
      clock.advance(by: .milliseconds(Int64(milliseconds)))
      _ = await session.execute(.lap)
    }
    _ = await session.execute(.stop)
    let lines = Renderer(strings: strings).render(session.content).split(separator: "\n")
      .map(String.init)
    // The shown lap times of the finished laps, read off their rows.
    var times: [Int: String] = [:]
    for number in 1...7 {
      let row = lines.first { $0.hasPrefix(strings.lap(number) + "  ") }
      times[number] = row?.split(separator: " ", omittingEmptySubsequences: true)
        .dropFirst(2).first.map(String.init)
    }
    let fastestRow = lines.filter { $0.hasSuffix(strings.fastest) }
    let slowestRow = lines.filter { $0.hasSuffix(strings.slowest) }
    #expect(fastestRow.count == 1 && fastestRow.first?.hasPrefix(strings.lap(4) + "  ") == true)
    #expect(slowestRow.count == 1 && slowestRow.first?.hasPrefix(strings.lap(7) + "  ") == true)
    #expect(times[4] == "00:00.00" && times[2] == "00:00.01")
    #expect(times[7] == "00:01.01" && times[6] == "00:01.00")
    let extremes = lines.first { $0.contains(" · ") && $0.contains(strings.lap(4) + " ") }
    #expect(extremes?.contains("\(strings.lap(4)) 00:00.00") == true, "\(lines)")
    #expect(extremes?.contains("\(strings.lap(7)) 00:01.01") == true, "\(lines)")
  }
}

/// Lets a test hold one stopwatch write after it is stored and before it returns.
final class StopGate: Sendable {
  private let armed = Mutex(false)
  private let heldSignal = AsyncStream<Void>.makeStream()
  private let releaseSignal = AsyncStream<Void>.makeStream()

  func arm() { armed.withLock { $0 = true } }

  /// Called by the store after a write: holds it when armed (once).
  func pass() async {
    guard
      armed.withLock({ was in
        defer { was = false }; return was
      })
    else { return }
    heldSignal.continuation.yield()
    for await _ in releaseSignal.stream { break }
  }

  /// Returns once a write is held, or once `stopWaiting()` is called.
  func held() async { for await _ in heldSignal.stream { break } }

  /// Ends a wait in `held()` for a write that will not come.
  func stopWaiting() { heldSignal.continuation.yield() }

  func release() { releaseSignal.continuation.yield() }
}

/// A stopwatch store whose writes a `StopGate` can hold after they are stored.
struct GatedStopwatch: StopwatchRepository {
  let inner: any StopwatchRepository
  let gate: StopGate

  func load() async throws -> Stopwatch { try await inner.load() }
  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    try await inner.laps(offset: offset, limit: limit)
  }
  func lapSummary() async throws -> LapSummary { try await inner.lapSummary() }
  func reset(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await inner.reset(ifAtMost: limit)
  }
  func update<Result: Sendable>(
    _ decide:
      @Sendable (_ stopwatch: Stopwatch, _ newestLap: Lap?) throws -> (
        change: StopwatchChange?, result: Result
      )
  ) async throws -> Result {
    let result = try await inner.update(decide)
    await gate.pass()
    return result
  }
}

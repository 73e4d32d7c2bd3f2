import Foundation
import Observation
import PocketDomain

/// The stopwatch screen: start / stop / lap / reset, laps newest first with the fastest
/// and slowest marked.
@MainActor @Observable
public final class StopwatchViewModel: ObservedViewModel, OrderedReads, Paged, ReloadsByLoading {
  /// Whether the stopwatch runs, is stopped with time on it, or is reset.
  public enum Status: Equatable, Sendable {
    case reset, running, stopped
  }

  /// A lap marked as the fastest or the slowest.
  public enum LapMark: Equatable, Sendable {
    case fastest, slowest
  }

  /// One row of the laps: a lap, its mark, and whether it is the lap in progress.
  public struct LapRow: Equatable, Sendable {
    public var lap: Lap
    public var mark: LapMark?
    /// The lap in progress, not yet recorded: from the newest finished lap to the
    /// stopwatch's time, running or stopped.
    public var inProgress: Bool
    /// The lap in progress while the stopwatch runs: its time is still counting.
    public var isRunning: Bool

    public init(lap: Lap, mark: LapMark? = nil, isRunning: Bool = false, inProgress: Bool? = nil) {
      self.lap = lap
      self.mark = mark
      self.isRunning = isRunning
      self.inProgress = inProgress ?? isRunning
    }
  }

  /// What the stopwatch shows: its status and time, the page of laps, and a message.
  public struct State: MessageShowing, Equatable, Sendable {
    public var status: Status = .reset
    public var elapsed: Duration = .zero
    /// The newest laps, newest first.
    public var laps: [LapRow] = []
    /// Every lap stored, shown or not.
    public var lapCount = 0
    /// The page of laps shown (from 1, the newest) and how many there are.
    public var pageNumber = 1
    public var pageCount = 1
    /// The fastest and slowest of all laps, on whatever page: marked once two or more laps
    /// exist and they differ.
    public var fastest: Lap?
    public var slowest: Lap?
    public var message: Message?

    public init(
      status: Status = .reset, elapsed: Duration = .zero, laps: [LapRow] = [], lapCount: Int = 0,
      pageNumber: Int = 1, pageCount: Int = 1, fastest: Lap? = nil, slowest: Lap? = nil,
      message: Message? = nil
    ) {
      self.status = status
      self.elapsed = elapsed
      self.laps = laps
      self.lapCount = lapCount
      self.pageNumber = pageNumber
      self.pageCount = pageCount
      self.fastest = fastest
      self.slowest = slowest
      self.message = message
    }

    /// The rows a screen shows: `laps`, and on the first page (where the newest laps are)
    /// the lap in progress above them, from the newest finished lap to the time shown. As
    /// Apple's Clock does, that row stays while the stopwatch is stopped (its time frozen
    /// with the stopwatch's) and goes only with a reset.
    public var rows: [LapRow] {
      guard status != .reset, pageNumber == 1 else { return laps }
      let finished = laps.first?.lap.total ?? .zero
      let current = Lap(
        number: lapCount + 1, lapTime: max(.zero, elapsed - finished), total: elapsed)
      return [LapRow(lap: current, isRunning: status == .running, inProgress: true)] + laps
    }
  }

  /// The state `state` reads (`message`, `elapsed`, `laps` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.elapsed), .at(\.laps)])
  private var stopwatch = Stopwatch()
  /// The newest lap's total: the least time shown.
  private var lastLapTotal = Duration.zero
  /// The summary of all laps read last, and whether the read now only moves the window of
  /// laps shown (`showOlder`, `showNewer`, `showWindow`), which keeps it.
  @ObservationIgnored private var summary: LapSummary?
  @ObservationIgnored fileprivate var movingWindow = false
  private let timeline: Timeline
  var paging: ListPaging
  private let loadStopwatch: LoadStopwatch
  private let startStopwatch: StartStopwatch
  private let stopStopwatch: StopStopwatch
  private let saveLap: SaveLap
  private let stopwatchRepository: any StopwatchRepository

  public init(stopwatch: any StopwatchRepository, timeline: Timeline, pageSize: Int = 20) {
    self.timeline = timeline
    paging = ListPaging(size: pageSize)
    loadStopwatch = LoadStopwatch(stopwatch: stopwatch)
    startStopwatch = StartStopwatch(stopwatch: stopwatch, timeline: timeline)
    stopStopwatch = StopStopwatch(stopwatch: stopwatch, timeline: timeline)
    saveLap = SaveLap(stopwatch: stopwatch, timeline: timeline)
    stopwatchRepository = stopwatch
  }

  nonisolated public static let records: RecordKinds = .stopwatch
  @ObservationIgnored var reads = ReadOrder()

  var pagedTotal: Int { state.lapCount }

  /// Reads the stored stopwatch and laps.
  public func load() async {
    state.message = nil
    let known = movingWindow ? summary : nil
    let read = await newest {
      try await paging.readNewestFirst(total: \.laps.total) {
        try await loadStopwatch(lapOffset: $0, lapLimit: $1, summary: known)
      }
    }
    guard let (record, moved) = read else { return }
    paging = moved
    summary = record.summary
    stopwatch = record.stopwatch
    lastLapTotal = record.lastLapTotal
    let marks = Self.marks(record.summary)
    state.laps = record.laps.items.map { LapRow(lap: $0, mark: marks[$0.number]) }
    state.lapCount = record.laps.total
    state.pageNumber = paging.number
    state.pageCount = paging.pageCount(total: record.laps.total)
    let marked = !marks.isEmpty
    state.fastest = marked ? record.summary.fastest : nil
    state.slowest = marked ? record.summary.slowest : nil
    tick()
  }

  /// Recomputes the shown time from the clock: an intent, for a view that shows the time
  /// running (a timer calls it, and observers of `state` redraw).
  public func tick() {
    state = stateNow
  }

  /// `state` with the time and status read off the clock now, without changing anything:
  /// what a screen shows when it draws. Reading it is pure, so drawing it inside
  /// `withObservationTracking` observes `state` and never marks it changed.
  public var stateNow: State {
    var now = state
    now.elapsed = stopwatch.elapsed(at: timeline.moment(), atLeast: lastLapTotal)
    now.status =
      stopwatch.isRunning
      ? .running : (stopwatch.isReset && state.lapCount == 0 ? .reset : .stopped)
    return now
  }

  public func startTapped() async {
    await run { _ = try await self.startStopwatch() }
  }

  /// Stops the stopwatch at the moment of the tap. The clock is read before anything waits
  /// and the time shown freezes there at once: a redraw while the store is still writing
  /// can never show a later time than the one the stop records, so the time never runs
  /// backwards when the stop lands. If the stop fails, what the store holds shows again.
  public func stopTapped() async {
    let moment = timeline.moment()
    let running = stopwatch
    // The time shown freezes now: a read still on its way (running) is older than that.
    supersedeReads()
    if running.isRunning {
      stopwatch = Stopwatch(accumulated: running.elapsed(at: moment, atLeast: lastLapTotal))
      tick()
    }
    state.message = nil
    guard await attempt({ _ = try await self.stopStopwatch(at: moment) }) != nil else {
      // What the store holds shows again (running, or stopped elsewhere), with the refusal.
      stopwatch = running
      let refusal = state.message
      await load()
      if state.message == nil { state.message = refusal }
      return
    }
    paging.number = 1
    await load()
  }

  public func lapTapped() async {
    await run { _ = try await self.saveLap() }
  }

  /// Stops the stopwatch and deletes its time and laps. Unless `confirmed`, more than one
  /// lap is not deleted: the message asks (`.confirmReset`, a refusal naming how many). The
  /// store counts them in the same step as it deletes, so laps another process saves
  /// meanwhile are never deleted unasked.
  public func resetTapped(confirmed: Bool = false) async {
    state.message = nil
    let limit = confirmed ? Int.max : 1
    guard let outcome = await attempt({ try await self.stopwatchRepository.reset(ifAtMost: limit) })
    else { return }
    if case .refused(let count) = outcome {
      await load()
      if state.message == nil { state.message = .confirmReset(laps: count) }
      return
    }
    paging.number = 1
    await load()
  }

  /// Runs an intent; on success the first page (the newest laps) shows.
  private func run(_ intent: () async throws -> Void) async {
    state.message = nil
    guard await attempt(intent) != nil else { return }
    paging.number = 1
    await load()
  }

  /// Lap numbers to mark: once two or more laps exist and the fastest and slowest differ as
  /// shown. The store picks them by the time shown, the earliest lap winning a tie, so the
  /// marks agree with the rows: one fastest and one slowest, as Apple's Clock marks them.
  private static func marks(_ summary: LapSummary) -> [Int: LapMark] {
    guard summary.count >= 2, let fastest = summary.fastest, let slowest = summary.slowest,
      fastest.shownCentiseconds != slowest.shownCentiseconds
    else { return [:] }
    return [fastest.number: .fastest, slowest.number: .slowest]
  }
}

extension StopwatchViewModel {
  // A list that scrolls moves the window of laps it shows: the fastest and the slowest of
  // all, read with the last laps, stay what they were (`LoadStopwatch`'s `summary`).
  func loadMovedWindow() async {
    movingWindow = true
    defer { movingWindow = false }
    await load()
  }
}

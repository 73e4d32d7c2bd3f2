import Dispatch
import Foundation
import PocketDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a file store watches its folder.
public enum WatchChoice: Sendable {
  /// File events where the file system gives them, else polling (a network file system).
  case automatic
  /// Polling, 4 times a second, wherever the store is (`POCKET_WATCH=poll`).
  case polling
}

/// Follows a file store's folder and tells its subscribers what other processes changed
/// (`StoreObservation`), for the sqlite and json stores.
///
/// Only while someone subscribes: the first subscriber starts the watch, the last one's
/// going stops it. A file event (inotify on Linux, kqueue on Darwin) on one of the store's
/// files runs `check`, which asks the store whether another writer committed (SQLite's
/// `data_version`, the json files' stamps) and what; the process's own writes move files
/// too, and `check` finds nothing for them. Events that come while a check runs make one
/// more check after it, so a burst of writes costs a check at a time, never a queue of
/// them. Nothing runs while nothing changes: the watch waits in the kernel.
///
/// Where no file event can be had (a network file system, where another machine's writes
/// make none; no inotify watch left), `check` runs 4 times a second instead, and `watch`
/// says so. The store is gone (`StoreEvent.gone`) when its folder, or a file named
/// `vital`, is deleted or moved away.
final class StoreFileWatch: StoreObservation {
  /// How often a store that cannot be watched is checked.
  static let pollInterval = Duration.milliseconds(250)

  /// How the store is watched: what its folder allows (looked up once, when first asked:
  /// a one-shot command never asks), or polling once no file watch could be made there.
  var watch: StoreWatch {
    state.withLock { state in
      if let watch = state.watch { return watch }
      let watch = Self.watch(of: folder, choice)
      state.watch = watch
      return watch
    }
  }
  let folder: String
  private let choice: WatchChoice
  /// The files whose changes are the store's.
  let names: Set<String>
  /// The files there as long as the store is.
  let vital: Set<String>
  /// The files whose going ends the store (`vital` among them).
  let ending: Set<String>
  private let check: @Sendable () async -> StoreEvent?
  private let letGo: @Sendable () async -> Void
  private let signal: StoreChangeSignal
  let queue = DispatchQueue(label: "pocket.store-watch")
  private let state: Mutex<State>

  private struct State {
    var watch: StoreWatch?
    var source: WatchSource?
    var isChecking = false
    var checkAgain = false
    /// When the first file event (or tick of polling) no check has begun since came, and
    /// the latest: what a check finds, it sends as seen then, not when the check, which
    /// may wait its turn, ends.
    var firstUnchecked: StoreChangeSignal.Moment?
    var lastTouched: StoreChangeSignal.Moment?
    /// The wait before a check is repeated, which a file event cuts short.
    var nap: Task<Void, Never>?
    var isGone = false
    /// When the latest checks began (at most `burst`).
    var recentChecks: [ContinuousClock.Instant] = []
    /// The folder and vital files as the watch began: polling compares them.
    var identities: [String: FileIdentity] = [:]
    /// The `ending` files there at the last look: polling sees one go.
    var present: Set<String> = []
  }

  /// - Parameters:
  ///   - folder: the store's folder.
  ///   - names: the store's files in it.
  ///   - vital: those there as long as the store is (the sqlite file): their deletion or
  ///     move, or another file in their place, ends the store.
  ///   - ending: those a new store may not have yet (the json snapshot), whose deletion or
  ///     move away ends it (`rm -rf` deletes the files before the folder: a check between
  ///     would read the rest as a damaged store).
  ///   - choice: `.polling` to poll wherever the store is.
  ///   - signal: what tells the subscribers (a test gives one on a test clock).
  ///   - letGo: what the store does before its subscribers hear it is gone (the sqlite
  ///     store empties its log into its own file, so that none is left for a file put in
  ///     its place).
  ///   - check: what another writer changed since the last check; `nil` for nothing, or
  ///     the store gone (its file replaced).
  init(
    folder: String, names: Set<String>, vital: Set<String>, ending: Set<String> = [],
    choice: WatchChoice, signal: StoreChangeSignal = StoreChangeSignal(),
    letGo: @escaping @Sendable () async -> Void = {},
    check: @escaping @Sendable () async -> StoreEvent?
  ) {
    self.letGo = letGo
    self.signal = signal
    self.folder = folder
    self.names = names
    self.vital = vital
    self.ending = vital.union(ending)
    self.check = check
    self.choice = choice
    state = Mutex(State())
    signal.onDemand { [weak self] wanted in
      guard let self else { return }
      if wanted { start() } else { stop() }
    }
  }

  func subscribe() -> StoreChanges { signal.subscribe() }

  /// How `folder` can be watched.
  static func watch(of folder: String, _ choice: WatchChoice) -> StoreWatch {
    if case .polling = choice {
      return .polling(interval: pollInterval, reason: "POCKET_WATCH=poll")
    }
    if let type = MountTable.networkFileSystem(holding: folder) {
      return .polling(interval: pollInterval, reason: "a network file system (\(type))")
    }
    return .fileEvents
  }

  // MARK: Starting and stopping

  private func start() {
    // The store was opened, so its folder and vital files were there: one that is missing
    // now went before the watch began, and no event or comparison would ever tell.
    var identities: [String: FileIdentity] = [:]
    for name in [""] + vital {
      guard let identity = FileIdentity(path: path(name)) else {
        return gone(name)
      }
      identities[name] = identity
    }
    let present = ending.filter { FileIdentity(path: path($0)) != nil }
    state.withLock {
      $0.identities = identities
      $0.present = present
    }
    if case .fileEvents = watch {
      switch fileEventSource() {
      case .success(let source):
        state.withLock { $0.source = WatchSource(source) }
        source.resume()
        return
      case .failure(let reason):
        state.withLock {
          $0.watch = .polling(interval: Self.pollInterval, reason: "no file watch: \(reason)")
        }
      }
    }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let interval = DispatchTimeInterval.milliseconds(Int(Self.pollInterval / .milliseconds(1)))
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler { [weak self] in self?.poll() }
    state.withLock { $0.source = WatchSource(timer) }
    timer.resume()
  }

  private func stop() {
    let source = state.withLock { state in
      defer { state.source = nil }
      return state.source
    }
    source?.source.cancel()
  }

  func path(_ name: String) -> String {
    name.isEmpty ? folder : PathText.appending(name, to: folder)
  }

  // MARK: What was seen

  /// A store file changed (`settling`: a file event, after which the check is repeated),
  /// or a tick of polling came: check what, once at a time.
  func touched(settling: Bool = true) {
    let now = signal.now()
    let starts = state.withLock { state -> Bool in
      guard !state.isGone else { return false }
      state.firstUnchecked = state.firstUnchecked ?? now
      state.lastTouched = now
      if state.isChecking {
        state.checkAgain = true
        // A check waiting to be repeated is made now.
        state.nap?.cancel()
        return false
      }
      state.isChecking = true
      return true
    }
    guard starts else { return }
    Task { [weak self] in await self?.runChecks(settling: settling) }
  }

  /// Checks at once, then, after file events (`settling`), again after each of
  /// `settleDelays` (a commit's file event can come before the commit is complete: SQLite
  /// writes its log's frames, then marks them committed in the memory-mapped index, which
  /// makes no event); a file event meanwhile starts over. A tick of polling checks once:
  /// the next tick sees what it missed, so a polled store is checked 4 times a second.
  private func runChecks(settling: Bool) async {
    let settleDelays = settling ? Self.settleDelays : []
    var delays = settleDelays[...]
    while true {
      let seen = state.withLock { state -> ClosedRange<StoreChangeSignal.Moment>? in
        defer { state.firstUnchecked = nil }
        guard let last = state.lastTouched else { return nil }
        return (state.firstUnchecked ?? last)...last
      }
      await waitForTurn()
      state.withLock { state in
        state.recentChecks.append(.now)
        if state.recentChecks.count > Self.burst { state.recentChecks.removeFirst() }
      }
      let event = await check()
      if case .gone(let error) = event { return gone(error) }
      // What the check read may be a store half deleted (`rm -rf` takes the files one by
      // one): that is the store gone, not a change. A vital file replaced (a rename over
      // it) may move nothing the check reads.
      if let went = wentAway() { return gone(went) }
      if let event { signal.send(event, seen: seen) }
      let touchedAgain = state.withLock { state in
        defer { state.checkAgain = false }
        return state.checkAgain && !state.isGone
      }
      if touchedAgain {
        delays = settleDelays[...]
        continue
      }
      if let delay = delays.popFirst() {
        let nap = Task { _ = try? await Task.sleep(for: delay) }
        let isDue = state.withLock { state in
          state.nap = nap
          return state.checkAgain
        }
        if isDue { nap.cancel() }
        await nap.value
        state.withLock { $0.nap = nil }
        continue
      }
      let finished = state.withLock { state in
        if state.checkAgain, !state.isGone { return false }
        state.isChecking = false
        return true
      }
      if finished { return }
    }
  }

  /// Checks come at most `burst` in any `window`, whatever they find: another process's
  /// storm of commits (thousands a second), or this process's own, costs some 60 checks a
  /// second, each seeing every commit before it, while a change alone is checked at once
  /// (and its first settling checks too: they come within the window). The window is within
  /// `StoreChanges.quiet`, so the changes of a storm still read as one burst, which the
  /// subscribers' pacing makes a handful of reloads.
  static let burst = 3
  static let window = StoreChanges.quiet / 2

  /// Waits, when `burst` checks began within the last `window`, until the oldest of them is
  /// `window` old; file events meanwhile do not cut the wait short.
  private func waitForTurn() async {
    let wait = state.withLock { state -> Duration? in
      guard state.recentChecks.count >= Self.burst, let oldest = state.recentChecks.first
      else { return nil }
      let since = oldest.duration(to: .now)
      return since < Self.window ? Self.window - since : nil
    }
    if let wait { try? await Task.sleep(for: wait) }
  }

  /// When a check after file events is repeated.
  static let settleDelays: [Duration] = [
    .milliseconds(2), .milliseconds(10), .milliseconds(50), .milliseconds(250), .seconds(1),
  ]

  /// The folder, or a vital file (`name`), was deleted or moved away, or another file put
  /// in a vital file's place: the store is gone. (`rm -rf` deletes the files before their
  /// folder: either says the same.)
  func gone(_ name: String = "") {
    let path = path(name)
    let replaced = vital.contains(name) && FileIdentity(path: path) != nil
    gone(.storageUnavailable(path: path, reason: Self.goneReason(replaced: replaced)))
  }

  /// The store is gone, for the reason `error` gives: once the store has let go of its
  /// files (`letGo`), the subscribers are told, or after `letGoPatience` if it has not by
  /// then: letting go runs on the store's own thread, which may be waiting (another
  /// program's lock, a slow disk), and a screen must hear that its store is gone whatever
  /// the store's thread is doing. Whichever comes first tells them, once.
  private func gone(_ error: DomainError) {
    let first = state.withLock { state in
      defer { state.isGone = true }
      return !state.isGone
    }
    guard first else { return }
    stop()
    let told = Once()
    let tell: @Sendable () -> Void = { [signal] in
      if told.claim() { signal.send(.gone(error)) }
    }
    let patience = Task {
      guard (try? await Task.sleep(for: Self.letGoPatience)) != nil else { return }
      tell()
    }
    Task { [letGo] in
      await letGo()
      // Ends the wait at once: nothing outlives letting go (a program that exits right
      // after would hold a sleeping task and what it captured).
      patience.cancel()
      tell()
    }
  }

  /// How long the subscribers of a store that is gone wait for it to let go of its files.
  static let letGoPatience = Duration.seconds(1)

  /// True for the first caller of `claim` only.
  private final class Once: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
      claimed.withLock { claimed in
        defer { claimed = true }
        return !claimed
      }
    }
  }

  /// Why a store is gone: its file `replaced` by another one, else deleted or moved away.
  static func goneReason(replaced: Bool) -> StoreProblem {
    StoreProblem(.gone(replaced: replaced))
  }

  /// A tick of polling: the store is gone when the folder or a vital file is not the one
  /// the watch began with, or an `ending` file went since the last tick; else a check.
  private func poll() {
    if let went = wentAway() { return gone(went) }
    touched(settling: false)
  }

  /// The folder (`""`) or the file that is not there as the watch last saw it; `nil` while
  /// everything is.
  private func wentAway() -> String? {
    let (identities, present) = state.withLock { ($0.identities, $0.present) }
    for (name, identity) in identities where FileIdentity(path: path(name)) != identity {
      return name
    }
    let now = ending.filter { FileIdentity(path: path($0)) != nil }
    if let went = present.subtracting(now).first { return went }
    state.withLock { $0.present = now }
    return nil
  }
}

/// A dispatch source, which may be cancelled from any thread.
struct WatchSource: @unchecked Sendable {
  let source: any DispatchSourceProtocol

  init(_ source: any DispatchSourceProtocol) { self.source = source }
}

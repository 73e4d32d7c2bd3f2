import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that can happen to the live view.
package enum TerminalEvent: Equatable, Sendable {
  /// The keys of one read; the receiver calls `TerminalEvents.didHandleKeys()` once it has
  /// handled them, so reading goes on.
  case keys([Key])
  case resized(TerminalSize)
  /// SIGTERM, SIGHUP or SIGINT from outside (the signal's number).
  case terminate(Int32)
  /// SIGCONT after a suspend: re-enter and redraw.
  case resumed
  /// SIGTSTP from outside (`kill -TSTP`): suspend as Ctrl-Z does.
  case suspend
  /// Reading the input returned 0 or failed: the terminal went away.
  case endOfInput
  /// The terminal answered how wide it draws an East Asian Ambiguous character (true: two
  /// columns), or did not answer in time (nil); see `TerminalEvents.measureAmbiguousWidth()`.
  case measured(ambiguousIsWide: Bool?)
}

/// The live view's events, delivered on the main actor without polling: input bytes through
/// a DispatchSource read source on the input descriptor (decoded by `KeyDecoder`, with a
/// one-shot timer only while a lone ESC is pending), signals through DispatchSource signal
/// sources. While it runs, the dispositions of SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGCONT and
/// SIGTSTP are set to "ignore" (so only the sources see them); `stop()` restores them.
/// SIGTSTP is left alone when it was already ignored (a shell without job control: there is
/// no `fg` to come back with). At idle — no key, no signal — nothing runs.
///
/// Input is read only as fast as the keys are handled: once `maxQueuedReads` reads wait
/// unhandled (the view calls `didHandleKeys()` after each `.keys`), reading pauses until the
/// view catches up, so keys pressed or pasted faster than they are handled wait in the
/// terminal, not in memory. The end — the terminal hung up (EOF or EIO, POLLHUP) or SIGTERM,
/// SIGHUP or SIGINT — is seen at once however many keys wait: the signals are caught off
/// the main actor, and `hasEnded()`, which the view asks between keys, also looks at the
/// terminal every few milliseconds.
@MainActor package final class TerminalEvents {
  /// How long a lone ESC waits for the rest of a sequence before it counts as Esc.
  package static let escapeDelay: DispatchTimeInterval = .milliseconds(30)
  package static let signals: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGCONT, SIGTSTP]
  /// The signals that end the view.
  static let endingSignals: Set<Int32> = [SIGTERM, SIGHUP, SIGINT]
  /// How many reads may wait unhandled before reading pauses.
  package static let maxQueuedReads = 16
  /// The most bytes one read takes.
  static let readSize = 4096
  /// How long the terminal has to answer `measureAmbiguousWidth()`'s question.
  package static let cursorReportTimeout: DispatchTimeInterval = .milliseconds(200)
  /// How often, at most, `hasEnded()` looks at the terminal while keys are handled.
  static let hangUpCheckInterval = Duration.milliseconds(10)

  /// Whether SIGTSTP is listened to: it was not ignored when `start()` ran, so a suspend
  /// must stop the process although SIGTSTP is ignored while the events run.
  package private(set) var listensToSuspend = false

  private let device: TerminalDevice
  private let signals: [Int32]
  private var decoder = KeyDecoder()
  private var readSource: (any DispatchSourceRead)?
  private var signalSources: [any DispatchSourceSignal] = []
  private var savedActions: [(Int32, sigaction)] = []
  private var escapeTimer: DispatchWorkItem?
  /// While the terminal is asked for its cursor position: the bytes read meanwhile (keys
  /// typed before the answer), decoded once the answer is taken out or the time is up.
  private var awaitingReport: [UInt8]?
  private var reportTimer: DispatchWorkItem?
  private var continuation: AsyncStream<TerminalEvent>.Continuation?
  /// Set once the terminal hung up or an ending signal came, from any thread.
  private let ended = EndFlag()
  private let signalQueue = DispatchQueue(label: "pocket.terminal-signals")
  /// Reads whose keys are yielded and not handled yet.
  private var queuedReads = 0
  private var isReadingPaused = false
  private var nextHangUpCheck = ContinuousClock.now

  /// `signals` (all of `TerminalEvents.signals` unless a test narrows them) are the ones
  /// listened to and whose dispositions are replaced while it runs.
  package init(device: TerminalDevice, signals: [Int32] = TerminalEvents.signals) {
    self.device = device
    self.signals = signals
  }

  /// Starts listening; the stream ends after `stop()` (or at the end of input).
  package func start() -> AsyncStream<TerminalEvent> {
    stop()
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    self.continuation = continuation
    decoder = KeyDecoder()
    awaitingReport = nil
    ended.reset()
    queuedReads = 0
    isReadingPaused = false

    listensToSuspend = false
    for signalNumber in signals {
      if signalNumber == SIGTSTP {
        var current = sigaction()
        sigaction(SIGTSTP, nil, &current)
        if TerminalDevice.isIgnored(current) { continue }
        listensToSuspend = true
      }
      var ignore = sigaction()
      var previous = sigaction()
      Self.setIgnore(&ignore)
      sigaction(signalNumber, &ignore, &previous)
      savedActions.append((signalNumber, previous))
      let source: any DispatchSourceSignal
      if Self.endingSignals.contains(signalNumber) {
        // Off the main actor, so the end is known while the main actor handles keys.
        source = DispatchSource.makeSignalSource(signal: signalNumber, queue: signalQueue)
        source.setEventHandler(handler: Self.ending(signalNumber, flag: ended, events: self))
      } else {
        source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
        source.setEventHandler { [weak self] in
          MainActor.assumeIsolated { self?.handle(signal: signalNumber) }
        }
      }
      source.resume()
      signalSources.append(source)
    }

    let source = DispatchSource.makeReadSource(fileDescriptor: device.input, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readInput() }
    }
    source.resume()
    readSource = source
    return stream
  }

  /// Stops listening, restores the signal dispositions and ends the stream (idempotent).
  package func stop() {
    escapeTimer?.cancel()
    escapeTimer = nil
    reportTimer?.cancel()
    reportTimer = nil
    awaitingReport = nil
    // A suspended source must be resumed to be cancelled and released.
    if isReadingPaused { readSource?.resume() }
    isReadingPaused = false
    readSource?.cancel()
    readSource = nil
    for source in signalSources { source.cancel() }
    signalSources = []
    for (signalNumber, action) in savedActions {
      var action = action
      sigaction(signalNumber, &action, nil)
    }
    savedActions = []
    continuation?.finish()
    continuation = nil
  }

  /// The handler of an ending signal, run off the main actor: it sets `flag` at once, and
  /// has the main actor say so in the stream.
  private nonisolated static func ending(
    _ signalNumber: Int32, flag: EndFlag, events: TerminalEvents
  ) -> @Sendable () -> Void {
    { [weak events] in
      flag.set(signalNumber)
      DispatchQueue.main.async {
        MainActor.assumeIsolated { events?.handle(signal: signalNumber) }
      }
    }
  }

  private func handle(signal signalNumber: Int32) {
    switch signalNumber {
    case SIGWINCH: continuation?.yield(.resized(device.size))
    case SIGCONT: continuation?.yield(.resumed)
    case SIGTSTP: continuation?.yield(.suspend)
    default: continuation?.yield(.terminate(signalNumber))
    }
  }

  /// Whether the view should end now: the terminal hung up or an ending signal came, even
  /// while the events saying so wait behind keys. Cheap enough to ask before every key: it
  /// looks at the terminal (poll(2), no wait) at most every `hangUpCheckInterval`.
  package func hasEnded() -> Bool {
    if ended.isSet { return true }
    let now = ContinuousClock.now
    guard now >= nextHangUpCheck else { return false }
    nextHangUpCheck = now + Self.hangUpCheckInterval
    var ready = pollfd(fd: device.input, events: 0, revents: 0)
    if poll(&ready, 1, 0) > 0, Int32(ready.revents) & (POLLHUP | POLLERR | POLLNVAL) != 0 {
      ended.set(SIGHUP)
    }
    return ended.isSet
  }

  /// Asks the terminal how wide it draws an East Asian Ambiguous character: writes
  /// `CursorReport.query` and yields `.measured` with the answer, or with nil when none comes
  /// within `cursorReportTimeout`. Keys typed meanwhile are held, and yielded after it, in
  /// order, with the answer taken out. Call after `start()`, before the first frame.
  package func measureAmbiguousWidth() {
    guard continuation != nil else { return }
    awaitingReport = []
    device.write(CursorReport.query)
    let timer = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.endMeasuring(ambiguousIsWide: nil) }
    }
    reportTimer = timer
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.cursorReportTimeout, execute: timer)
  }

  /// Ends the measuring: says what it found, then hands the keys held to the decoder.
  private func endMeasuring(ambiguousIsWide: Bool?) {
    guard let held = awaitingReport else { return }
    awaitingReport = nil
    reportTimer?.cancel()
    reportTimer = nil
    continuation?.yield(.measured(ambiguousIsWide: ambiguousIsWide))
    if !held.isEmpty { deliver(held[...]) }
  }

  /// What ended the events, once `hasEnded()` or an event said so: the ending signal's
  /// number, SIGHUP for a terminal that hung up (closed: EOF, EIO or POLLHUP).
  package var endingSignal: Int32? { ended.signal }

  /// The view handled the keys of one `.keys` event: reading goes on once few wait.
  package func didHandleKeys() {
    queuedReads = max(0, queuedReads - 1)
    if isReadingPaused, queuedReads <= Self.maxQueuedReads / 4, let readSource {
      isReadingPaused = false
      readSource.resume()
    }
  }

  private func readInput() {
    var buffer = [UInt8](repeating: 0, count: Self.readSize)
    let count = buffer.withUnsafeMutableBytes { systemRead(device.input, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else {
      ended.set(SIGHUP)
      readSource?.cancel()
      readSource = nil
      endMeasuring(ambiguousIsWide: nil)
      continuation?.yield(.endOfInput)
      return
    }
    if var held = awaitingReport {
      held += buffer[..<count]
      guard let report = CursorReport.find(in: held) else {
        awaitingReport = held
        return
      }
      held.removeSubrange(report.range)
      awaitingReport = held
      endMeasuring(ambiguousIsWide: CursorReport.ambiguousIsWide(reportedColumn: report.column))
      return
    }
    deliver(buffer[..<count])
  }

  /// Decodes `bytes` into keys and yields them, pausing the reading when too many wait.
  private func deliver(_ bytes: ArraySlice<UInt8>) {
    escapeTimer?.cancel()
    escapeTimer = nil
    let keys = decoder.feed(bytes)
    if !keys.isEmpty {
      continuation?.yield(.keys(keys))
      queuedReads += 1
      if queuedReads >= Self.maxQueuedReads, !isReadingPaused, let readSource {
        isReadingPaused = true
        readSource.suspend()
      }
    }
    if decoder.hasPending {
      let timer = DispatchWorkItem { [weak self] in
        MainActor.assumeIsolated { self?.flushPending() }
      }
      escapeTimer = timer
      DispatchQueue.main.asyncAfter(deadline: .now() + Self.escapeDelay, execute: timer)
    }
  }

  private func flushPending() {
    escapeTimer = nil
    let keys = decoder.flushPending()
    if !keys.isEmpty {
      continuation?.yield(.keys(keys))
      queuedReads += 1
    }
  }

  #if canImport(Glibc)
    private static func setIgnore(_ action: inout sigaction) {
      action.__sigaction_handler.sa_handler = SIG_IGN
    }
  #else
    private static func setIgnore(_ action: inout sigaction) {
      action.__sigaction_u.__sa_handler = SIG_IGN
    }
  #endif
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int
{
  #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
  #else
    Darwin.read(descriptor, bytes, count)
  #endif
}

/// Why the events ended, set once from any thread and read on the main actor: the ending
/// signal's number, or SIGHUP for a terminal seen to hang up; 0 while not ended.
private final class EndFlag: Sendable {
  private let value = Atomic<Int32>(0)

  var isSet: Bool { signal != nil }
  /// The first reason set, nil while none is.
  var signal: Int32? {
    let value = value.load(ordering: .acquiring)
    return value == 0 ? nil : value
  }
  func set(_ signal: Int32) {
    _ = value.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing)
  }
  func reset() { value.store(0, ordering: .releasing) }
}

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that can happen to the live view.
package enum TerminalEvent: Equatable, Sendable {
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
}

/// The live view's events, delivered on the main actor without polling: input bytes through
/// a DispatchSource read source on the input descriptor (decoded by `KeyDecoder`, with a
/// one-shot timer only while a lone ESC is pending), signals through DispatchSource signal
/// sources. While it runs, the dispositions of SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGCONT and
/// SIGTSTP are set to "ignore" (so only the sources see them); `stop()` restores them.
/// SIGTSTP is left alone when it was already ignored (a shell without job control: there is
/// no `fg` to come back with). At idle — no key, no signal — nothing runs.
@MainActor package final class TerminalEvents {
  /// How long a lone ESC waits for the rest of a sequence before it counts as Esc.
  package static let escapeDelay: DispatchTimeInterval = .milliseconds(30)
  package static let signals: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGCONT, SIGTSTP]

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
  private var continuation: AsyncStream<TerminalEvent>.Continuation?

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
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated { self?.handle(signal: signalNumber) }
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

  private func handle(signal signalNumber: Int32) {
    switch signalNumber {
    case SIGWINCH: continuation?.yield(.resized(device.size))
    case SIGCONT: continuation?.yield(.resumed)
    case SIGTSTP: continuation?.yield(.suspend)
    default: continuation?.yield(.terminate(signalNumber))
    }
  }

  private func readInput() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { systemRead(device.input, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else {
      readSource?.cancel()
      readSource = nil
      continuation?.yield(.endOfInput)
      return
    }
    escapeTimer?.cancel()
    escapeTimer = nil
    let keys = decoder.feed(buffer[..<count])
    if !keys.isEmpty { continuation?.yield(.keys(keys)) }
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
    if !keys.isEmpty { continuation?.yield(.keys(keys)) }
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

/// What the live view uses of its terminal: the device it takes, writes frames to and gives
/// back (`TerminalDevice`), and the events it reads (`TerminalEvents`: keys, resizes,
/// signals). Tests give in-memory ones, to see the frames the view draws.
@MainActor protocol LiveTerminalDevice: AnyObject {
  var size: TerminalSize { get }
  /// The `errno` of the first write that failed.
  var writeFailure: Int32? { get }
  /// `writeFailure`, except for a terminal that hung up.
  var reportedWriteFailure: Int32? { get }
  func enter() throws
  func leave()
  func write(_ text: String)
  func suspend(evenIfIgnored: Bool)
}

@MainActor protocol LiveTerminalEvents: AnyObject {
  /// Whether Ctrl-Z (SIGTSTP) is handled, rather than ignored as the shell left it.
  var listensToSuspend: Bool { get }
  func start() -> AsyncStream<TerminalEvent>
  func stop()
  /// Asks how wide the terminal draws an East Asian Ambiguous character; the answer comes
  /// as `.measured`, before any key typed meanwhile.
  func measureAmbiguousWidth()
  /// Whether the terminal hung up, whatever input still waits.
  func hasEnded() -> Bool
  /// What ended the view: the ending signal, SIGHUP for a terminal that hung up.
  var endingSignal: Int32? { get }
  /// The keys of the last `.keys` event are handled: the next may come.
  func didHandleKeys()
}

extension TerminalDevice: LiveTerminalDevice {}
extension TerminalEvents: LiveTerminalEvents {}

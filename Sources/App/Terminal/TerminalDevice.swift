#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the live view could not take the terminal.
package struct TerminalUnavailable: Error, Equatable, Sendable {
  package var reason: String
}

/// The real terminal for the live view.
///
/// `enter()` saves the termios settings, switches to raw mode (no echo, no canonical mode,
/// no ISIG: Ctrl-C and Ctrl-Z arrive as keys; no flow control; output processing is kept as
/// it is, and frames move the cursor with CUP, never with newlines), enters the alternate
/// screen (`ESC[?1049h`, which saves the cursor and keeps the main screen's contents), hides
/// the cursor and enables bracketed paste. `leave()` undoes all of it in reverse and
/// restores the saved termios exactly (tcsetattr TCSAFLUSH); both are idempotent.
@MainActor package final class TerminalDevice {
  package let input: Int32
  package let output: Int32
  private var saved: termios?

  package static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"
  package static let leaveSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

  package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Whether the terminal is taken (between `enter()` and `leave()`).
  package var isEntered: Bool { saved != nil }

  /// Takes the terminal; throws when input or output is not a terminal or tcgetattr fails.
  package func enter() throws {
    guard saved == nil else { return }
    guard Self.isTerminal(input), Self.isTerminal(output) else {
      throw TerminalUnavailable(reason: "not a terminal")
    }
    var original = termios()
    guard tcgetattr(input, &original) == 0 else {
      throw TerminalUnavailable(reason: "tcgetattr: \(String(cString: strerror(errno)))")
    }
    var raw = original
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw TerminalUnavailable(reason: "tcsetattr: \(String(cString: strerror(errno)))")
    }
    saved = original
    write(Self.enterSequence)
  }

  /// Gives the terminal back as `enter()` found it (idempotent).
  package func leave() {
    guard var original = saved else { return }
    write(Self.leaveSequence)
    while tcsetattr(input, TCSAFLUSH, &original) != 0, errno == EINTR {}
    saved = nil
  }

  /// Leaves, then stops the process as Ctrl-Z would (SIGTSTP, default action) and, once
  /// continued (`fg`), takes the terminal again before it returns. The alternate screen comes
  /// back blank, so the caller redraws from `previous == nil` as soon as this returns (the
  /// `.resumed` event that SIGCONT brings later may redraw once more). When SIGTSTP is
  /// ignored (a shell without job control) nothing happens: there would be no `fg` to come
  /// back with. In an orphaned process group (no job-control shell above it) Linux discards
  /// SIGTSTP: the process does not stop, and this leaves and takes the terminal again at once.
  ///
  /// - Parameter evenIfIgnored: stop even though SIGTSTP is ignored now, because the
  ///   ignoring is the caller's own (`TerminalEvents` listens to SIGTSTP from outside)
  ///   and was not so before it.
  package func suspend(evenIfIgnored: Bool = false) {
    var current = sigaction()
    sigaction(SIGTSTP, nil, &current)
    if Self.isIgnored(current), !evenIfIgnored { return }
    leave()
    var previous = sigaction()
    var defaultAction = sigaction()
    Self.setDefault(&defaultAction)
    sigaction(SIGTSTP, &defaultAction, &previous)
    // The main actor may run on a runtime thread that blocks SIGTSTP, where a raised
    // signal would only wait: unblock it here, so the process stops before `raise`
    // returns, and block it again after.
    var stop = sigset_t()
    var mask = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    sigaction(SIGTSTP, &previous, nil)
    try? enter()
  }

  /// TIOCGWINSZ on the output (else the input); 24×80 when neither knows.
  package var size: TerminalSize {
    for descriptor in [output, input] {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
      }
    }
    return TerminalSize(rows: 24, columns: 80)
  }

  /// The `errno` of the first write that failed: the terminal is gone, or cannot take more.
  package private(set) var writeFailure: Int32?

  /// The failure to report when the view ends: none when the terminal hung up (`EIO`, its
  /// window closed: the person is gone, as with SIGHUP, and nobody is left to tell), else
  /// `writeFailure`.
  package var reportedWriteFailure: Int32? { writeFailure == EIO ? nil : writeFailure }

  /// Writes all of `text` (EINTR-safe, waiting for room on EAGAIN); a failure is kept in
  /// `writeFailure`, for the live view to end on.
  package func write(_ text: String) {
    if let code = writeAll(Array(text.utf8), to: output), writeFailure == nil {
      writeFailure = code
    }
  }

  static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func setDefault(_ action: inout sigaction) {
    action.handler = SIG_DFL
  }
}

extension sigaction {
  /// The handler, `sa_handler`, which glibc and Darwin keep in unions named differently.
  fileprivate var handler: (@convention(c) (Int32) -> Void)? {
    get {
      #if canImport(Glibc)
        return __sigaction_handler.sa_handler
      #else
        return __sigaction_u.__sa_handler
      #endif
    }
    set {
      #if canImport(Glibc)
        __sigaction_handler.sa_handler = newValue
      #else
        __sigaction_u.__sa_handler = newValue
      #endif
    }
  }
}

import PocketDomain
import PocketPresentation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store call waiting for another program's lock (`StoreWaits`), said on one line of
/// standard error while it lasts — "Waiting for another program's write to …… (at most
/// 5 s)" — and wiped when it ends (`\r`, then erase to the end of the line), so what the
/// command prints next starts on a clean line. Line mode and one-shot commands show it;
/// the live view says it on its status row instead. Only a terminal gets it: the
/// composition root makes one only when standard error is a terminal, so a script's
/// standard error is as before. A report can come on the store's thread while the main
/// thread waits in the call (a one-shot command's store runs there): the line is written
/// at once, from that thread.
package final class WaitLine: Sendable {
  private let strings: Strings
  private let columns: @Sendable () -> Int
  private let write: @Sendable (String) -> Void
  /// Whether the line shows now.
  private let isShown = Mutex(false)

  /// - Parameters:
  ///   - columns: how wide the terminal is: the line is cut to fit one row, so that
  ///     going back to the row's start wipes all of it.
  ///   - write: where the line's text goes, escapes and all.
  package init(
    strings: Strings, columns: @escaping @Sendable () -> Int,
    write: @escaping @Sendable (String) -> Void
  ) {
    self.strings = strings
    self.columns = columns
    self.write = write
  }

  /// A line on standard error; `nil` when standard error is not a terminal (a script, a
  /// test, a file).
  package static func standardError(strings: Strings) -> WaitLine? {
    guard let write = StandardStreams.errorTerminal else { return nil }
    return WaitLine(
      strings: strings,
      columns: {
        var size = winsize()
        let known = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        return known ? Int(size.ws_col) : 80
      }, write: write)
  }

  /// Shows the waits `waits` reports, until the observation returned is cancelled.
  package func follow(_ waits: StoreWaits) -> StoreWaitObservation {
    waits.observe { [self] in show($0) }
  }

  /// Shows `wait`: the line for a wait that began, a wipe for one that ended.
  package func show(_ wait: StoreWait) {
    isShown.withLock { isShown in
      switch wait {
      case .waiting(let store):
        write(
          "\r"
            + fitted(TerminalText.escaping(strings.waitingForStore(store), keepingNewlines: false))
            + Self.erase)
        isShown = true
      case .ended:
        guard isShown else { return }
        write("\r" + Self.erase)
        isShown = false
      }
    }
  }

  /// Erases from the cursor to the end of the row.
  static let erase = "\u{1B}[K"

  /// `text` cut to fit one row of the terminal (less one column, so the cursor stays on
  /// it), ending in `…` where it is cut.
  private func fitted(_ text: String) -> String {
    let width = DisplayWidth(ambiguousIsWide: strings.language == .ko)
    let room = max(1, columns() - 1)
    guard width.of(text) > room else { return text }
    var kept = ""
    var used = width.of("…")
    for character in text {
      let next = width.of(character)
      guard used + next <= room else { break }
      kept.append(character)
      used += next
    }
    return kept + "…"
  }
}

import PocketDomain
import PocketPresentation
import Synchronization

/// The progress of a long import or export, on one line of standard error that is rewritten in place
/// (`\r`): `Importing… 420,000 of 1,000,000 messages`. It appears only once the work has
/// taken a second, is redrawn at most ten times a second, and is wiped when the work ends,
/// so the command's own output follows on a clean line. Only a terminal gets it: the
/// composition root makes one only when standard error is a terminal.
package final class ProgressLine: Sendable {
  private struct State {
    /// When the work began, by `elapsed`.
    var began = Duration.zero
    var shown: Duration?
    var width = 0
  }

  private let language: Language
  private let elapsed: @Sendable () -> Duration
  private let write: @Sendable (String) -> Void
  private let state = Mutex(State())

  /// - Parameters:
  ///   - elapsed: the time on a monotonic clock.
  ///   - write: where the line's text goes, escapes and all.
  package init(
    language: Language, elapsed: @escaping @Sendable () -> Duration,
    write: @escaping @Sendable (String) -> Void
  ) {
    self.language = language
    self.elapsed = elapsed
    self.write = write
  }

  /// A line on standard error, its time counted from now; `nil` when standard error is not
  /// a terminal (a script, a test, a file).
  package static func standardError(language: Language) -> ProgressLine? {
    guard let write = StandardStreams.errorTerminal else { return nil }
    let clock = ContinuousClock()
    let start = clock.now
    return ProgressLine(
      language: language, elapsed: { start.duration(to: clock.now) }, write: write)
  }

  /// Starts timing a new piece of work.
  package func begin() {
    let now = elapsed()
    state.withLock { $0 = State(began: now) }
  }

  /// Shows `progress` when the work has taken a second and the line was not just drawn.
  package func show(_ progress: ArchiveProgress) {
    let now = elapsed()
    let text = Self.text(progress, language)
    let line: String? = state.withLock { state in
      guard now - state.began >= .seconds(1) else { return nil }
      if let shown = state.shown, now - shown < .milliseconds(100), progress.done < progress.total {
        return nil
      }
      state.shown = now
      let padding = String(repeating: " ", count: max(0, state.width - text.count))
      state.width = text.count
      return "\r" + text + padding
    }
    if let line { write(line) }
  }

  /// Wipes the line, when one was drawn.
  package func finish() {
    let width: Int = state.withLock { state in
      defer { state = State(began: state.began) }
      return state.shown == nil ? 0 : state.width
    }
    if width > 0 { write("\r" + String(repeating: " ", count: width) + "\r") }
  }

  /// `Importing… 420,000 of 1,000,000 messages`, `가져오는 중… 메시지 1,000,000개 중 420,000개`.
  static func text(_ progress: ArchiveProgress, _ language: Language) -> String {
    let done = grouped(progress.done)
    let total = grouped(progress.total)
    return AppText.progress(progress.stage, done: done, total: total).text(language)
  }

  /// `1234567` as `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return number < 0 ? "-" + text : text
  }
}

import PocketDomain
import PocketPresentation
import Synchronization
import Testing

@testable import PocketApp

/// The progress line of a long import: nothing in the first second, then one line
/// rewritten in place at most ten times a second, wiped at the end; in both languages.
@Suite struct ProgressLineTests {
  final class Terminal: Sendable {
    let now = Mutex(Duration.zero)
    let written = Mutex("")

    func line(_ language: Language = .en) -> ProgressLine {
      ProgressLine(
        language: language, elapsed: { self.now.withLock { $0 } },
        write: { text in self.written.withLock { $0 += text } })
    }

    func advance(_ duration: Duration) { now.withLock { $0 += duration } }
    var text: String { written.withLock { $0 } }
  }

  static func importing(_ done: Int, of total: Int = 1_000_000) -> ArchiveProgress {
    ArchiveProgress(stage: .importing, done: done, total: total)
  }

  @Test func workUnderASecondShowsNothing() {
    let terminal = Terminal()
    let line = terminal.line()
    terminal.advance(.seconds(5))  // time before the work began does not count
    line.begin()
    terminal.advance(.milliseconds(900))
    line.show(Self.importing(500_000))
    line.show(Self.importing(1_000_000))
    line.finish()
    #expect(terminal.text.isEmpty)
  }

  @Test func longerWorkRewritesOneLineAndWipesIt() {
    let terminal = Terminal()
    let line = terminal.line()
    line.begin()
    terminal.advance(.milliseconds(1_200))
    line.show(ArchiveProgress(stage: .reading, done: 16_384, total: 1_000_000))
    terminal.advance(.milliseconds(50))
    line.show(Self.importing(20_000))  // too soon after the last: skipped
    terminal.advance(.milliseconds(100))
    line.show(Self.importing(420_000))
    line.show(Self.importing(1_000_000))  // the end is always drawn
    line.finish()
    let reading = "Reading… 16,384 of 1,000,000 messages"
    let importing = "Importing… 420,000 of 1,000,000 messages"
    let done = "Importing… 1,000,000 of 1,000,000 messages"
    #expect(
      terminal.text
        == "\r" + reading + "\r" + importing + "\r" + done + "\r"
        + String(repeating: " ", count: done.count) + "\r")
    #expect(!terminal.text.contains("\n"))
  }

  @Test func aShorterLineCoversTheLongerOneBeforeIt() {
    let terminal = Terminal()
    let line = terminal.line()
    line.begin()
    terminal.advance(.seconds(2))
    line.show(Self.importing(999_999))
    terminal.advance(.seconds(1))
    line.show(Self.importing(5, of: 10))
    let long = "Importing… 999,999 of 1,000,000 messages"
    let short = "Importing… 5 of 10 messages"
    #expect(
      terminal.text
        == "\r" + long + "\r" + short + String(repeating: " ", count: long.count - short.count))
  }

  @Test func koreanLinesSayTheSame() {
    #expect(
      ProgressLine.text(Self.importing(420_000), .ko) == "가져오는 중… 메시지 1,000,000개 중 420,000개")
    #expect(
      ProgressLine.text(ArchiveProgress(stage: .reading, done: 7, total: 12), .ko)
        == "읽는 중… 메시지 12개 중 7개")
    #expect(
      ProgressLine.text(ArchiveProgress(stage: .exporting, done: 7, total: 12), .ko)
        == "내보내는 중… 메시지 12개 중 7개")
    #expect(
      ProgressLine.text(ArchiveProgress(stage: .exporting, done: 8_192, total: 12_000), .en)
        == "Exporting… 8,192 of 12,000 messages")
  }

  @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567")])
  func numbersAreGroupedByThousands(number: Int, text: String) {
    #expect(ProgressLine.grouped(number) == text)
  }
}

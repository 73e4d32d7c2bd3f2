import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// A message or a mind-log note written over several lines (`pocket say $'a\nb'`) shows
/// them so, as every chat app and diary does: each line after the first under the first's
/// text, an `(edited)` mark after the last; a `\r\n` break reads as one break, and any other
/// control character stays escaped.
@Suite("Text over several lines")
struct MultiLineTextTests {
  let date = Fixtures.referenceDate  // 2026-11-29 01:32 UTC
  let renderer = Renderer(strings: Strings(language: .en, timeZone: .gmt))

  /// The rendered screen's lines from the first that contains `first`, `count` of them.
  func lines(_ screen: String, from first: String, count: Int) -> [Substring] {
    let all = screen.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = all.firstIndex(where: { $0.contains(first) }) else { return [] }
    return Array(all[start..<min(all.count, start + count)])
  }

  @Test func aMessageOverSeveralLinesShowsThem() {
    let message = ChatMessage(
      id: 1, content: "first line\r\nsecond\u{07}\nthird", date: date, isEdited: true)
    let state = ChatViewModel.State(page: Page(items: [message], offset: 0, total: 1))
    let screen = renderer.render(ScreenContent(state))
    #expect(
      lines(screen, from: "first line", count: 3) == [
        "1  1:32 AM  first line", "            second\\u{07}", "            third (edited)",
      ], "\(screen)")
  }

  @Test func aNoteOverSeveralLinesShowsThem() {
    let entry = MindLog(id: 1, date: date, score: 7, note: "walked\nthen slept")
    var state = MindLogViewModel.State(page: Page(items: [entry], offset: 0, total: 1))
    state.mood = MoodSummary(days: [7], lastDay: CalendarDay(date, in: .current), endsToday: true)
    let screen = renderer.render(ScreenContent(state))
    #expect(
      lines(screen, from: "walked", count: 2) == [
        "1  11/29/2026  7  walked", "                  then slept",
      ], "\(screen)")
  }
}

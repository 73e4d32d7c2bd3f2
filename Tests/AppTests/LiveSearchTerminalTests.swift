import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// `/` searches the chat, the mind log, the bookmarks and the notices on a pseudo-terminal:
/// only the items that hold the text show, under a line saying what is searched and how
/// many match; Esc clears it; case, width and accents aside, Korean by its letters; in
/// English and in Korean.
@Suite(
  "Live view search in a terminal", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveSearchTerminalTests {
  /// Runs `commands` in line mode on the store of `live`, as another process.
  static func run(_ commands: [String], on live: LiveTerminalTests.Live) throws {
    let process = PocketProcess(directory: live.directory)
    let run = try process.run([], input: commands.joined(separator: "\n") + "\n")
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func theChatShowsOnlyTheMessagesFoundUntilEsc() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    try Self.run(["say Kim says hi", "say lee here", "say ＫＩＭ wide", "say park"], on: live)
    try live.send("6", until: { $0.contains("park") && $0.contains("/ search") })
    try live.send("/", until: { $0.contains("Search:") })
    let found = try live.send(
      "kim\r", until: { $0.contains("Search: \"kim\" · 2 matches · Esc clears") })
    #expect(found.contains("Kim says hi"))
    #expect(found.contains("ＫＩＭ wide"))
    #expect(!found.contains("lee here"))
    #expect(!found.contains("park"))
    let cleared = try live.send("\u{1B}", until: { $0.contains("lee here") })
    #expect(!cleared.contains("Search:"))
    #expect(cleared.contains("Kim says hi") && cleared.contains("park"))
    // A search that finds nothing says so.
    let none = try live.send(
      "/zzz\r", until: { $0.contains("Search: \"zzz\" · 0 matches · Esc clears") })
    #expect(none.contains("No results"))
    #expect(!none.contains("park"))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func theMindLogSearchesItsNotesInKorean() throws {
    guard
      let live = try LiveTerminalTests().start(
        ["--lang", "ko"], rows: 24, columns: 80, firstTab: "[환율]")
    else { return }
    defer { live.close() }
    try Self.run(["add 4 비 오는 날", "add 6 맑음", "add 5 Rain again"], on: live)
    try live.send("5", until: { $0.contains("맑음") && $0.contains("/ 검색") })
    // A compatibility jamo finds the syllables it begins.
    let found = try live.send(
      "/ㅂ\r", until: { $0.contains("검색: \"ㅂ\" · 1개 일치 · Esc 지우기") })
    #expect(found.contains("비 오는 날"))
    #expect(!found.contains("맑음"))
    let cleared = try live.send("\u{1B}", until: { $0.contains("맑음") })
    #expect(!cleared.contains("검색:"))
    // Full width and capitals find the same letters.
    let wide = try live.send(
      "/ＲＡＩＮ\r", until: { $0.contains("검색: \"ＲＡＩＮ\" · 1개 일치 · Esc 지우기") })
    #expect(wide.contains("Rain again"))
    #expect(!wide.contains("맑음"))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func theNoticesAndTheBookmarksAreSearched() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    try Self.run(["notices", "bookmark 1", "bookmark 2", "bookmark 3"], on: live)
    try live.send("3", until: { $0.contains("Campus shuttle") || $0.contains("Library hours") })
    let notices = try live.send(
      "/ＷＩＮＴＥＲ\r",
      until: { $0.contains("Search: \"ＷＩＮＴＥＲ\" · 1 match · Esc clears") })
    #expect(notices.contains("Library hours during the winter break"))
    #expect(!notices.contains("기말고사"))
    try live.send("\u{1B}", until: { $0.contains("기말고사") && !$0.contains("Search:") })

    try live.send("4", until: { $0.contains("Library hours") && $0.contains("/ search") })
    let bookmarks = try live.send(
      "/기말\r", until: { $0.contains("Search: \"기말\" · 1 match · Esc clears") })
    #expect(bookmarks.contains("기말고사 기간 열람실 24시간 개방 안내"))
    #expect(!bookmarks.contains("Library hours"))
    // The search's line opens holding the search on; Esc there leaves it on.
    try live.send("/", until: { $0.contains("Search: 기말") })
    let kept = try live.send("\u{1B}", until: { !$0.contains("Search: 기말") })
    #expect(kept.contains("Search: \"기말\" · 1 match"))
    try live.send("\u{1B}", until: { $0.contains("Library hours") && !$0.contains("Search:") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}

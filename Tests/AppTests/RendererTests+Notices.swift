import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The notices and the last golden screens: `RendererTests` goes on here.
extension RendererTests {
  @Test(arguments: ScreenRegistry.underTest)
  func noticesAndBookmarks(registry: ScreenRegistry) {
    let notice = Notice(title: "Winter hours", date: date, url: "https://n.example/1")
    let notices = NoticesViewModel.State(items: [
      NoticeItem(notice: notice, isBookmarked: true),
      NoticeItem(
        notice: Notice(title: "Menu", date: date, url: "https://n.example/2"), isBookmarked: false),
    ])
    #expect(
      renderer(.en, registry).render(
        ScreenContent(notices), message: .bookmarkAdded("Winter hours"))
          == """
          \(registry.tabLine(current: .notices))

          1 ★ Winter hours · 11/29/2026
              https://n.example/1
          2   Menu · 11/29/2026
              https://n.example/2

          Commands: bookmark N · bookmarks · help

          Bookmarked: Winter hours

          """)
    let bookmarks = BookmarksViewModel.State(
      page: Page(
        items: [
          Bookmark(url: notice.url, title: "Read later", noticeDate: date, bookmarkedAt: date)
        ],
        offset: 0, total: 1))
    #expect(
      renderer(.en, registry).render(ScreenContent(bookmarks)) == """
        \(registry.tabLine(current: .bookmarks))

        1  Read later · 11/29/2026
           https://n.example/1

        Commands: rename N TITLE · remove N · clear · more · page N · help

        """)
    #expect(
      renderer(.ko, registry).render(ScreenContent(BookmarksViewModel.State())).hasSuffix(
        "북마크한 공지가 없습니다.\n\n명령: rename N TITLE · remove N · clear · more · page N · 도움말 help\n"
      ))
  }

  @Test(arguments: ScreenRegistry.underTest)
  func hostileTextIsEscapedByteForByte(registry: ScreenRegistry) {
    let hostile = "a\u{1B}[31mb\u{9B}c\u{07}d\u{08}e\rf\u{7F}g\u{202E}h\u{2066}i\nj\tk"
    let state = ChatViewModel.State(
      page: Page(items: [ChatMessage(id: 1, content: hostile, date: date)], offset: 0, total: 1))
    let expected = """
      \(registry.tabLine(current: .chat))

      Messages: 1

      Sunday, November 29, 2026
      1  1:32 AM  a\\u{1B}[31mb\\u{9B}c\\u{07}d\\u{08}e\\u{0D}f\\u{7F}g\\u{202E}h\\u{2066}i
                  j\\u{09}k

      Commands: say TEXT · edit N TEXT · delete N · more · page N · help

      """
    let rendered = renderer(.en, registry).render(ScreenContent(state))
    #expect(Array(rendered.utf8) == Array(expected.utf8))
  }
}

import Testing

@testable import PocketPresentation

/// How many pages a list has, for any total a repository may give: a list's repository is
/// a protocol another front end's store can implement, and a view model turns what it
/// reads into a screen, never into a trap. (`total + size - 1` overflowed near `Int.max`.)
@MainActor
@Suite struct PageCountTests {
  @Test(arguments: [
    (0, 1), (1, 1), (20, 1), (21, 2), (40, 2), (41, 3), (-5, 1),
    (Int.max, Int.max / 20 + 1), (Int.max - 19, Int.max / 20),
  ])
  func pagesOfTwenty(total: Int, pages: Int) {
    let paging = ListPaging(size: 20)
    #expect(paging.pageCount(total: total) == pages)
  }

  @Test func theLastPageOfTheLongestListCanBeShownAndLeftAgain() {
    var paging = ListPaging(size: 20)
    let last = Int.max / 20 + 1
    #expect(paging.show(last, total: .max) == nil)
    #expect(paging.number == last)
    #expect(paging.newestFirst.offset == Int.max / 20 * 20)
    #expect(paging.next(total: .max) == nil, "the last page has none after it")
    paging.clamp(total: .max)
    #expect(paging.number == last)
  }
}

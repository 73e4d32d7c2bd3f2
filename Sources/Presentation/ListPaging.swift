import PocketDomain

/// How the list screens page. Page 1 holds the newest `size` items, page 2 the `size`
/// before them, and so on; item N is named by its place in the whole list, whatever page
/// shows it. A list that scrolls shows a window of pages that grows at either end.
@MainActor
struct ListPaging {
  var size: Int
  /// The page shown (the newest of the window's pages), from 1.
  var number = 1
  /// How many pages the window shows, from `number` toward the oldest: 1 until a list that
  /// scrolls grows it (`growOlder`, `growNewer`); turning to a page shows that page alone.
  var span = 1

  /// How many pages a list of `total` items has (one, even when it is empty). Any total a
  /// repository gives is counted without overflow, `Int.max` too.
  func pageCount(total: Int) -> Int {
    total <= 0 ? 1 : (total - 1) / max(1, size) + 1
  }

  /// `number` and `span` kept within the pages a list of `total` items has (a page can
  /// empty when items are removed).
  mutating func clamp(total: Int) {
    let count = pageCount(total: total)
    number = min(max(1, number), count)
    span = min(max(1, span), count - number + 1)
  }

  /// The window of the pages shown of a newest-first list.
  var newestFirst: (offset: Int, limit: Int) {
    ((number - 1) * size, size * span)
  }

  /// Adds the page older than the window's oldest to it; `false` at the list's oldest.
  mutating func growOlder(total: Int) -> Bool {
    guard number + span - 1 < pageCount(total: total) else { return false }
    span += 1
    return true
  }

  /// Adds the page newer than the window's newest to it; `false` at the list's newest.
  mutating func growNewer() -> Bool {
    guard number > 1 else { return false }
    number -= 1
    span += 1
    return true
  }

  /// Reads the page shown of a newest-first list with `read`, whose result says the list's
  /// total; when the list has shrunk below that page (items were removed), reads its last
  /// page instead.
  /// - Returns: what was read, and this paging moved to the page that shows it.
  func readNewestFirst<Result>(
    total: (Result) -> Int, _ read: (_ offset: Int, _ limit: Int) async throws -> Result
  ) async throws -> (Result, ListPaging) {
    var paging = self
    var result = try await read(paging.newestFirst.offset, paging.newestFirst.limit)
    paging.clamp(total: total(result))
    if (paging.number, paging.span) != (number, span) {
      result = try await read(paging.newestFirst.offset, paging.newestFirst.limit)
    }
    return (result, paging)
  }

  /// The page after the one shown; `nil` on the last page.
  func next(total: Int) -> Int? {
    number >= pageCount(total: total) ? nil : number + 1
  }

  /// Checks that a list of `total` items has page `requested`.
  /// - Throws: a `PageRefusal`, shown as `Message.noSuchPage`.
  func check(_ requested: Int, total: Int) throws(PageRefusal) {
    let count = pageCount(total: total)
    guard (1...count).contains(requested) else {
      throw PageRefusal(requested: requested, count: count)
    }
  }

  /// Shows page `requested` when a list of `total` items has it.
  /// - Returns: the refusal (`.noSuchPage`) when it has not; the page shown then stays.
  mutating func show(_ requested: Int, total: Int) -> Message? {
    do {
      try check(requested, total: total)
    } catch {
      return error.message
    }
    number = requested
    span = 1
    return nil
  }
}

/// A view model of a list shown a page at a time: the paging intents a front end calls.
/// What page it shows is its own (`state.pageNumber`, `state.pageCount`); only these
/// intents change it.
@MainActor
public protocol PagedList: AnyObject {
  /// Shows page `number` of the list (1 is the newest); a page the list does not have is
  /// refused (`.noSuchPage`) and the page shown stays.
  func showPage(_ number: Int) async
  /// Shows the next (older) page; on the last page, says so (`.lastPage`, not a refusal)
  /// and the page shown stays.
  func nextPage() async
  /// Sets the page the next read shows (the list's last page then, when it has fewer):
  /// for a front end that comes back to the page it showed before (a terminal's page,
  /// `ShownList.page`). Reads nothing.
  func resumePage(_ number: Int)
  /// Shows the page of older items too, for a list that scrolls: what is shown grows
  /// toward the oldest, and stays as it is at the oldest.
  func showOlder() async
  /// Shows the page of newer items too: what is shown grows toward the newest, and stays
  /// as it is at the newest.
  func showNewer() async
  /// The pages shown now: the newest of them, how many, and how many the list has.
  var pageWindow: PageWindow { get }
  /// Shows `span` pages from page `number` toward the oldest (kept within the list), so
  /// a list that scrolls can drop pages far from what shows.
  func showWindow(number: Int, span: Int) async
}

/// The pages a list shows: from page `number` (1 is the newest) `span` pages toward the
/// oldest, of the `count` pages the list has, `size` items a page.
public struct PageWindow: Equatable, Sendable {
  public var number: Int
  public var span: Int
  public var count: Int
  public var size: Int

  /// Whether the list has pages newer than those shown.
  public var hasNewer: Bool { number > 1 }
  /// Whether the list has pages older than those shown.
  public var hasOlder: Bool { number + span - 1 < count }
}

/// How a `PagedList` pages, written here once for every list.
@MainActor
protocol Paged: PagedList, MessageReporting {
  /// The page shown, and the page size.
  var paging: ListPaging { get set }
  /// How many items the list had when it was last read.
  var pagedTotal: Int { get }
  /// Reads the page `paging` names (the last one when the list has shrunk below it).
  func load() async
  /// Reads the pages shown after their window moved (`showOlder`, `showNewer`,
  /// `showWindow`): `load()`, unless the list reads a moved window its own way.
  func loadMovedWindow() async
}

extension Paged {
  public func showPage(_ number: Int) async {
    let refusal = paging.show(number, total: pagedTotal)
    report(refusal)
    if refusal == nil { await load() }
  }

  public func nextPage() async {
    guard let next = paging.next(total: pagedTotal) else {
      report(.lastPage(count: paging.pageCount(total: pagedTotal)))
      return
    }
    paging.number = next
    paging.span = 1
    await load()
  }

  public func resumePage(_ number: Int) {
    paging.number = max(1, number)
    paging.span = 1
  }

  func loadMovedWindow() async { await load() }

  public func showOlder() async {
    guard paging.growOlder(total: pagedTotal) else { return }
    await loadMovedWindow()
  }

  public func showNewer() async {
    guard paging.growNewer() else { return }
    await loadMovedWindow()
  }

  public var pageWindow: PageWindow {
    PageWindow(
      number: paging.number, span: paging.span, count: paging.pageCount(total: pagedTotal),
      size: paging.size)
  }

  public func showWindow(number: Int, span: Int) async {
    paging.number = max(1, number)
    paging.span = max(1, span)
    paging.clamp(total: pagedTotal)
    await loadMovedWindow()
  }
}

/// The state of a numbered list of records shown a page at a time (the bookmarks, the
/// chat, the mind log): the page read, its number and how many pages there are.
protocol PageState {
  associatedtype Item: ListedRecord & Equatable
  var page: Page<Item> { get set }
  var pageNumber: Int { get set }
  var pageCount: Int { get set }
  var message: Message? { get }
}

extension PageState {
  /// Shows `page`, read where `paging` stands.
  @MainActor mutating func show(_ page: Page<Item>, at paging: ListPaging) {
    self.page = page
    pageNumber = paging.number
    pageCount = paging.pageCount(total: page.total)
  }

  /// The row of the page shown that showed `number`.
  func row(_ number: Int) throws(DomainError) -> ShownItem {
    try page.shownItems.row(number, total: page.total)
  }

  /// The row of the page shown that shows `record`, as the front end showed it.
  func row(showing record: Item) throws(DomainError) -> ShownItem {
    try page.shownItems.row(showing: record)
  }
}

/// A view model of such a list, whose intents change its records: after each, the list is
/// read again.
@MainActor
protocol RecordList: Paged, OrderedReads, ObservedViewModel where State: PageState {}

extension RecordList {
  /// How many records the list had when it was last read: the page's total.
  var pagedTotal: Int { state.page.total }

  /// Reads the page shown with `read` (the last page when the list has shrunk below it),
  /// and moves `paging` to the page read; `nil` when reading failed (the screen's message
  /// says why) or a newer read began meanwhile (`newest`).
  func readPage(
    _ read: (_ offset: Int, _ limit: Int) async throws -> Page<State.Item>
  ) async -> Page<State.Item>? {
    guard
      let (page, moved) = await newest({ try await paging.readNewestFirst(total: \.total, read) })
    else { return nil }
    paging = moved
    return page
  }

  /// Runs an intent; on success the list is read again and shows the intent's
  /// confirmation (unless reading it failed: then that is the message).
  func run(_ intent: () async throws -> Message?) async {
    report(nil)
    guard let done = await attempt(intent) else { return }
    await load()
    if state.message == nil { report(done) }
  }
}

/// A page a list does not have: shown as `Message.noSuchPage`.
struct PageRefusal: Error {
  var requested: Int
  var count: Int

  var message: Message { .noSuchPage(requested, count: count) }
}

import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// A numbered action's "unchanged since shown" is checked by the store inside the write
/// (`WriteCondition`): an item another instance changed or deleted after it was shown is
/// refused, naming the item, and nothing is written; an item still as shown is written.
/// Every store, with a second instance on the same location as another process would open
/// it (the memory store: the same instance).
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct ShownItemWriteContractTests {
  /// Two instances of a `kind` store on one location, and the folder to remove.
  private func stores(_ kind: StoreKind) async throws -> (Repositories, Repositories, URL) {
    let directory = try Fixtures.temporaryDirectory()
    let here = try await kind.makeStore(at: directory)
    let elsewhere = kind.isPersistent ? try await kind.makeStore(at: directory) : here
    return (here, elsewhere, directory)
  }

  private func refusal(_ problem: InputProblem) -> DomainError { .invalidInput(problem) }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func aMessageChangedOrDeletedElsewhereIsNeitherEditedNorDeleted(kind: StoreKind) async throws {
    let (here, elsewhere, directory) = try await stores(kind)
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try await here.chat.insert(content: "original", date: Fixtures.date())
    let shown = ShownItem(number: 1, original)
    var changed = original
    changed.content = "changed elsewhere"
    try await elsewhere.chat.update(changed)

    let changedError = refusal(.shownItemChanged(.message, number: 1, text: "original"))
    var edit = original
    edit.content = "mine"
    await #expect(throws: changedError) {
      try await here.chat.update(edit, if: .shown(shown))
    }
    await #expect(throws: changedError) {
      try await here.chat.delete(id: original.id, if: .shown(shown))
    }
    #expect(try await elsewhere.chat.message(id: original.id) == changed)

    // Still as shown: written.
    let shownChanged = ShownItem(number: 1, changed)
    try await here.chat.update(edit, if: .shown(shownChanged))
    #expect(try await elsewhere.chat.message(id: original.id)?.content == "mine")

    try await elsewhere.chat.delete(id: original.id)
    let gone = refusal(.shownItemGone(.message, number: 1, text: "mine"))
    let shownEdit = ShownItem(number: 1, edit)
    await #expect(throws: gone) {
      try await here.chat.delete(id: original.id, if: .shown(shownEdit))
    }
    await #expect(throws: gone) { try await here.chat.update(edit, if: .shown(shownEdit)) }
    #expect(try await here.chat.messages(offset: 0, limit: 10).items.isEmpty)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func anEntryChangedOrDeletedElsewhereIsNeitherEditedNorDeleted(kind: StoreKind) async throws {
    let (here, elsewhere, directory) = try await stores(kind)
    defer { try? FileManager.default.removeItem(at: directory) }
    let entry = try await here.mindLogs.insert(date: Fixtures.date(), score: 5, note: "calm")
    let shown = ShownItem(number: 1, entry)
    let changed = try await elsewhere.mindLogs.update(
      id: entry.id, score: 6, note: nil, date: nil)

    let changedError = refusal(.shownItemChanged(.entry, number: 1, text: "calm"))
    await #expect(throws: changedError) {
      try await here.mindLogs.update(
        id: entry.id, score: 9, note: "mine", date: nil, if: .shown(shown))
    }
    await #expect(throws: changedError) {
      try await here.mindLogs.delete(id: entry.id, if: .shown(shown))
    }
    #expect(try await elsewhere.mindLogs.entry(id: entry.id) == changed)

    let updated = try await here.mindLogs.update(
      id: entry.id, score: 9, note: "mine", date: nil, if: .shown(ShownItem(number: 1, changed)))
    #expect(try await elsewhere.mindLogs.entry(id: entry.id) == updated)

    try await elsewhere.mindLogs.delete(id: entry.id)
    let gone = refusal(.shownItemGone(.entry, number: 1, text: "mine"))
    await #expect(throws: gone) {
      try await here.mindLogs.delete(id: entry.id, if: .shown(ShownItem(number: 1, updated)))
    }
    #expect(try await here.mindLogs.entries(offset: 0, limit: 10).items.isEmpty)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func aBookmarkChangedOrRemovedElsewhereIsNeitherRenamedNorRemoved(kind: StoreKind)
    async throws
  {
    let (here, elsewhere, directory) = try await stores(kind)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bookmark = Bookmark(
      url: "https://notice.example.com/articles/7", title: "Exams", noticeDate: Fixtures.date(),
      bookmarkedAt: Fixtures.date())
    try await here.bookmarks.toggleOn(bookmark)
    let shown = ShownItem(number: 1, bookmark)
    try await elsewhere.bookmarks.rename(url: bookmark.url, to: "Renamed elsewhere")

    let changedError = refusal(.shownItemChanged(.bookmark, number: 1, text: "Exams"))
    await #expect(throws: changedError) {
      try await here.bookmarks.rename(url: bookmark.url, to: "Mine", if: .shown(shown))
    }
    await #expect(throws: changedError) {
      try await here.bookmarks.delete(url: bookmark.url, if: .shown(shown))
    }
    #expect(try await elsewhere.bookmark(bookmark.url)?.title == "Renamed elsewhere")

    try await elsewhere.bookmarks.delete(url: bookmark.url)
    let gone = refusal(.shownItemGone(.bookmark, number: 1, text: "Exams"))
    await #expect(throws: gone) {
      try await here.bookmarks.rename(url: bookmark.url, to: "Mine", if: .shown(shown))
    }
    #expect(try await here.bookmark(bookmark.url) == nil)
  }

  /// A toggle's condition sees whether the notice is bookmarked as the write finds it: a
  /// notice shown unmarked and bookmarked elsewhere since is not unmarked.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func aToggleSeesTheBookmarkAsTheWriteFindsIt(kind: StoreKind) async throws {
    let (here, elsewhere, directory) = try await stores(kind)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bookmark = Bookmark(
      url: "https://notice.example.com/articles/8", title: "Fees", noticeDate: Fixtures.date(),
      bookmarkedAt: Fixtures.date())
    let shownUnmarked = WriteCondition<Bool> { isBookmarked in
      if isBookmarked == true { throw DomainError.invalidInput(.notShown(1)) }
    }
    try await elsewhere.bookmarks.toggleOn(bookmark)
    await #expect(throws: DomainError.invalidInput(.notShown(1))) {
      try await here.bookmarks.toggle(bookmark, if: shownUnmarked)
    }
    #expect(try await here.bookmark(bookmark.url) != nil, "the bookmark made elsewhere stays")
    try await elsewhere.bookmarks.delete(url: bookmark.url)
    #expect(try await here.bookmarks.toggle(bookmark, if: shownUnmarked) == .bookmarked)
  }
}

extension Repositories {
  fileprivate func bookmark(_ url: String) async throws -> Bookmark? {
    try await bookmarks.bookmark(url: url)
  }
}

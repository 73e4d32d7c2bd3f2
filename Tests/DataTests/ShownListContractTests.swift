import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// The rows a screen showed last (`ShownList`), kept by every store beside the last screen:
/// what is saved is read back whole, after reopening too; a later save replaces it; it is
/// not exported, and an import clears it; a list a store could not read back is refused.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct ShownListContractTests {
  /// Lists as the screens show them: ids and urls, Korean text, a mark in the value, a
  /// numbering that starts past the first page, and an empty list.
  static let lists: [ShownList] = [
    ShownList(
      screen: .named("chat"),
      items: [
        ShownItem(number: 1, identity: .id(1), text: "A-first", value: "A-first"),
        ShownItem(number: 2, identity: .id(2), text: "B-second", value: "B-second"),
        ShownItem(
          number: 3, identity: .id(9_007_199_254_740_991), text: "안녕하세요 😀", value: "안녕하세요 😀"),
      ]),
    ShownList(
      screen: .named("notices"),
      items: [
        ShownItem(
          number: 1, identity: .url("https://example.com/notice?id=1&lang=ko"),
          text: "장학금 신청 안내", value: "* 장학금 신청 안내"),
        ShownItem(
          number: 2, identity: .url("https://example.com/2"), text: "", value: "- "),
      ]),
    ShownList(
      screen: .named("mindLog"),
      items: [
        ShownItem(number: 21, identity: .id(40), text: "7.5", value: "1795915920.0 7.5 "),
        ShownItem(
          number: 22, identity: .id(3), text: "line one\nline \"two\"",
          value: "1795829520.0 3 line one\nline \"two\""),
      ]),
    ShownList(screen: .calculator(currency: "KRW"), items: []),
    ShownList(screen: .named("bookmarks"), items: []),
  ]

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func nothingSavedIsNil(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.screens.save(.named("chat"))
    #expect(try await store.screens.shownList(for: .tests) == nil)
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == nil)
  }

  @Test(arguments: Soak.spread(Array(lists.indices), over: StoreKind.available))
  func aListIsReadBackWholeAndSurvivesReopen(kind: StoreKind, index: Int) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let list = Self.lists[index]
    try await store.screens.save(list, for: .tests)
    #expect(try await store.screens.shownList(for: .tests) == list)
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == list)
  }

  /// Each save replaces the whole list (a longer one by a shorter one too), through the
  /// json store's journal as well as its first snapshot.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func aSaveReplacesTheWholeList(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    for list in Self.lists {
      try await store.screens.save(list, for: .tests)
      #expect(try await store.screens.shownList(for: .tests) == list)
    }
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == Self.lists.last)
    try await store.screens.save(Self.lists[0], for: .tests)
    try await store.screens.save(Self.lists[0], for: .tests)
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == Self.lists[0])
  }

  /// The last screen and the shown list are kept apart: saving one leaves the other.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func theScreenAndTheListAreSavedApart(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.screens.save(.named("chat"))
    try await store.screens.save(Self.lists[1], for: .tests)
    try await store.screens.save(.calculator(currency: "JPY"))
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == Self.lists[1])
    #expect(try await store.screens.lastScreen() == .calculator(currency: "JPY"))
  }

  /// View state, not data: an export does not hold it, and an import (which may give its
  /// ids to other records) leaves none.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func anExportLeavesItOutAndAnImportClearsIt(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let message = try await store.chat.insert(content: "A-first", date: Fixtures.date())
    let before = try await store.repositories.archive.export()
    try await store.screens.save(Self.lists[0], for: .tests)
    #expect(try await store.repositories.archive.export() == before)
    #expect(before.messages == [message])

    try await store.repositories.archive.replaceAll(with: before, onlyIfEmpty: false)
    #expect(try await store.screens.shownList(for: .tests) == nil)
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == nil)
    #expect(try await store.chat.message(id: message.id) == message)
  }

  /// Lists holding a value no store could read back: each is refused as input, naming the
  /// value, and the list saved before stays.
  static let unreadable: [(list: ShownList, names: String)] = [
    (ShownList(screen: .named("chat"), items: [item(0, .id(1))]), "number 0"),
    (ShownList(screen: .named("chat"), items: [item(-3, .id(1))]), "number -3"),
    (ShownList(screen: .named("chat"), items: [item(1, .id(0))]), "id 0"),
    (ShownList(screen: .named("chat"), items: [item(1, .id(-1))]), "id -1"),
    (ShownList(screen: .named("bookmarks"), items: [item(1, .url(""))]), "url is empty"),
    (ShownList(screen: .named("chat"), items: [item(1, .id(1)), item(1, .id(2))]), "twice"),
    (ShownList(screen: .named("Not a screen"), items: []), "Not a screen"),
    (
      ShownList(screen: .calculator(currency: "KRW"), items: [item(1, .id(1), text: long(4_001))]),
      "text is too long"
    ),
    (
      ShownList(screen: .named("chat"), items: [item(1, .id(1), value: long(4_101))]),
      "value is too long"
    ),
  ]

  static func item(
    _ number: Int, _ identity: ItemIdentity, text: String = "x", value: String = "x"
  ) -> ShownItem {
    ShownItem(number: number, identity: identity, text: text, value: value)
  }

  static func long(_ count: Int) -> String { String(repeating: "가", count: count) }

  @Test(arguments: Soak.spread(Array(unreadable.indices), over: StoreKind.available))
  func aListAStoreCouldNotReadBackIsRefused(kind: StoreKind, index: Int) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let (list, names) = Self.unreadable[index]
    try await store.screens.save(Self.lists[0], for: .tests)
    do {
      try await store.screens.save(list, for: .tests)
      Issue.record("a list with \(names) was saved")
    } catch {
      guard case .invalidInput(.outOfRange(let reason)) = error as? DomainError else {
        Issue.record("not refused as input out of range: \(error)")
        return
      }
      #expect(reason.englishText.contains(names), "\(reason)")
    }
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == Self.lists[0])
  }

  /// The longest text and value a store takes are read back whole.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func theLongestTextAndValueAreKept(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let list = ShownList(
      screen: .named("chat"),
      items: [Self.item(1, .id(1), text: Self.long(4_000), value: Self.long(4_100))])
    try await store.screens.save(list, for: .tests)
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == list)
  }
}

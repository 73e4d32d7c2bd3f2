import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// What each terminal showed (`ShownList` per `TerminalKey`), on every store: two terminals'
/// lists are kept apart and a save under one never changes the other's; a store keeps at
/// most `ShownList.keptTerminals`, dropping the list changed least recently first; the
/// lists of terminals gone are dropped on demand; and the saves of one terminal replace its
/// list in place, so a store's files do not grow with the number of commands run. Each
/// test on every store with `POCKET_SOAK=1`; the quick run gives each test one store, the
/// stores taken in turn.
@Suite struct TerminalShownContractTests {
  static let one = TerminalKey.named("tty=34817;sid=100;start=5;boot=b")
  static let two = TerminalKey.named("tty=34818;sid=200;start=6;boot=b")

  /// A chat list of one row naming message `id` as `number`.
  static func chat(_ number: Int, id: Int64, _ text: String, page: Int? = 1) -> ShownList {
    ShownList(
      screen: .named("chat"),
      items: [ShownItem(number: number, identity: .id(id), text: text, value: text)], page: page)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func twoTerminalsKeepTheirListsApart(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    // Terminal one shows the chat (B as 2); terminal two shows the mind log, then the chat
    // after a delete (C as 2).
    let chatInOne = Self.chat(2, id: 2, "B")
    let mindLogInTwo = ShownList(
      screen: .named("mindLog"),
      items: [ShownItem(number: 2, identity: .id(5), text: "note-one", value: "0.0 5 note-one")],
      page: 1)
    try await store.screens.save(chatInOne, for: Self.one)
    try await store.screens.save(mindLogInTwo, for: Self.two)
    #expect(try await store.screens.shownList(for: Self.one) == chatInOne)
    #expect(try await store.screens.shownList(for: Self.two) == mindLogInTwo)

    let chatInTwo = Self.chat(2, id: 3, "C", page: 2)
    try await store.screens.save(chatInTwo, for: Self.two)
    try await store.screens.save(.named("mindLog"))
    #expect(try await store.screens.shownList(for: Self.one) == chatInOne, "one's stays")
    #expect(try await store.screens.shownList(for: Self.two) == chatInTwo)
    #expect(try await store.screens.shownList(for: .tests) == nil, "a third showed nothing")
    if kind.isPersistent {
      try await store.reopen()
      #expect(try await store.screens.shownList(for: Self.one) == chatInOne)
      #expect(try await store.screens.shownList(for: Self.two) == chatInTwo)
    }
    #expect(try await store.screens.lastScreen() == .named("mindLog"), "the store's own")
  }

  /// Saving the list of one terminal more than the store keeps drops the list changed least
  /// recently: a list saved again unchanged is no change, and does not count as recent.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func aStoreKeepsTheMostTerminalsDroppingTheLeastRecentlyChanged(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let limit = ShownList.keptTerminals
    let keys = (0..<(limit + 3)).map { TerminalKey.named("terminal \($0)") }
    for index in 0..<limit {
      try await store.screens.save(Self.chat(1, id: Int64(index + 1), "x"), for: keys[index])
    }
    // Terminal 0 shows something new: now the most recent. Terminal 1 shows the same again.
    try await store.screens.save(Self.chat(1, id: 999, "y"), for: keys[0])
    try await store.screens.save(Self.chat(1, id: 2, "x"), for: keys[1])
    for index in limit..<(limit + 3) {
      try await store.screens.save(Self.chat(1, id: Int64(index + 1), "x"), for: keys[index])
    }
    if kind.isPersistent { try await store.reopen() }
    // Dropped, least recently changed first: 1, 2, 3 (terminal 0 changed after them).
    var kept: [Int] = []
    for index in keys.indices where try await store.screens.shownList(for: keys[index]) != nil {
      kept.append(index)
    }
    #expect(kept == [0] + Array(4..<(limit + 3)))
    #expect(try await store.screens.shownList(for: keys[0]) == Self.chat(1, id: 999, "y"))
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func theListsOfTerminalsGoneAreDropped(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let three = TerminalKey.named("tty=none;sid=300;start=7;boot=b")
    for (index, key) in [Self.one, Self.two, three].enumerated() {
      try await store.screens.save(Self.chat(1, id: Int64(index + 1), "x"), for: key)
    }
    let gone: Set<TerminalKey> = [Self.one, three]
    try await store.screens.dropShownLists { gone.contains($0) }
    try await store.screens.dropShownLists { _ in false }
    if kind.isPersistent { try await store.reopen() }
    #expect(try await store.screens.shownList(for: Self.one) == nil)
    #expect(try await store.screens.shownList(for: Self.two) == Self.chat(1, id: 2, "x"))
    #expect(try await store.screens.shownList(for: three) == nil)
  }

  /// A key a store would not keep is refused before anything is written.
  @Test func aKeyIsPrintableASCIIOfAtMost200Characters() {
    #expect(throws: DomainError.self) { try TerminalKey("") }
    #expect(throws: DomainError.self) { try TerminalKey(String(repeating: "k", count: 201)) }
    #expect(throws: DomainError.self) { try TerminalKey("tty\n1") }
    #expect(throws: DomainError.self) { try TerminalKey("터미널") }
    #expect((try? TerminalKey(String(repeating: "k", count: 200)))?.text.count == 200)
  }

  /// The bytes of every file of the store folder `directory`.
  static func folderBytes(_ directory: URL) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).reduce(0) { total, name in
      let attributes = try FileManager.default.attributesOfItem(
        atPath: directory.appendingPathComponent(name).path)
      return total + ((attributes[.size] as? NSNumber)?.intValue ?? 0)
    }
  }

  /// Commands in one terminal replace its list: after a few hundred saves, a few thousand
  /// more leave the store's files no larger than a json journal's fold (32 KiB) or sqlite's
  /// reuse of freed pages allow.
  @Test(arguments: Soak.all(StoreKind.fileStores, quick: .sqlite))
  func aStoreDoesNotGrowWithTheCommandsRun(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let text = String(repeating: "row ", count: 50)
    func save(_ round: Int) async throws {
      let list = ShownList(
        screen: .named("chat"),
        items: (1...20).map {
          ShownItem(number: $0 + round % 3, identity: .id(Int64($0)), text: text, value: text)
        }, page: 1 + round % 3)
      try await store.screens.save(list, for: round % 2 == 0 ? Self.one : Self.two)
    }
    for round in 0..<300 { try await save(round) }
    try await store.reopen()
    let settled = try Self.folderBytes(store.directory)
    for round in 300..<Soak.size(900, full: 10_000) { try await save(round) }
    try await store.reopen()
    let after = try Self.folderBytes(store.directory)
    #expect(after <= settled + 64 * 1024, "\(settled) bytes, then \(after)")
  }
}

import Foundation
import PocketData
import PocketDomain
import Synchronization
import TestSupport
import Testing

@testable import PocketApp

/// A store's screens, counting the reads that reach it.
private final class CountingScreens: ScreenRepository {
  let base: any ScreenRepository
  let reads = Mutex(0)

  init(_ base: any ScreenRepository) { self.base = base }

  func lastScreen() async throws -> Screen? {
    reads.withLock { $0 += 1 }
    return try await base.lastScreen()
  }
  func lastCalculatorCurrency() async throws -> String? {
    reads.withLock { $0 += 1 }
    return try await base.lastCalculatorCurrency()
  }
  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    reads.withLock { $0 += 1 }
    return try await base.shownList(for: terminal)
  }
  func save(_ screen: Screen) async throws { try await base.save(screen) }
  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    try await base.save(shown, for: terminal)
  }
  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    try await base.dropShownLists(where: isGone)
  }
}

/// What Pocket does while a postgres store's server is reached: the local screens are read
/// ahead (`ReadAheadScreens`), once.
@Suite(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ReadAheadTests {
  private let shown = ShownList(
    screen: .named("chat"), items: [ShownItem(number: 1, identity: .id(3), text: "hi", value: "")])

  @Test func theFirstReadsTakeWhatWasReadAheadAndLaterOnesReadTheStore() async throws {
    let store = InMemoryStore().repositories.screens
    try await store.save(.calculator(currency: "KRW"))
    try await store.save(shown, for: ThisTerminal.key)
    let counting = CountingScreens(store)
    let screens = ReadAheadScreens(counting)
    #expect(try await screens.lastScreen() == .calculator(currency: "KRW"))
    #expect(try await screens.lastCalculatorCurrency() == "KRW")
    #expect(try await screens.shownList(for: ThisTerminal.key) == shown)
    #expect(counting.reads.withLock { $0 } == 3, "each read once, ahead")
    // Another process saves: a later read is the store's.
    try await store.save(.named("chat"))
    #expect(try await screens.lastScreen() == .named("chat"))
    #expect(counting.reads.withLock { $0 } == 4)
  }

  @Test func aSaveBeforeTheFirstReadIsWhatThatReadGives() async throws {
    let store = InMemoryStore().repositories.screens
    try await store.save(.rates)
    let screens = ReadAheadScreens(store)
    try await screens.save(.named("mindLog"))
    try await screens.save(shown, for: ThisTerminal.key)
    #expect(try await screens.lastScreen() == .named("mindLog"))
    #expect(try await screens.shownList(for: ThisTerminal.key) == shown)
  }

  @Test func aReadAheadThatFailedIsReadAgain() async throws {
    let screens = ReadAheadScreens(FailingScreensOnce(InMemoryStore().repositories.screens))
    #expect(try await screens.lastScreen() == nil)
  }
}

/// Screens whose first read fails (a store busy for a moment), then read as `base`.
private final class FailingScreensOnce: ScreenRepository {
  let base: any ScreenRepository
  let failed = Mutex(false)

  init(_ base: any ScreenRepository) { self.base = base }

  private func failOnce() throws {
    let fail = failed.withLock { failed in
      defer { failed = true }
      return !failed
    }
    if fail { throw DomainError.storageUnavailable(path: "screens", reason: .system("busy")) }
  }

  func lastScreen() async throws -> Screen? {
    try failOnce()
    return try await base.lastScreen()
  }
  func lastCalculatorCurrency() async throws -> String? { try await base.lastCalculatorCurrency() }
  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    try await base.shownList(for: terminal)
  }
  func save(_ screen: Screen) async throws { try await base.save(screen) }
  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    try await base.save(shown, for: terminal)
  }
  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    try await base.dropShownLists(where: isGone)
  }
}

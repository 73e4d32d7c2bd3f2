import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct ScreenRepositoryContractTests {
  static let screens: [Screen] = [
    .rates, .calculator(currency: "KRW"), .stopwatch, .notices, .bookmarks, .mindLog, .chat,
  ]

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func nothingSavedIsNil(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.screens.lastScreen() == nil)
  }

  @Test(arguments: Soak.spread(screens, over: StoreKind.available))
  func everyScreenSurvivesReopen(kind: StoreKind, screen: Screen) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.screens.save(screen)
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.screens.lastScreen() == screen)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func saveReplacesTheSavedScreen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.screens.save(.calculator(currency: "JPY"))
    try await store.screens.save(.calculator(currency: "KRW"))
    try await store.screens.save(.mindLog)
    try await store.screens.save(.calculator(currency: "EUR"))
    try await store.reopen()
    #expect(try await store.screens.lastScreen() == .calculator(currency: "EUR"))
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func theLastCalculatorIsRememberedAcrossOtherScreens(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.screens.lastCalculatorCurrency() == nil)
    try await store.screens.save(.calculator(currency: "JPY"))
    try await store.screens.save(.calculator(currency: "KRW"))
    try await store.screens.save(.stopwatch)
    try await store.screens.save(.rates)
    try await store.reopen()
    #expect(try await store.screens.lastScreen() == .rates)
    #expect(try await store.screens.lastCalculatorCurrency() == "KRW")
  }
}

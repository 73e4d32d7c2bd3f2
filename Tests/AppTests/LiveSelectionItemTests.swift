import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// On the lists without numbered rows (the rates, the laps) the live view's selection is
/// on its item too: a currency pinned or unpinned (here or by another process) and a lap
/// taken elsewhere move the rows, and the selection stays on the currency or the lap it
/// was on. The store, the viewer and the waits are `StoreFollowSessionTests`'.
extension StoreFollowSessionTests {
  /// Presses ↓ until the selected row holds `text`; false when it never does.
  func select(_ text: String, on live: LiveController) async -> Bool {
    for _ in 0..<200 {
      if selected(live)?.contains(text) == true { return true }
      await live.handle(.down)
    }
    return selected(live)?.contains(text) == true
  }

  @Test func pinningTheSelectedCurrencyKeepsTheSelectionOnIt() async throws {
    let store = try open(.sqlite)
    let (live, following) = await viewer(store)
    defer { following.cancel() }
    await live.handle(.character("1"))
    #expect(await select(" JPY ", on: live))
    // Pinned, JPY moves to the top, among the favourites.
    await live.handle(.character("f"))
    #expect(try await store.rates.favorites().contains("JPY"))
    #expect(selected(live)?.contains(" JPY ") == true, "\(selected(live) ?? "none")")
    // A second `f` unpins the same currency, not the one now in its old row.
    let before = try await store.rates.favorites()
    await live.handle(.character("f"))
    #expect(try await store.rates.favorites() == before.subtracting(["JPY"]))
    #expect(selected(live)?.contains(" JPY ") == true, "\(selected(live) ?? "none")")
  }

  @Test func anotherProcesssPinKeepsTheSelectionOnItsCurrency() async throws {
    let (live, following) = await viewer(try open(.sqlite))
    defer { following.cancel() }
    await live.handle(.character("1"))
    #expect(await select(" ANG ", on: live))
    let other = try open(.sqlite)
    _ = try await other.rates.toggleFavorite("EUR")
    // EUR pinned stands above AED, which it follows by name.
    #expect(
      await eventually {
        let rows = live.frame().rows(live.state.size.rows).map(\.text)
        let eur = rows.firstIndex { $0.contains(" EUR ") }
        let aed = rows.firstIndex { $0.contains(" AED ") }
        guard let eur, let aed else { return false }
        return eur < aed
      })
    #expect(selected(live)?.contains(" ANG ") == true, "\(selected(live) ?? "none")")
  }

  @Test func aLapTakenElsewhereKeepsTheSelectionOnItsLap() async throws {
    let (live, following) = await viewer(try open(.sqlite))
    defer { following.cancel() }
    await live.handle(.character("2"))
    await live.handle(.character(" "))
    for _ in 0..<3 { await live.handle(.character("l")) }
    #expect(await select("Lap 2 ", on: live))
    let other = await Session.launched(strings: strings, repositories: try open(.sqlite))
    _ = await other.execute(.lap)
    #expect(
      await eventually {
        live.frame().rows(live.state.size.rows).contains { $0.text.contains("Lap 5") }
      })
    #expect(selected(live)?.contains("Lap 2 ") == true, "\(selected(live) ?? "none")")
  }
}

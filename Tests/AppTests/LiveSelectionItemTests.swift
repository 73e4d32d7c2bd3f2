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
/// was on.
@MainActor
@Suite("The selection stays on its rate or lap", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
final class LiveSelectionItemTests {
  let strings = Strings(language: .en, timeZone: .gmt)
  let directory: URL

  init() throws {
    directory = try Fixtures.temporaryDirectory(preferringMemory: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// A store on the test's folder: two of them stand for two processes.
  func open() throws -> Repositories {
    try SQLiteStore.open(path: directory.appendingPathComponent(SQLiteStore.fileName).path)
      .repositories
  }

  /// A live view on `repositories`, following its store as `LiveView` does.
  func viewer(_ repositories: Repositories) async -> (LiveController, Task<Void, Never>) {
    let session = await Session.launched(strings: strings, repositories: repositories)
    let live = LiveController(
      session: session, renderer: Renderer(strings: strings),
      size: TerminalSize(rows: 30, columns: 100))
    let following = session.followStore { reload in live.followed(await reload()) }
    return (live, following)
  }

  func selected(_ live: LiveController) -> String? {
    live.frame().rows(live.state.size.rows).map(\.text).first { $0.hasPrefix("› ") }
  }

  /// Presses ↓ until the selected row holds `text`; false when it never does.
  func select(_ text: String, on live: LiveController) async -> Bool {
    for _ in 0..<200 where selected(live)?.contains(text) != true {
      await live.handle(.down)
    }
    return selected(live)?.contains(text) == true
  }

  func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<6_000 where !condition() {
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  @Test func pinningTheSelectedCurrencyKeepsTheSelectionOnIt() async throws {
    let store = try open()
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
    let (live, following) = await viewer(try open())
    defer { following.cancel() }
    await live.handle(.character("1"))
    #expect(await select(" ANG ", on: live))
    let other = try open()
    _ = try await other.rates.toggleFavorite("EUR")
    // EUR pinned stands above AED, which it follows by name.
    #expect(
      await eventually {
        let rows = live.frame().rows(30).map(\.text)
        let eur = rows.firstIndex { $0.contains(" EUR ") }
        let aed = rows.firstIndex { $0.contains(" AED ") }
        guard let eur, let aed else { return false }
        return eur < aed
      })
    #expect(selected(live)?.contains(" ANG ") == true, "\(selected(live) ?? "none")")
  }

  @Test func aLapTakenElsewhereKeepsTheSelectionOnItsLap() async throws {
    let (live, following) = await viewer(try open())
    defer { following.cancel() }
    await live.handle(.character("2"))
    await live.handle(.character(" "))
    for _ in 0..<3 { await live.handle(.character("l")) }
    #expect(await select("Lap 2 ", on: live))
    let other = await Session.launched(strings: strings, repositories: try open())
    _ = await other.execute(.lap)
    #expect(await eventually { live.frame().rows(30).contains { $0.text.contains("Lap 5") } })
    #expect(selected(live)?.contains("Lap 2 ") == true, "\(selected(live) ?? "none")")
  }
}

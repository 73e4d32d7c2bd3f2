import Domain
import Testing

@Suite("Screen as text")
struct ScreenTextTests {
  /// Every screen; the switch below fails to compile when a screen is added without one.
  static let screens: [Screen] = [
    .rates, .calculator(currency: "KRW"), .stopwatch, .notices, .bookmarks, .mindLog, .chat,
  ]

  @Test func theListNamesEveryScreen() {
    func covered(_ screen: Screen) -> Bool {
      switch screen {
      case .rates, .calculator, .stopwatch, .notices, .bookmarks, .mindLog, .chat: true
      }
    }
    #expect(Self.screens.allSatisfy(covered))
    #expect(Set(Self.screens.map { ScreenText($0).name }).count == Self.screens.count)
  }

  /// The names are what the stores already hold on disk; they never change.
  @Test(
    arguments: zip(
      screens, ["rates", "calculator", "stopwatch", "notices", "bookmarks", "mindLog", "chat"]))
  func everyScreenRoundTrips(screen: Screen, name: String) {
    let text = ScreenText(screen)
    #expect(text.name == name)
    #expect(text.currency == (name == "calculator" ? "KRW" : nil))
    #expect(text.screen == screen)
  }

  @Test(arguments: [
    ScreenText(name: "calendar", currency: nil), ScreenText(name: "calculator", currency: nil),
    ScreenText(name: "rates", currency: "KRW"), ScreenText(name: "Rates", currency: nil),
  ])
  func unknownTextIsNoScreen(text: ScreenText) {
    #expect(text.screen == nil)
  }
}

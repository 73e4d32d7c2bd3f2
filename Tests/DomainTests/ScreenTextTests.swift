import PocketDomain
import Testing

@Suite("Screen as text")
struct ScreenTextTests {
  /// The names the stores already hold on disk; they never change.
  static let storedNames = [
    "rates", "calculator", "stopwatch", "notices", "bookmarks", "mindLog", "chat",
  ]

  @Test(arguments: storedNames)
  func everyStoredNameRoundTrips(name: String) {
    let currency: String? = name == "calculator" ? "KRW" : nil
    let screen = ScreenText(name: name, currency: currency).screen
    let expected: Screen = currency.map { .calculator(currency: $0) } ?? .named(name)
    #expect(screen == expected)
    #expect(screen.map(ScreenText.init) == ScreenText(name: name, currency: currency))
  }

  @Test func theRatesListIsTheNamedScreenRates() {
    #expect(ScreenText(.rates) == ScreenText(name: "rates", currency: nil))
  }

  /// A well-formed name no feature of this version shows is still a screen; what to show
  /// instead is the app's to decide.
  @Test func aLaterScreensNameIsAScreen() {
    #expect(ScreenText(name: "timer2", currency: nil).screen == .named("timer2"))
  }

  @Test(arguments: [
    ScreenText(name: "calculator", currency: nil), ScreenText(name: "rates", currency: "KRW"),
    ScreenText(name: "Rates", currency: nil), ScreenText(name: "", currency: nil),
    ScreenText(name: "mind log", currency: nil), ScreenText(name: "2fa", currency: nil),
    ScreenText(name: "café", currency: nil),
  ])
  func malformedTextIsNoScreen(text: ScreenText) {
    #expect(text.screen == nil)
  }
}

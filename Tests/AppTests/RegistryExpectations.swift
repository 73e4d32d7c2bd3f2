import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// What the tests expect of the chrome every screen shares — the tab line, the digit keys'
/// range — worked out from a registry's declarations (its tabs' titles and order), never
/// from a list of today's screens, so a new screen changes the expectations with it. The
/// tab line is spelled here as a person reads it, not by asking `Renderer`.
extension ScreenRegistry {
  /// Every registered screen and `TallyScreen`, a seventh declared in the test target only.
  static let withTally = ScreenRegistry(ScreenFeatures.all + [TallyScreen.self])

  /// The registries the golden screens and the live view's chrome are checked with: the
  /// one `pocket` ships, and the same with a tab more.
  static let underTest: [ScreenRegistry] = [.standard, .withTally]

  /// The titles on the tab line, in the order the tabs are registered.
  func tabTitles(_ language: Language = .en) -> [String] {
    tabs.map { $0.tab.title.text(language) }
  }

  /// The tab line with the tab that opens `current` in brackets: the titles in order, two
  /// spaces apart.
  func tabLine(current: Screen, _ language: Language = .en) -> String {
    tabs.map { entry in
      let title = entry.tab.title.text(language)
      return entry.tab.screen == current ? "[\(title)]" : title
    }.joined(separator: "  ")
  }

  /// The keys that show the screens, as the key bar and `?` name them: `1-6` for six tabs.
  var digitRange: String { "1-\(tabs.count)" }

  /// The digit key that shows tab `index` (from 0).
  static func digit(_ index: Int) -> Character { Character(String(index + 1)) }
}

extension ScreenRegistry: CustomTestStringConvertible {
  public var testDescription: String { "\(tabs.count) tabs" }
}

/// The expectations above, checked against screens written out by hand, on registries
/// that a new screen leaves as they are.
@Suite("Expectations derived from a registry")
struct RegistryExpectationsTests {
  let registry = ScreenRegistry([RatesScreen.self, CalculatorScreen.self, TallyScreen.self])

  @Test func theTabLineMarksTheCurrentTab() {
    #expect(registry.tabLine(current: TallyScreen.screen) == "Rates  [Tally]")
    #expect(registry.tabLine(current: .rates, .ko) == "[환율]  집계")
    #expect(registry.tabTitles() == ["Rates", "Tally"])
    #expect(registry.digitRange == "1-2")
  }

  /// `withTally` has exactly one tab more than the standard registry, the tally's, last.
  @Test func theTestRegistryHasOneTabMore() {
    #expect(ScreenRegistry.withTally.tabs.count == ScreenRegistry.standard.tabs.count + 1)
    #expect(ScreenRegistry.withTally.tabs.last?.tab.screen == TallyScreen.screen)
    #expect(ScreenRegistry.withTally.digitRange != ScreenRegistry.standard.digitRange)
  }
}

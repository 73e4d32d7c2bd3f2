/// A screen of the app, by the name the stores keep it under (`"stopwatch"`, `"mindLog"`).
/// The calculator is pushed from the rates list and remembers its currency, which the
/// stores keep beside it. Each screen's name is declared by its feature; Domain knows only
/// the rates list, the screen shown before any other.
public enum Screen: Hashable, Sendable {
  case named(String)
  case calculator(currency: String)

  /// The screen shown on first launch.
  public static let rates = Screen.named("rates")
}

/// A screen as text, the one form every store keeps it in: the screen's name
/// (`"calculator"`, `"mindLog"`) and, for the calculator only, its currency.
public struct ScreenText: Equatable, Sendable {
  public var name: String
  public var currency: String?

  public init(name: String, currency: String?) {
    self.name = name
    self.currency = currency
  }

  public init(_ screen: Screen) {
    switch screen {
    case .named(let name): self.init(name: name, currency: nil)
    case .calculator(let currency): self.init(name: "calculator", currency: currency)
    }
  }

  /// The screen this text names; `nil` for a name that is not a screen's (empty, or other
  /// than ASCII letters and digits starting with a small letter), a calculator without a
  /// currency, or a currency on any other screen. A well-formed name no feature shows (a
  /// screen of a later version) is still a screen: the app decides what to show instead.
  public var screen: Screen? {
    switch (name, currency) {
    case ("calculator", let currency?): return .calculator(currency: currency)
    case ("calculator", nil), (_, .some): return nil
    case (let name, nil):
      guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
        name.unicodeScalars.allSatisfy({
          $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
        })
      else { return nil }
      return .named(name)
    }
  }
}

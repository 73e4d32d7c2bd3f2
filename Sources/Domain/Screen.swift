/// A screen of the app. The calculator is pushed from the rates list and remembers
/// its currency; every other screen is a tab.
public enum Screen: Hashable, Sendable {
  case rates
  case calculator(currency: String)
  case stopwatch
  case notices
  case bookmarks
  case mindLog
  case chat

  /// The tab this screen belongs to.
  public var tab: Tab {
    switch self {
    case .rates, .calculator: .rates
    case .stopwatch: .stopwatch
    case .notices: .notices
    case .bookmarks: .bookmarks
    case .mindLog: .mindLog
    case .chat: .chat
    }
  }
}

/// The tab bar, in display order.
public enum Tab: String, CaseIterable, Hashable, Sendable {
  case rates, stopwatch, notices, bookmarks, mindLog, chat
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
    case .rates: self.init(name: "rates", currency: nil)
    case .calculator(let currency): self.init(name: "calculator", currency: currency)
    case .stopwatch: self.init(name: "stopwatch", currency: nil)
    case .notices: self.init(name: "notices", currency: nil)
    case .bookmarks: self.init(name: "bookmarks", currency: nil)
    case .mindLog: self.init(name: "mindLog", currency: nil)
    case .chat: self.init(name: "chat", currency: nil)
    }
  }

  /// The screen this text names; `nil` for an unknown name, a calculator without a
  /// currency, or a currency on any other screen.
  public var screen: Screen? {
    switch (name, currency) {
    case ("rates", nil): .rates
    case ("calculator", let currency?): .calculator(currency: currency)
    case ("stopwatch", nil): .stopwatch
    case ("notices", nil): .notices
    case ("bookmarks", nil): .bookmarks
    case ("mindLog", nil): .mindLog
    case ("chat", nil): .chat
    default: nil
    }
  }
}

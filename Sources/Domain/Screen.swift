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

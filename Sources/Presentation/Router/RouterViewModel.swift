import Observation
import PocketDomain

/// Which screen is showing: tabs, plus the calculator pushed from the rate list.
/// Every change is saved, so the next launch comes back to the same screen.
@MainActor @Observable
public final class RouterViewModel: ObservedViewModel, MessageReporting {
  /// Which screen shows, and a message.
  public struct State: MessageShowing, Equatable, Sendable {
    public var screen: Screen = .rates
    /// The currency of the calculator opened last, for `convert` from another screen.
    public var lastCalculatorCurrency: String?
    public var message: Message?

    public init(
      screen: Screen = .rates, lastCalculatorCurrency: String? = nil, message: Message? = nil
    ) {
      self.screen = screen
      self.lastCalculatorCurrency = lastCalculatorCurrency
      self.message = message
    }
  }

  /// The state `state` reads (`message` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [])
  private let screens: any ScreenRepository
  private let restore: RestoreLastScreen

  public init(screens: any ScreenRepository) {
    self.screens = screens
    restore = RestoreLastScreen(screens: screens)
  }

  /// Shows the screen saved last (the rate list on first launch).
  public func restoreLastScreen() async {
    let restored = await attempt {
      (try await restore(), try await screens.lastCalculatorCurrency())
    }
    if let (screen, currency) = restored {
      state.screen = screen
      state.lastCalculatorCurrency = currency
    }
  }

  /// Comes back to the screen saved last, with `calculator` opened on its currency when
  /// that screen is the calculator. A currency the cached rates no longer list falls back
  /// to the rate list, which is saved as the screen shown.
  public func launch(calculator: CalculatorViewModel) async {
    await restoreLastScreen()
    guard state.message == nil, case .calculator(let code) = state.screen else { return }
    if await !calculator.open(code) {
      await show(.rates)
    }
  }

  /// Shows `screen` and remembers it. Showing the current screen saves nothing.
  /// - Returns: false when the screen could not be saved (the message says why).
  @discardableResult
  public func show(_ screen: Screen) async -> Bool {
    state.message = nil
    guard screen != state.screen else { return true }
    guard await attempt({ try await screens.save(screen) }) != nil else { return false }
    state.screen = screen
    if case .calculator(let currency) = screen { state.lastCalculatorCurrency = currency }
    return true
  }

  /// Pops the calculator back to the rate list; elsewhere does nothing.
  @discardableResult
  public func back() async -> Bool {
    guard case .calculator = state.screen else { return true }
    return await show(.rates)
  }
}

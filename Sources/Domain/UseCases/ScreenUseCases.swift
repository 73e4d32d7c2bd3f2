/// Remembers the screen the user is on.
public struct SaveLastScreen: Sendable {
  private let screens: any ScreenRepository
  public init(screens: any ScreenRepository) { self.screens = screens }

  public func callAsFunction(_ screen: Screen) async throws {
    try await screens.save(screen)
  }
}

/// The currency of the calculator opened last, so `convert` can bring it back from any
/// screen.
public struct FindLastCalculatorCurrency: Sendable {
  private let screens: any ScreenRepository
  public init(screens: any ScreenRepository) { self.screens = screens }

  public func callAsFunction() async throws -> String? {
    try await screens.lastCalculatorCurrency()
  }
}

/// The screen to show on launch: the last one saved, else the rates list.
public struct RestoreLastScreen: Sendable {
  private let screens: any ScreenRepository
  public init(screens: any ScreenRepository) { self.screens = screens }

  public func callAsFunction() async throws -> Screen {
    try await screens.lastScreen() ?? .rates
  }
}

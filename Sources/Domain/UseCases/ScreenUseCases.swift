/// The screen to show on launch: the last one saved, else the rates list.
public struct RestoreLastScreen: Sendable {
  private let screens: any ScreenRepository
  public init(screens: any ScreenRepository) { self.screens = screens }

  public func callAsFunction() async throws -> Screen {
    try await screens.lastScreen() ?? .rates
  }
}

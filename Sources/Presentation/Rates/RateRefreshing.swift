import Foundation
import PocketDomain

/// How a rate list refreshes beyond the source given for one run: where a source chosen
/// once is remembered (the store's local folder), how a remembered source is made, and
/// whether rates are refreshed by themselves once they are due.
public struct RateRefreshing: Sendable {
  /// Where the source chosen once and the last refresh when due are kept.
  public var settings: any RateSettingsRepository
  /// The source chosen for this run (`--online`, `--rates-url`, `--rates-file`): a refresh
  /// from it that the source answers remembers it. `nil`: the remembered one is used.
  public var chosen: RateSourceChoice?
  /// The source of a choice; `whenDue`: for a refresh when due, which gives up sooner (it
  /// stands before what the user asked for).
  public var source:
    @Sendable (_ choice: RateSourceChoice, _ whenDue: Bool) -> any ExchangeRateSource
  /// Whether rates are refreshed by themselves once due (`false`: `--offline`).
  public var refreshesWhenDue: Bool

  public init(
    settings: any RateSettingsRepository, chosen: RateSourceChoice? = nil,
    source:
      @escaping @Sendable (_ choice: RateSourceChoice, _ whenDue: Bool) ->
      any ExchangeRateSource,
    refreshesWhenDue: Bool = true
  ) {
    self.settings = settings
    self.chosen = chosen
    self.source = source
    self.refreshesWhenDue = refreshesWhenDue
  }
}

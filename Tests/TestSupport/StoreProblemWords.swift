import Foundation
import PocketDomain
import PocketPresentation

extension StoreProblem {
  /// What an English user reads of this problem (`Strings.reason`): for tests that look
  /// for what a store said of its failure.
  public var english: String { Strings(language: .en, timeZone: .gmt).reason(self) }
}

extension StoreCause {
  /// What an English user reads of this cause alone (`Strings.reason`).
  public var english: String { StoreProblem(self).english }
}

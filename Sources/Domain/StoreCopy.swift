import Foundation

/// This machine's copy of a shared store's records (the postgres store's), as `pocket store`
/// says it: where it is, when it was last brought up to date, and whether it is shown
/// because the server did not answer.
public struct StoreCopy: Equatable, Sendable {
  /// The copy's file.
  public var path: String
  /// When it was last brought up to date; `nil`: it cannot be read.
  public var copiedAt: Date?
  /// The server did not answer this process: the copy is shown, and no change can be made.
  public var offline: Bool

  public init(path: String, copiedAt: Date?, offline: Bool) {
    self.path = path
    self.copiedAt = copiedAt
    self.offline = offline
  }
}

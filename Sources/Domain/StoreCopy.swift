import Foundation

/// This machine's copy of a shared store's records (the postgres store's), as `pocket store`
/// says it: where it is, when it was last brought up to date, whether it is shown because
/// the server did not answer, and the number of this machine.
public struct StoreCopy: Equatable, Sendable {
  /// The copy's file.
  public var path: String
  /// When it was last brought up to date; `nil`: it cannot be read.
  public var copiedAt: Date?
  /// The server did not answer this process: the copy is shown, and no change can be made.
  public var offline: Bool
  /// The number the server gave this machine (1 to 8,191), which no other machine of the
  /// store has; `nil` until the copy's first pull claims it.
  public var machine: Int?

  public init(path: String, copiedAt: Date?, offline: Bool, machine: Int? = nil) {
    self.path = path
    self.copiedAt = copiedAt
    self.offline = offline
    self.machine = machine
  }
}

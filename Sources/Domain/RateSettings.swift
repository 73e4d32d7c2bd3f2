import Foundation

/// Where a refresh fetches rates from, as a user names it: an open.er-api.com style endpoint
/// or a file holding such a response.
public enum RateSourceChoice: Equatable, Hashable, Sendable {
  case http(URL)
  case file(String)
}

/// The rate settings a store's local folder keeps for the machine: the source chosen once,
/// which every later refresh uses, and when a refresh was last tried because the cached set
/// was due (so refreshes when due happen at most once per published period, whichever
/// process tries).
public struct RateSettings: Equatable, Sendable {
  /// The remembered source; `nil`: none (the bundled snapshot only seeds an empty cache).
  public var source: RateSourceChoice?
  /// When a refresh was last tried because the rates were due, by any process.
  public var triedWhenDueAt: Date?

  public init(source: RateSourceChoice? = nil, triedWhenDueAt: Date? = nil) {
    self.source = source
    self.triedWhenDueAt = triedWhenDueAt
  }

  /// Whether a refresh when due should be tried at `now` for the cached `board`: it is due
  /// (`RateBoard.dueSince`), and no try was made since its next update time, or a
  /// published period (`nextUpdateAt - publishedAt`, at least an hour) has passed since
  /// the last try (a try dated after `now` is a clock that went back: it does not hold a
  /// try off). A set that cannot be real (from the future) is tried once a period too.
  public func shouldTryWhenDue(_ board: RateBoard, now: Date) -> Bool {
    guard board.dueSince(now: now) != nil else { return false }
    guard let tried = triedWhenDueAt, tried <= now else { return true }
    let period = max(board.nextUpdateAt.timeIntervalSince(board.publishedAt), 3_600)
    // A try before the set's next update time (now passed) was for the period before.
    let triedBefore = board.nextUpdateAt <= now && tried < board.nextUpdateAt
    return triedBefore || now.timeIntervalSince(tried) >= period
  }
}

/// Where a store keeps its `RateSettings`: its local folder (never shared between machines:
/// a file path or a URL chosen on one machine need not work on another), or memory.
public protocol RateSettingsRepository: Sendable {
  /// The settings; empty ones when none were ever saved.
  /// - Throws: `.corruptStore` when the kept settings are not what Pocket writes (they are
  ///   reported, never reset); `.storageUnavailable` when they cannot be read.
  func settings() async throws -> RateSettings
  /// Changes the settings with `change` and keeps them, replaced whole (a reader sees the
  /// old settings or the new, never a mix; of two processes changing them at once, the
  /// later write stands: these are settings, not records).
  @discardableResult
  func update(_ change: @Sendable (inout RateSettings) -> Void) async throws -> RateSettings
}

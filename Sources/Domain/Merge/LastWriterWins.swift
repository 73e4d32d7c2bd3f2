/// A value the shared store merges by "the last writer wins": of every write that reaches
/// it, in whatever order, the one with the greatest version holds (`docs/local-first.md`,
/// the merge rules). The version is a hybrid time (`HybridTime`) for bookmarks, favourites
/// and the stopwatch, and the publication time first for a rate set
/// (`RateSetVersion`). A write that is already there, or older than the one that holds,
/// changes nothing, so writes can arrive twice and out of order and every machine that has
/// seen the same writes holds the same value.
public struct LastWriterWins<Value: Equatable & Sendable, Version: Comparable & Sendable>:
  Equatable, Sendable
{
  /// The value of the write that holds.
  public private(set) var value: Value
  /// Its version.
  public private(set) var version: Version

  public init(_ value: Value, version: Version) {
    self.value = value
    self.version = version
  }

  /// Takes `value` when `version` is later than the one that holds; says whether it did.
  @discardableResult
  public mutating func write(_ value: Value, version: Version) -> Bool {
    guard version > self.version else { return false }
    self.value = value
    self.version = version
    return true
  }

  /// The write that holds of `self` and `other`: the later of the two.
  public func merged(with other: Self) -> Self {
    other.version > version ? other : self
  }
}

/// A set keyed by identity whose entries the last writer wins, each key on its own:
/// bookmarks by URL, favourite currencies by code. A removal is kept, with its time, as
/// long as the map is (a tombstone), so an add older than it that arrives after it does not
/// bring the entry back; an add later than the removal does.
public struct LastWriterWinsMap<Key: Hashable & Sendable, Value: Equatable & Sendable>:
  Equatable, Sendable
{
  private var entries: [Key: LastWriterWins<Value?, HybridTime>] = [:]

  public init() {}

  /// The entries present (not removed), by key.
  public var values: [Key: Value] { entries.compactMapValues(\.value) }

  /// The entry of `key`, unless it is absent or removed.
  public subscript(key: Key) -> Value? { entries[key]?.value ?? nil }

  /// When `key` was last written (set or removed); `nil` when never.
  public func time(of key: Key) -> HybridTime? { entries[key]?.version }

  /// Sets `key` to `value` at `time`, unless a later write of `key` holds; says whether it
  /// took.
  @discardableResult
  public mutating func set(_ key: Key, to value: Value, at time: HybridTime) -> Bool {
    write(key, value, at: time)
  }

  /// Removes `key` at `time`, unless a later write of `key` holds; says whether it took.
  @discardableResult
  public mutating func remove(_ key: Key, at time: HybridTime) -> Bool {
    write(key, nil, at: time)
  }

  private mutating func write(_ key: Key, _ value: Value?, at time: HybridTime) -> Bool {
    guard var entry = entries[key] else {
      entries[key] = LastWriterWins(value, version: time)
      return true
    }
    defer { entries[key] = entry }
    return entry.write(value, version: time)
  }
}

/// The order in which rate sets win: the newest published set, and of two published at the
/// same time, the later write (`docs/local-first.md`: newer rates are better rates,
/// whichever machine fetched them).
public struct RateSetVersion: Comparable, Hashable, Sendable {
  /// When the source published the set, in milliseconds since 1970.
  public var publishedMilliseconds: Int64
  /// When a machine stored it.
  public var time: HybridTime

  public init(publishedMilliseconds: Int64, time: HybridTime) {
    self.publishedMilliseconds = publishedMilliseconds
    self.time = time
  }

  public static func < (lhs: RateSetVersion, rhs: RateSetVersion) -> Bool {
    (lhs.publishedMilliseconds, lhs.time) < (rhs.publishedMilliseconds, rhs.time)
  }
}

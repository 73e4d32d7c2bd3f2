import PocketDomain

// Tests arrange a store's data through the repository methods the app's commands use, so
// no repository method exists only for tests.

extension StopwatchRepository {
  /// Replaces the stored stopwatch (laps are untouched) through `update`, as start and stop do.
  public func update(saving stopwatch: Stopwatch) async throws {
    try await update { _, _ in (.save(stopwatch), ()) }
  }

  /// Inserts `lap` through `update`, as the lap command does; a number already stored
  /// throws `DomainError.duplicate` and stores nothing.
  public func update(appending lap: Lap) async throws {
    try await update { _, _ in (.appendLap(lap), ()) }
  }
}

extension BookmarkRepository {
  /// Bookmarks `bookmark` through `toggle`, as the bookmark command does.
  /// - Throws: `DomainError.duplicate`, changing nothing, when its url is bookmarked already
  ///   (a toggle would remove it).
  public func toggleOn(_ bookmark: Bookmark) async throws {
    guard try await bookmarkedURLs(among: [bookmark.url]).isEmpty,
      try await toggle(bookmark) == .bookmarked
    else { throw DomainError.duplicate }
  }
}

/// A snapshot a test meant to store that the store kept out (not newer than its latest).
public struct SnapshotNotStored: Error, Equatable {
  public let latest: RateSnapshot
}

extension ExchangeRateRepository {
  /// Stores `snapshot` through `store(_:if: .newerThanLatest)`, as a refresh does.
  /// - Throws: `SnapshotNotStored` when the store keeps its latest instead (`snapshot` is not
  ///   newer), so a test never goes on from a state it did not arrange.
  public func storeNewer(_ snapshot: RateSnapshot) async throws {
    if case .kept(let latest) = try await store(snapshot, if: .newerThanLatest) {
      throw SnapshotNotStored(latest: latest)
    }
  }

  /// Makes `code` a favourite, or not, through `toggleFavorite`, as the favourite command
  /// does; doing what is already so changes nothing.
  public func toggleFavorite(_ code: String, to isFavorite: Bool) async throws {
    guard try await favorites().contains(code) != isFavorite else { return }
    _ = try await toggleFavorite(code)
  }
}

extension MindLogRepository {
  /// Replaces the entry with `entry.id` by `entry` through `update(id:score:note:date:)`, as
  /// the edit command does; a missing id throws `DomainError.notFound`.
  public func update(replacing entry: MindLog) async throws {
    _ = try await update(id: entry.id, score: entry.score, note: entry.note, date: entry.date)
  }
}

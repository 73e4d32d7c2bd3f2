import Domain
import Foundation

struct SQLiteBookmarkRepository: BookmarkRepository {
  let database: SQLiteDatabase

  static let insert = "INSERT INTO bookmarks (\(BookmarkRow.columns)) VALUES (?, ?, ?, ?)"
  static let page = """
    SELECT \(BookmarkRow.columns) FROM bookmarks
    ORDER BY bookmarked_at_ms DESC, id DESC LIMIT ? OFFSET ?
    """
  static let isBookmarked = "SELECT 1 FROM bookmarks WHERE url = ?"
  static let deleteURL = "DELETE FROM bookmarks WHERE url = ? RETURNING bookmarked_at_ms, id"
  /// `page` read from the other end.
  static let pageReversed = """
    SELECT \(BookmarkRow.columns) FROM bookmarks
    ORDER BY bookmarked_at_ms ASC, id ASC LIMIT ? OFFSET ?
    """

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("bookmarks", connection)
      let items = try rows(
        window, total: total, forward: Self.page, backward: Self.pageReversed,
        index: .bookmarks, connection
      ) { try BookmarkRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    try await database.read { connection in
      var found = Set<String>()
      for url in Set(urls)
      where try connection.integer(Self.isBookmarked, url) != nil {
        found.insert(url)
      }
      return found
    }
  }

  static func insert(_ bookmark: Bookmark, _ connection: SQLiteConnection) throws {
    let row = BookmarkRow(try bookmark.storable())
    try insertUnique(
      connection, insert, row.url, row.title, row.noticeDateMs, row.bookmarkedAtMs)
    try ListIndex.bookmarks.added(
      key: row.bookmarkedAtMs, id: connection.lastInsertedRowID, connection)
  }

  /// Deletes the bookmark with `url`; whether there was one.
  static func delete(url: String, _ connection: SQLiteConnection) throws -> Bool {
    let keys = try connection.query(deleteURL, url) { ($0.int64(0), $0.int64(1)) }
    guard let key = keys.first else { return false }
    try ListIndex.bookmarks.removed(key: key.0, id: key.1, connection)
    return true
  }

  func toggle(_ bookmark: Bookmark, if condition: WriteCondition<Bool>) async throws
    -> BookmarkState
  {
    try await database.write { connection in
      if condition.readsItem {
        try condition(try Self.bookmark(url: bookmark.url, connection) != nil)
      }
      guard try !Self.delete(url: bookmark.url, connection) else { return .removed }
      try Self.insert(bookmark, connection)
      return .bookmarked
    }
  }

  func rename(url: String, to title: String, if condition: WriteCondition<Bookmark>)
    async throws
  {
    if let problem = InputField.title.problem(title, field: "title", mayBeEmpty: true) {
      throw DomainError.invalidInput(.outOfRange(problem))
    }
    try await database.write { connection in
      if condition.readsItem { try condition(try Self.bookmark(url: url, connection)) }
      try connection.execute("UPDATE bookmarks SET title = ? WHERE url = ?", title, url)
      try requireChange(connection)
    }
  }

  func delete(url: String, if condition: WriteCondition<Bookmark>) async throws {
    try await database.write { connection in
      if condition.readsItem { try condition(try Self.bookmark(url: url, connection)) }
      guard try Self.delete(url: url, connection) else { throw DomainError.notFound }
    }
  }

  static let select = "SELECT \(BookmarkRow.columns) FROM bookmarks WHERE url = ?"

  func bookmark(url: String) async throws -> Bookmark? {
    try await database.read { connection in try Self.bookmark(url: url, connection) }
  }

  private static func bookmark(url: String, _ connection: SQLiteConnection) throws -> Bookmark? {
    try connection.query(select, url) { try BookmarkRow($0).toDomain() }.first
  }

  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await database.write { connection in
      let count = try rowCount("bookmarks", connection)
      guard count <= limit else { return .refused(count: count) }
      guard count > 0 else { return .empty }
      try connection.execute("DELETE FROM bookmarks")
      try ListIndex.bookmarks.rebuild(connection)
      return .deleted
    }
  }
}

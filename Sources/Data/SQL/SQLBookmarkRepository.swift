import Foundation
import PocketDomain

/// The statements of `SQLBookmarkRepository`.
enum BookmarkSQL {
  static let insert = SQLText(
    "INSERT INTO bookmarks (\(BookmarkRow.columns)) VALUES (?, ?, ?, ?)")
  /// `insert`, giving the new row's id (for the list's blocks).
  static let insertReturningID = SQLText(insert.questionMarks + " RETURNING id")
  static let deleteURL = SQLText(
    "DELETE FROM bookmarks WHERE url = ? RETURNING bookmarked_at_ms, id")
  static let rename = SQLText("UPDATE bookmarks SET title = ? WHERE url = ?")
  static let select = SQLText("SELECT \(BookmarkRow.columns) FROM bookmarks WHERE url = ?")
  static let deleteAll = SQLText("DELETE FROM bookmarks")
}

/// The bookmarks of an SQL store (SQLite or PostgreSQL).
struct SQLBookmarkRepository<Database: SQLDatabase>: BookmarkRepository {
  let database: Database

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    // Newest first; `id` puts the later of two inserts made at one time first.
    try await page(offset: offset, limit: limit, of: .bookmarks, in: database) {
      try BookmarkRow($0).toDomain()
    }
  }

  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    let urls = Set(urls)
    return try await database.read { connection in
      try connection.present(urls, column: "url", table: "bookmarks")
    }
  }

  /// Inserts `bookmark`; one with its url stored already throws `DomainError.duplicate`.
  static func insert(_ bookmark: Bookmark, _ connection: Database.Connection) throws {
    let row = BookmarkRow(try bookmark.storable())
    let ids: [Int64]
    do {
      ids = try connection.query(
        BookmarkSQL.insertReturningID, row.url, row.title, row.noticeDateMs, row.bookmarkedAtMs
      ) { $0.int64(0) }
    } catch let error as any SQLDatabaseError where error.isUniquenessViolation {
      throw DomainError.duplicate
    }
    if let id = ids.first {
      try connection.listAdded(.bookmarks, key: row.bookmarkedAtMs, id: id)
    }
  }

  /// Deletes the bookmark with `url`; whether there was one.
  static func delete(url: String, _ connection: Database.Connection) throws -> Bool {
    let keys = try connection.query(BookmarkSQL.deleteURL, url) { ($0.int64(0), $0.int64(1)) }
    guard let key = keys.first else { return false }
    try connection.listRemoved(.bookmarks, key: key.0, id: key.1)
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
    try await database.write(readingFirst: condition.readsItem) { connection in
      if condition.readsItem { try condition(try Self.bookmark(url: url, connection)) }
      try requireChange(try connection.execute(BookmarkSQL.rename, title, url))
    }
  }

  func delete(url: String, if condition: WriteCondition<Bookmark>) async throws {
    try await database.write { connection in
      if condition.readsItem { try condition(try Self.bookmark(url: url, connection)) }
      guard try Self.delete(url: url, connection) else { throw DomainError.notFound }
    }
  }

  func bookmark(url: String) async throws -> Bookmark? {
    try await database.read { connection in try Self.bookmark(url: url, connection) }
  }

  private static func bookmark(url: String, _ connection: Database.Connection) throws
    -> Bookmark?
  {
    try connection.query(BookmarkSQL.select, url) { try BookmarkRow($0).toDomain() }.first
  }

  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await database.write { connection in
      let count = try rowCount("bookmarks", connection)
      guard count <= limit else { return .refused(count: count) }
      guard count > 0 else { return .empty }
      try connection.execute(BookmarkSQL.deleteAll)
      try connection.listReplaced(.bookmarks)
      return .deleted
    }
  }
}

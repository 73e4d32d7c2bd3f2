import Domain
import Foundation

struct PostgresBookmarkRepository: BookmarkRepository {
  let database: PostgresDatabase

  static let insert = "INSERT INTO bookmarks (\(BookmarkRow.columns)) VALUES ($1, $2, $3, $4)"
  /// Newest first; `id` (an identity) puts the later of two inserts made at one time first.
  static let page = """
    SELECT \(BookmarkRow.columns) FROM bookmarks
    ORDER BY bookmarked_at_ms DESC, id DESC LIMIT $1 OFFSET $2
    """
  /// `page` read from the other end.
  static let pageReversed = """
    SELECT \(BookmarkRow.columns) FROM bookmarks
    ORDER BY bookmarked_at_ms ASC, id ASC LIMIT $1 OFFSET $2
    """
  /// The urls of an array (`PostgresArray`) that are bookmarked: one statement for them all.
  static let bookmarkedAmong = "SELECT url FROM bookmarks WHERE url = ANY ($1::text[])"
  static let deleteURL = "DELETE FROM bookmarks WHERE url = $1"
  static let rename = "UPDATE bookmarks SET title = $1 WHERE url = $2"
  static let select = "SELECT \(BookmarkRow.columns) FROM bookmarks WHERE url = $1"

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("bookmarks", connection)
      let items = try postgresRows(
        window, total: total, forward: Self.page, backward: Self.pageReversed,
        index: .bookmarks, connection
      ) { try BookmarkRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    let among = PostgresArray.literal(Array(Set(urls)))
    return try await database.read { connection in
      Set(try connection.query(Self.bookmarkedAmong, among) { $0.text(0) })
    }
  }

  static func insert(_ bookmark: Bookmark, _ connection: PostgresConnection) throws {
    let row = BookmarkRow(try bookmark.storable())
    try insertUnique(
      connection, insert, row.url, row.title, row.noticeDateMs, row.bookmarkedAtMs)
  }

  /// Deletes the bookmark with `url`; whether there was one.
  static func delete(url: String, _ connection: PostgresConnection) throws -> Bool {
    try connection.execute(deleteURL, url) > 0
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
      try requireChange(try connection.execute(Self.rename, title, url))
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

  private static func bookmark(url: String, _ connection: PostgresConnection) throws
    -> Bookmark?
  {
    try connection.query(select, url) { try BookmarkRow($0).toDomain() }.first
  }

  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await database.write { connection in
      let count = try rowCount("bookmarks", connection)
      guard count <= limit else { return .refused(count: count) }
      guard count > 0 else { return .empty }
      try connection.execute("DELETE FROM bookmarks")
      return .deleted
    }
  }
}

import Foundation
import PocketDomain
import PocketTesting
import TestSupport

@testable import PocketData

/// Random writes of every kind on a postgres store, for the copy's tests
/// (`PostgresReplicaTests`): Pocket's writes through its repositories, and another client's
/// statements (`psql`) that move keys and unique values, truncate and cascade. A write the
/// store refuses (a URL bookmarked already, a unique value taken) changes nothing and is
/// named as refused (as are rates older than the latest).
struct ReplicaWrites {
  /// A write made: its kind (`0 ..< kinds`), what it was, and whether the store refused it.
  struct Done: CustomStringConvertible {
    let kind: Int
    let name: String
    let refused: Bool
    var description: String { refused ? "\(name) (refused)" : name }
  }

  let repositories: Repositories
  let psql: PostgresConnection
  var random: SeededGenerator
  private(set) var done: [Done] = []

  init(repositories: Repositories, psql: PostgresConnection, seed: UInt64) {
    self.repositories = repositories
    self.psql = psql
    random = SeededGenerator(seed: seed)
  }

  /// The number of kinds `one` chooses from.
  static let kinds = 21

  /// A number of writes from 0 to `most`.
  mutating func count(upTo most: Int) -> Int { Int.random(in: 0...most, using: &random) }

  /// One write of a kind chosen at random.
  mutating func one() async throws {
    let kind = Int.random(in: 0..<Self.kinds, using: &random)
    let (name, write) = try choose(kind)
    do {
      try await write()
      done.append(Done(kind: kind, name: name, refused: false))
    } catch is DomainError {
      done.append(Done(kind: kind, name: name, refused: true))
    } catch is PostgresError {
      done.append(Done(kind: kind, name: name, refused: true))
    } catch is SnapshotNotStored {
      done.append(Done(kind: kind, name: name, refused: true))
    }
  }

  private mutating func choose(_ kind: Int) throws -> (String, () async throws -> Void) {
    let store = repositories
    let psql = psql
    let text = text()
    let date = Fixtures.date(Int64.random(in: 0...4_000_000_000_000, using: &random))
    let pick = Int.random(in: 0..<1_000, using: &random)
    switch kind {
    case 0:
      return ("a message", { _ = try await store.chat.insert(content: text, date: date) })
    case 1:
      return (
        "messages at once",
        { _ = try await store.chat.insert(contentsOf: [(text, date), ("and " + text, date)]) }
      )
    case 2:
      let id = try existing("chat_messages", pick)
      return (
        "a message edited",
        { try await store.chat.update(ChatMessage(id: id ?? 1, content: text, date: date)) }
      )
    case 3:
      let id = try existing("chat_messages", pick)
      return ("a message deleted", { try await store.chat.delete(id: id ?? 1) })
    case 4:
      let score = Decimal(pick % 11)
      return (
        "a mind-log entry",
        { _ = try await store.mindLogs.insert(date: date, score: score, note: text) }
      )
    case 5:
      let id = try existing("mind_logs", pick)
      return (
        "a mind-log entry changed",
        { _ = try await store.mindLogs.update(id: id ?? 1, score: 7, note: text, date: date) }
      )
    case 6:
      let id = try existing("mind_logs", pick)
      return ("a mind-log entry deleted", { try await store.mindLogs.delete(id: id ?? 1) })
    case 7:
      let bookmark = Bookmark(
        url: "https://example.com/\(pick % 6)", title: text, noticeDate: date, bookmarkedAt: date)
      return ("a bookmark", { try await store.bookmarks.toggleOn(bookmark) })
    case 8:
      return (
        "a bookmark renamed",
        { try await store.bookmarks.rename(url: "https://example.com/\(pick % 6)", to: text) }
      )
    case 9:
      return (
        "a bookmark removed",
        { try await store.bookmarks.delete(url: "https://example.com/\(pick % 6)") }
      )
    case 10:
      return (
        "the stopwatch started",
        { try await store.stopwatch.update(saving: Stopwatch(startedAt: date)) }
      )
    case 11:
      let newest = try psql.query(
        "SELECT coalesce(max(number), 0), coalesce(max(total_ms), 0) FROM laps", arguments: []
      ) { (Int($0.int64(0)), $0.int64(1)) }[0]
      let lap = Lap(
        number: newest.0 + 1, lapTime: .milliseconds(pick),
        total: .milliseconds(newest.1 + Int64(pick)))
      return ("a lap", { try await store.stopwatch.update(appending: lap) })
    case 12:
      return ("the stopwatch reset", { try await store.stopwatch.reset() })
    case 13:
      let day = Int64(pick % 50 + 1) * 86_400_000
      let snapshot = RateSnapshot(
        base: "USD", publishedAt: Fixtures.date(day), nextUpdateAt: Fixtures.date(day + 3_600_000),
        rates: ["USD": 1, "KRW": Decimal(1_300 + pick), "EUR": Decimal(pick % 7 + 1) / 8])
      return ("rates", { try await store.rates.storeNewer(snapshot) })
    case 14:
      let code = ["EUR", "KRW", "JPY", "GBP"][pick % 4]
      return ("a favourite", { _ = try await store.rates.toggleFavorite(code) })
    case 15:
      return ("a tally clicked", { try await store.records(Tally.self).click("k\(pick % 3)") })
    case 16:
      return (
        "a tally removed",
        { try await store.records(Tally.self).delete("k\(pick % 3)") }
      )
    case 17:
      // A unique value moved by another client: a URL another bookmark may have held.
      return (
        "psql: a bookmark's URL changed",
        {
          _ = try psql.execute(
            "UPDATE bookmarks SET url = $1 WHERE id = (SELECT min(id) FROM bookmarks)",
            "https://example.com/\(pick % 6)")
        }
      )
    case 18:
      // A key changed by another client.
      return (
        "psql: a favourite's code changed",
        {
          _ = try psql.execute(
            "UPDATE favorite_currencies SET code = $1 WHERE code = (SELECT min(code) FROM favorite_currencies)",
            ["CHF", "CAD", "EUR"][pick % 3])
        }
      )
    case 19:
      // Two unique values that change places in one transaction: written in another order,
      // one row would take a value the other still holds.
      let ends = try psql.query(
        "SELECT id, url FROM bookmarks WHERE id IN ((SELECT min(id) FROM bookmarks), (SELECT max(id) FROM bookmarks)) ORDER BY id",
        arguments: []
      ) { ($0.int64(0), $0.text(1)) }
      return (
        "psql: two bookmarks swap their URLs",
        {
          guard ends.count == 2 else { throw DomainError.notFound }
          try psql.transaction("BEGIN") {
            try psql.execute("UPDATE bookmarks SET url = 'swapping' WHERE id = $1", ends[0].0)
            try psql.execute("UPDATE bookmarks SET url = $1 WHERE id = $2", ends[0].1, ends[1].0)
            try psql.execute("UPDATE bookmarks SET url = $1 WHERE id = $2", ends[1].1, ends[0].0)
          }
        }
      )
    default:
      // Every row of a table at once, or a parent's delete that cascades to its rows.
      let statement = [
        "TRUNCATE chat_messages", "DELETE FROM rate_snapshots WHERE slot = 'previous'",
        "TRUNCATE bookmarks",
      ][pick % 3]
      return ("psql: \(statement)", { _ = try psql.execute(statement) })
    }
  }

  /// The id of a row of `table`, chosen by `pick` (nil when it has none).
  private func existing(_ table: String, _ pick: Int) throws -> Int64? {
    let ids = try psql.query("SELECT id FROM \(table) ORDER BY id", arguments: []) { $0.int64(0) }
    return ids.isEmpty ? nil : ids[pick % ids.count]
  }

  /// A text of a few kinds: plain, Korean, with a line break, with U+0000 or U+FDD0 (which
  /// the postgres store keeps escaped: `PostgresText`).
  private mutating func text() -> String {
    let nonCharacter = String(decoding: [0xEF, 0xB7, 0x90], as: UTF8.self)
    let texts = ["hello", "안녕하세요", "two\nlines", "nul\u{0}inside", nonCharacter + "odd", "🙂"]
    return texts[Int.random(in: 0..<texts.count, using: &random)]
      + " \(Int.random(in: 0..<100, using: &random))"
  }
}

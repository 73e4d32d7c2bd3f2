import Foundation

/// A record kind the archive goal exports and imports at scale: how the fixture store gets
/// its records (raw inserts into the store's own table, whose triggers keep its counts and
/// list blocks), how `sqlite3 -json` exports the same rows, and how the baseline import
/// reads them back (`JSONDecoder` into plain `Decodable` structs) and writes them (one raw
/// transaction into a fresh file with the kind's table and index).
struct ArchiveKind: Sendable {
  /// How the report names it: "messages", "laps", "bookmarks", "mind-log entries".
  var name: String
  /// Its table, made in a fresh file for the baseline import as Pocket makes it.
  var table: RawTable
  /// The `sqlite3 -json` export of its rows, with the archive's member names.
  var select: String
  /// The fixture's `count` rows, as `table.columns` lists them.
  var rows: @Sendable (_ count: Int) -> AnySequence<[RawValue]>
  /// What the fixture runs after its rows, in the same transaction (the counters of ids
  /// given, the stopwatch the laps add up to).
  var then: @Sendable (_ count: Int) -> [String]
  /// The archive file's records of this kind as rows of `table`, decoded by `JSONDecoder`
  /// alone.
  var decode: @Sendable (Foundation.Data) throws -> [[RawValue]]

  static let all: [ArchiveKind] = [messages, laps, bookmarks, mindLogs]

  static let messages = ArchiveKind(
    name: "messages", table: .chatMessages,
    select:
      "SELECT id, content, date_ms AS dateMs, edited AS isEdited FROM chat_messages ORDER BY id",
    rows: { count in
      AnySequence(
        (0..<count).lazy.map { index in
          [
            .integer(Int64(index + 1)), .text("Benchmark message \(index)"),
            .integer(Fixtures.date(index).epochMilliseconds), .integer(0),
          ]
        })
    },
    then: { ["UPDATE counters SET value = \($0) WHERE name = 'chat_messages'"] },
    decode: { bytes in
      try JSONDecoder().decode(MessagesFile.self, from: bytes).chat.messages.map {
        [.integer($0.id), .text($0.content), .integer($0.dateMs), .integer($0.isEdited ? 1 : 0)]
      }
    })

  static let laps = ArchiveKind(
    name: "laps",
    table: RawTable(
      name: "laps", columns: ["number", "lap_ms", "total_ms"]),
    select: "SELECT number, lap_ms AS lapTimeMs, total_ms AS totalMs FROM laps ORDER BY number",
    rows: { count in
      AnySequence(
        sequence(state: (number: Int64(0), total: Int64(0))) { state -> [RawValue]? in
          guard state.number < Int64(count) else { return nil }
          state.number += 1
          let lap = lapMilliseconds(state.number)
          state.total += lap
          return [.integer(state.number), .integer(lap), .integer(state.total)]
        })
    },
    then: { count in
      let total = (1...max(count, 1)).reduce(Int64(0)) { $0 + lapMilliseconds(Int64($1)) }
      return [
        """
        INSERT INTO stopwatch (id, accumulated_ms, started_at_ms) VALUES (1, \(count > 0 ? total : 0), NULL)
        ON CONFLICT (id) DO UPDATE SET accumulated_ms = excluded.accumulated_ms, started_at_ms = NULL
        """
      ]
    },
    decode: { bytes in
      try JSONDecoder().decode(LapsFile.self, from: bytes).laps.map {
        [.integer($0.number), .integer($0.lapTimeMs), .integer($0.totalMs)]
      }
    })

  static let bookmarks = ArchiveKind(
    name: "bookmarks",
    table: RawTable(
      name: "bookmarks",
      columns: ["id", "url", "title", "notice_date_ms", "bookmarked_at_ms"]),
    select:
      "SELECT url, title, notice_date_ms AS noticeDateMs, bookmarked_at_ms AS bookmarkedAtMs "
      + "FROM bookmarks ORDER BY id",
    rows: { count in
      AnySequence(
        (0..<count).lazy.map { index in
          let date = Fixtures.date(index).epochMilliseconds
          return [
            .integer(Int64(index + 1)), .text("https://bench.invalid/notice/\(index)"),
            .text("Benchmark notice \(index)"), .integer(date), .integer(date),
          ]
        })
    },
    then: { _ in [] },
    decode: { bytes in
      try JSONDecoder().decode(BookmarksFile.self, from: bytes).bookmarks.enumerated().map {
        [
          .integer(Int64($0.offset + 1)), .text($0.element.url), .text($0.element.title),
          .integer($0.element.noticeDateMs), .integer($0.element.bookmarkedAtMs),
        ]
      }
    })

  static let mindLogs = ArchiveKind(
    name: "mind-log entries",
    table: RawTable(
      name: "mind_logs", columns: ["id", "date_ms", "score", "note"]),
    select: "SELECT id, date_ms AS dateMs, score, note FROM mind_logs ORDER BY id",
    rows: { count in
      AnySequence(
        (0..<count).lazy.map { index in
          [
            .integer(Int64(index + 1)), .integer(Fixtures.date(index).epochMilliseconds),
            .text("\(index % 11)"), .text("Benchmark entry \(index)"),
          ]
        })
    },
    then: { ["UPDATE counters SET value = \($0) WHERE name = 'mind_logs'"] },
    decode: { bytes in
      try JSONDecoder().decode(MindLogFile.self, from: bytes).mindLog.entries.map {
        [.integer($0.id), .integer($0.dateMs), .text($0.score), .text($0.note)]
      }
    })

  /// Lap `number`'s time: 1 to 2 s, as `Fixtures.laps` gives.
  static func lapMilliseconds(_ number: Int64) -> Int64 { 1_000 + (number * 37) % 1_000 }
}

// The archive's members as plain `Decodable` structs, with nothing of Pocket's own types.

private struct MessagesFile: Decodable {
  struct Chat: Decodable {
    struct Message: Decodable {
      var id: Int64
      var content: String
      var dateMs: Int64
      var isEdited: Bool
    }
    var messages: [Message]
  }
  var chat: Chat
}

private struct LapsFile: Decodable {
  struct Lap: Decodable {
    var number: Int64
    var lapTimeMs: Int64
    var totalMs: Int64
  }
  var laps: [Lap]
}

private struct BookmarksFile: Decodable {
  struct Bookmark: Decodable {
    var url: String
    var title: String
    var noticeDateMs: Int64
    var bookmarkedAtMs: Int64
  }
  var bookmarks: [Bookmark]
}

private struct MindLogFile: Decodable {
  struct MindLog: Decodable {
    struct Entry: Decodable {
      var id: Int64
      var dateMs: Int64
      var score: String
      var note: String
    }
    var entries: [Entry]
  }
  var mindLog: MindLog
}

import Foundation
import PocketDomain

/// One kind of record a store keeps, as the archive carries it: which part of
/// `StoreArchive` it is, where the export document writes it, which SQLite tables hold it,
/// how `pocket store` counts it and whether it is user data.
///
/// `RecordKind.all` lists every kind once. What every kind shares follows from that list:
/// the members of the export document and of a json store's snapshot (`JSONDocument`'s
/// Codable conformance), which records make a store non-empty (`holdsUserData`), the counts
/// every store reports,
/// the tables an import empties and the sqlite store checks for, and the tests that every
/// kind round-trips through every store's export, import and counts. What is particular to
/// a kind stays with its own types: its Codable fields (`StoredFields.swift`), its
/// repository protocol (Domain) and one implementation of it per store.
struct RecordKind: Sendable {
  /// How tests and messages name it.
  let name: String
  /// The members of the export document (and of a json store's snapshot) that hold it,
  /// in the order they are read.
  let documentMembers: [DocumentMember]
  /// The tables that hold it (the sqlite and postgres stores name them alike); an import
  /// empties them.
  let tables: [String]
  /// The count of `pocket store` it adds to, and how many records it adds.
  let counted: (heading: WritableKeyPath<RecordCounts, Int> & Sendable, table: SQLiteCount)?
  /// How many records of it `archive` holds (0 for a kind `pocket store` does not count).
  let count: @Sendable (StoreArchive) -> Int
  /// Whether `archive` holds user data of this kind. A store holding none is empty: the
  /// screen and the cached rates are not user data, so a store only looked at stays empty.
  let holdsUserData: @Sendable (StoreArchive) -> Bool
  /// Whether an SQL store (sqlite or postgres) holds user data of this kind, asked without
  /// reading it all.
  let sqlHoldsUserData: @Sendable (any SQLConnection) throws -> Bool
  /// Copies this kind's part of `source` into `archive`, leaving the rest as it was.
  let copy: @Sendable (_ source: StoreArchive, _ archive: inout StoreArchive) -> Void

  /// How the sqlite and postgres stores count a kind's records without reading them.
  enum SQLiteCount: Sendable {
    /// From `row_counts`, kept by triggers (`SQLiteSchema.countedTables`).
    case rowCounts(String)
    /// `count(*)` of a table that stays small.
    case countAll(String)
  }
}

extension RecordKind {
  /// Every kind, in the order an archive lists them.
  static let all: [RecordKind] = [
    stopwatch, laps, bookmarks, rates, favoriteCurrencies, screen, mindLogs, chat, declared,
  ]

  static let stopwatch = RecordKind(
    name: "stopwatch", documentMembers: [.value("stopwatch", \.stopwatch)], tables: ["stopwatch"],
    counted: nil,
    count: { _ in 0 }, holdsUserData: { !$0.stopwatch.isReset },
    sqlHoldsUserData: { !(try StopwatchSQL.stopwatch($0).isReset) },
    copy: { $1.stopwatch = $0.stopwatch })

  static let laps = list(
    \.laps, name: "laps", documentMember: .value("laps", \.laps), table: "laps", heading: \.laps,
    count: .rowCounts("laps"))

  static let bookmarks = list(
    \.bookmarks, name: "bookmarks", documentMember: .value("bookmarks", \.bookmarks),
    table: "bookmarks",
    heading: \.bookmarks, count: .rowCounts("bookmarks"))

  /// The latest and the previous snapshot: a cache of the source, not user data.
  static let rates = RecordKind(
    name: "rates",
    documentMembers: [
      .optional("rates.latest", \.rates.latest), .optional("rates.previous", \.rates.previous),
    ],
    tables: ["rates", "rate_snapshots"],
    counted: (\.rateSnapshots, .countAll("rate_snapshots")),
    count: { [$0.latestRates, $0.previousRates].compactMap { $0 }.count },
    holdsUserData: { _ in false }, sqlHoldsUserData: { _ in false },
    copy: {
      $1.latestRates = $0.latestRates
      $1.previousRates = $0.previousRates
    })

  static let favoriteCurrencies = list(
    \.favoriteCurrencies, name: "favourite currencies",
    documentMember: .value("rates.favorites", \.rates.favorites),
    table: "favorite_currencies", heading: \.favoriteCurrencies,
    count: .countAll("favorite_currencies"))

  /// The screen shown last: where the next launch opens, not user data.
  static let screen = RecordKind(
    name: "screen",
    documentMembers: [
      .optional("lastScreen", \.lastScreen),
      .optional("lastCalculatorCurrency", \.lastCalculatorCurrency),
    ],
    tables: ["screen_state"], counted: nil, count: { _ in 0 }, holdsUserData: { _ in false },
    sqlHoldsUserData: { _ in false },
    copy: {
      $1.lastScreen = $0.lastScreen
      $1.lastCalculatorCurrency = $0.lastCalculatorCurrency
    })

  static let mindLogs = list(
    \.mindLogs, lastID: \StoreArchive.lastMindLogID, name: "mind logs",
    documentMember: .value("mindLog", \.mindLog),
    table: "mind_logs", heading: \.mindLogs, count: .rowCounts("mind_logs"))

  static let chat = list(
    \.messages, lastID: \StoreArchive.lastMessageID, name: "chat messages",
    documentMember: .value("chat", \.chat),
    table: "chat_messages", heading: \.chatMessages, count: .rowCounts("chat_messages"))

  /// Every declared kind's records (`DeclaredRecord`): user data when their kind says so.
  static let declared = RecordKind(
    name: "declared records", documentMembers: [.optional("records", \.records)],
    tables: ["declared_records"], counted: nil, count: { _ in 0 },
    holdsUserData: { $0.declared.holdsUserData },
    sqlHoldsUserData: { try $0.integer(DeclaredSQL.holdsUserData) == 1 },
    copy: { $1.declared = $0.declared })

  /// A list of records, each one user data and counted, with the last id given when
  /// the store gives ids.
  private static func list<Item>(
    _ items: WritableKeyPath<StoreArchive, [Item]> & Sendable,
    lastID: (WritableKeyPath<StoreArchive, Int64> & Sendable)? = nil, name: String,
    documentMember: DocumentMember, table: String,
    heading: WritableKeyPath<RecordCounts, Int> & Sendable,
    count: SQLiteCount
  ) -> RecordKind {
    RecordKind(
      name: name, documentMembers: [documentMember], tables: [table], counted: (heading, count),
      count: { $0[keyPath: items].count }, holdsUserData: { !$0[keyPath: items].isEmpty },
      sqlHoldsUserData: { connection in
        // Table names are constants of ours; values are never interpolated.
        try connection.integer(SQLText("SELECT EXISTS (SELECT 1 FROM \(table))")) == 1
      },
      copy: { source, archive in
        archive[keyPath: items] = source[keyPath: items]
        if let lastID { archive[keyPath: lastID] = source[keyPath: lastID] }
      })
  }
}

extension RecordKind {
  /// Where its members lie, as paths from the top: "laps", "rates.favorites".
  var documentPaths: [String] { documentMembers.map(\.path) }

  /// How many records of each kind `archive` holds, for `pocket store`.
  static func counts(_ archive: StoreArchive) -> RecordCounts {
    var counts = RecordCounts(
      laps: 0, bookmarks: 0, rateSnapshots: 0, favoriteCurrencies: 0, mindLogs: 0,
      chatMessages: 0)
    for kind in all {
      if let (heading, _) = kind.counted { counts[keyPath: heading] += kind.count(archive) }
    }
    return counts
  }

  /// The tables an import empties: every kind's, in the order of `all`. A list of its own,
  /// so that opening a store, which checks that its tables are there, builds no record kind
  /// (and none of their key paths, which every one-shot command would pay for);
  /// `RecordKindContractTests` holds it to `all`.
  static let tablesOfRecords = [
    "stopwatch", "laps", "bookmarks", "rates", "rate_snapshots", "favorite_currencies",
    "screen_state", "mind_logs", "chat_messages", "declared_records",
  ]
}

extension StoreArchive {
  /// Whether it holds any user data (`RecordKind.holdsUserData`): an import that must not
  /// replace data is refused when the store does.
  var holdsUserData: Bool { RecordKind.all.contains { $0.holdsUserData(self) } }
}

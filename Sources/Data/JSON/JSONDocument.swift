import Foundation
import PocketDomain

// The shape of `pocket.json`. Durations are integer milliseconds (`…Ms`), dates integer
// milliseconds since 1970 (`…Ms`), decimals strings ("1350.003043") so they round-trip
// exactly. Every type maps with `init(_ entity:)` and `toDomain()`.

/// The first two fields, read before anything else so a newer file is refused cleanly.
struct JSONDocumentHeader: Decodable {
  var format: String
  var version: Int
}

/// The versions of the document a Pocket reads, and how each older one becomes the next.
///
/// The rules, as for the SQLite schema: a document of an older version is read and
/// migrated in memory on open (the files stay byte for byte as they were until the first
/// change, which writes a new snapshot of the current version); a newer version is refused
/// and its files left untouched; a field added later must decode with a default when it is
/// missing, so adding one needs no new version. A new version is only for a change an
/// older Pocket would misread (a renamed or re-typed field, a new kind of journal line):
/// raise `current` and append the step from the old version, one line here.
struct DocumentVersions: Sendable {
  /// The version written, and the newest read.
  let current: Int
  /// `steps[n - 1]` turns a version-n document into version n + 1.
  let steps: [@Sendable (inout JSONDocument) -> Void]

  init(current: Int, steps: [@Sendable (inout JSONDocument) -> Void]) {
    precondition(steps.count == current - 1, "one step from each older version")
    self.current = current
    self.steps = steps
  }

  /// The versions this Pocket reads. Version 2 added the declared kinds' records (the
  /// `records` member, and the journal's `saveRecord` line), which version 1 would drop
  /// unread; a version-1 document holds none, so its step changes nothing. Version 3 keeps
  /// what each terminal showed (the snapshot's `terminals` member, the journal's
  /// `saveTerminalShown` and `dropTerminals` lines) in place of the one list the store
  /// showed last (`shown`), which belongs to no terminal: it is still checked when read,
  /// and never written again, so its step changes nothing either. (Fields added otherwise,
  /// such as the stopwatch's boot instant, are optional and needed no version.)
  static let pocket = DocumentVersions(current: 3, steps: [{ _ in }, { _ in }])

  /// `document`, read as version `version`, brought to `current`.
  func migrate(from version: Int, _ document: JSONDocument) -> JSONDocument {
    var document = document
    for step in steps[(version - 1)...] { step(&document) }
    document.version = current
    return document
  }

  /// Chat messages read as version `version`, brought to `current` by the same steps, for a
  /// document whose messages are read apart from the rest (`ArchiveDecoding`). A step sees
  /// the messages a chunk at a time, so it changes each message on its own, as every step
  /// so far does; a step that cannot must make the chunked reading give way to the whole.
  func migrate(_ messages: [ChatMessageFields], from version: Int) -> [ChatMessageFields] {
    migrate(messages, at: \.chat.messages, from: version)
  }

  /// Rows of the list at `list`, read as version `version`, brought to `current` the same
  /// way, a chunk at a time.
  func migrate<Row>(
    _ rows: [Row], at list: WritableKeyPath<JSONDocument, [Row]>, from version: Int
  ) -> [Row] {
    guard version < current else { return rows }
    var part = JSONDocument(StoreArchive(), version: version)
    part[keyPath: list] = rows
    return migrate(from: version, part)[keyPath: list]
  }
}

struct JSONDocument: Codable, Equatable {
  static let formatName = "pocket-json"
  static let currentVersion = DocumentVersions.pocket.current

  var format: String
  var version: Int
  /// In a json store's snapshot: the last journal entry it holds and the identities its
  /// journal is checked against. Absent in exports.
  var marks: SnapshotMarks
  var stopwatch: StopwatchDTO
  var laps: [LapDTO]
  var bookmarks: [BookmarkDTO]
  var rates: RatesDTO
  var lastScreen: ScreenDTO?
  var lastCalculatorCurrency: String?
  var mindLog: MindLogListDTO
  var chat: ChatListDTO
  /// The records of every declared kind, by kind name; absent when there are none.
  var records: [String: DeclaredKindFields]?
  /// In a json store's snapshot before version 3: the rows the store showed last, which
  /// belong to no terminal: checked when read, then left out. Never written.
  var shown: ShownListFields?
  /// In a json store's snapshot: what each terminal showed last, the list changed least
  /// recently first (`DocumentMember.snapshot`). Absent in exports, and ignored when one is
  /// read.
  var terminals: [TerminalShownFields]?

  init(
    _ archive: StoreArchive, marks: SnapshotMarks = SnapshotMarks(),
    version: Int = currentVersion, terminals shown: [TerminalShown] = []
  ) {
    format = Self.formatName
    self.version = version
    self.marks = marks
    stopwatch = StopwatchDTO(archive.stopwatch)
    laps = archive.laps.map(LapDTO.init)
    bookmarks = archive.bookmarks.map(BookmarkDTO.init)
    rates = RatesDTO(
      latest: archive.latestRates.map(RateSnapshotDTO.init),
      previous: archive.previousRates.map(RateSnapshotDTO.init),
      favorites: archive.favoriteCurrencies)
    lastScreen = archive.lastScreen.map(ScreenDTO.init)
    lastCalculatorCurrency = archive.lastCalculatorCurrency
    mindLog = MindLogListDTO(
      lastID: archive.lastMindLogID, entries: archive.mindLogs.map(MindLogDTO.init))
    chat = ChatListDTO(
      lastID: archive.lastMessageID, messages: archive.messages.map(ChatMessageDTO.init))
    records = archive.declared.fields
    self.shown = nil
    terminals = shown.isEmpty ? nil : shown.map(TerminalShownFields.init)
  }

  /// The snapshot's shown lists, every value checked as the archive's are (an older
  /// snapshot's one list too, though it is no terminal's and is left out).
  func shownLists() throws(InvalidDocument) -> [TerminalShown] {
    _ = try shown?.toDomain(.document)
    let lists = try (terminals ?? []).enumerated().map { index, fields throws(InvalidDocument) in
      try fields.toDomain("terminals[\(index)]")
    }
    // One list per terminal, as the SQL stores' primary key keeps it.
    try requireUnique(lists.map(\.terminal.text), .terminalKey)
    return lists
  }

  /// Every number is checked against its range in `Limits` here, where it enters, and a
  /// number out of range is refused naming its field ("laps[3].number …").
  func toDomain() throws(InvalidDocument) -> StoreArchive {
    var archive = StoreArchive()
    try marks.check()
    archive.stopwatch = try stopwatch.toDomain { "stopwatch.\($0)" }
    archive.laps = try laps.enumerated().map { index, lap throws(InvalidDocument) in
      try lap.toDomain { "laps[\(index)].\($0)" }
    }
    .sorted { $0.number < $1.number }
    try requireUnique(archive.laps.map(\.number), .lapNumber)
    archive.bookmarks = try bookmarks.enumerated().map { index, bookmark throws(InvalidDocument) in
      try bookmark.toDomain { "bookmarks[\(index)].\($0)" }
    }
    try requireUnique(archive.bookmarks.map(\.url), .bookmarkURL)
    archive.latestRates = try rates.latest?.toDomain(field: "rates.latest")
    archive.previousRates = try rates.previous?.toDomain(field: "rates.previous")
    archive.favoriteCurrencies = try Set(
      rates.favorites.enumerated().map { index, code throws(InvalidDocument) in
        try favoriteCode(code, field: "rates.favorites[\(index)]")
      }
    ).sorted()
    archive.lastScreen = try lastScreen?.toDomain()
    archive.lastCalculatorCurrency = lastCalculatorCurrency
    (archive.mindLogs, archive.lastMindLogID) = try idList(
      mindLog.entries, lastID: mindLog.lastID, "mindLog", "entries"
    ) { entry, name throws(InvalidDocument) in try entry.toDomain(name) }
    (archive.messages, archive.lastMessageID) = try idList(
      chat.messages, lastID: chat.lastID, "chat", "messages"
    ) { message, name throws(InvalidDocument) in try message.toDomain(name) }
    archive.declared = try DeclaredRecords(fields: records)
    return archive
  }
}

/// A missing `lastID` is the highest id listed.
extension MindLogListDTO {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    entries = try container.decode(.entries, default: [])
    lastID = try container.decode(.lastID, default: entries.map(\.id).max() ?? 0)
  }
}

/// A missing `lastID` is the highest id listed.
extension ChatListDTO {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    messages = try container.decode(.messages, default: [])
    lastID = try container.decode(.lastID, default: messages.map(\.id).max() ?? 0)
  }
}

extension KeyedDecodingContainer {
  /// The value at `key`, or `value` when the key is missing (not when it holds `null` or
  /// another type: that is a damaged file).
  func decode<Value: Decodable>(_ key: Key, default value: @autoclosure () -> Value) throws
    -> Value
  {
    contains(key) ? try decode(Value.self, forKey: key) : value()
  }
}

private func requireUnique<Key: Hashable>(_ keys: [Key], _ what: UniqueKey) throws(InvalidDocument)
{
  var seen = Set<Key>()
  for key in keys where !seen.insert(key).inserted {
    throw InvalidDocument(reason: .appearsTwice(what, value: "\(key)"))
  }
}

/// The records of the list `list` (an object with a `lastID` and the records as `member`),
/// each read by `read` with its fields' names, in the order of their ids, and its `lastID`
/// checked against them.
private func idList<Fields, Record: Identifiable<Int64>>(
  _ fields: [Fields], lastID: Int64, _ list: String, _ member: String,
  _ read: (Fields, (String) -> String) throws(InvalidDocument) -> Record
) throws(InvalidDocument) -> ([Record], Int64) {
  let records = try fields.enumerated().map { index, fields throws(InvalidDocument) in
    try read(fields) { "\(list).\(member)[\(index)].\($0)" }
  }.sorted { $0.id < $1.id }
  let field = "\(list).lastID"
  return (
    records,
    try checkedLastID(checked(lastID, Limits.counter, field), ids: records.map(\.id), field)
  )
}

/// `lastID` (named `field`), when it is at least every id in `ids`.
func checkedLastID(_ lastID: Int64, ids: [Int64], _ field: String) throws(InvalidDocument)
  -> Int64
{
  try requireUnique(ids, .id(list: String(field.prefix { $0 != "." })))
  if let above = ids.first(where: { $0 > lastID }) {
    throw InvalidDocument(
      reason: .document(.lastIDBelow(field: field, lastID: lastID, given: above)))
  }
  return lastID
}

// The records' objects are the fields both stores keep, one mapping (StoredFields.swift).
typealias StopwatchDTO = StopwatchFields
typealias LapDTO = LapFields
typealias BookmarkDTO = BookmarkFields
typealias MindLogDTO = MindLogFields
typealias ChatMessageDTO = ChatMessageFields

/// The `rates` object, whose members two kinds declare (`RecordKind.rates`,
/// `RecordKind.favoriteCurrencies`).
struct RatesDTO: Equatable {
  var latest: RateSnapshotDTO?
  var previous: RateSnapshotDTO?
  var favorites: [String]
}

struct RateSnapshotDTO: Codable, Equatable {
  var base: String
  var publishedAtMs: Int64
  var nextUpdateAtMs: Int64
  var rates: [String: String]

  init(_ snapshot: RateSnapshot) {
    base = snapshot.base
    publishedAtMs = snapshot.publishedAt.epochMilliseconds
    nextUpdateAtMs = snapshot.nextUpdateAt.epochMilliseconds
    rates = snapshot.rates.mapValues(\.description)
  }

  func toDomain(field: @autoclosure () -> String = "snapshot") throws(InvalidDocument)
    -> RateSnapshot
  {
    try rateSnapshotFields(
      base: base, publishedAtMs: publishedAtMs, nextUpdateAtMs: nextUpdateAtMs,
      rates: rates.sorted { $0.key < $1.key }.map { (code: $0.key, rate: $0.value) }
    ) { "\(field()).\($0)" }
  }
}

/// A screen as `{"screen":"calculator","currency":"KRW"}` or `{"screen":"rates"}`.
struct ScreenDTO: Codable, Equatable {
  var screen: String
  var currency: String?

  init(_ screen: Screen) {
    (self.screen, currency) = ScreenFields.name(screen)
  }

  func toDomain() throws(InvalidDocument) -> Screen {
    try ScreenFields.screen(screen, currency: currency)
  }
}

struct MindLogListDTO: Codable, Equatable {
  var lastID: Int64
  var entries: [MindLogDTO]
}

struct ChatListDTO: Codable, Equatable {
  var lastID: Int64
  var messages: [ChatMessageDTO]
}

extension JSONDocument {
  /// For a document Foundation's decoder refused as a whole (it names no field for a number
  /// it cannot hold): the first number that no integer field takes — a fraction, an
  /// exponent, more digits than 64 bits hold — named by its path, e.g.
  /// "laps[0].number 1e308 is not a whole number in range". Every number of the format is
  /// an integer (decimals are strings). `nil` when there is none. `bytes` may be an array of
  /// elements of `list` from `first` on (a chunk), named as in the whole document.
  static func integerProblem(
    in bytes: [UInt8], elementsOf list: String? = nil, from first: Int = 0
  ) -> DocumentProblem? {
    let literal = JSONNumberLiterals.first(in: bytes, elementsOf: list, from: first) {
      Int64($0) == nil && DecimalText.isNumberLiteral(Array($0.utf8))
    }
    guard let (path, text) = literal else { return nil }
    return .notAWholeNumber(path: path.isEmpty ? nil : path, number: JSONNumberLiterals.shown(text))
  }
}

/// A document whose `format` and `version` are checked before the rest is decoded, so that
/// one pass over the bytes both refuses a newer file cleanly and reads a current one.
/// The newest version read is the decoder's `userInfo[newestVersion]`.
struct CheckedDocument: Decodable {
  static let newestVersion =
    CodingUserInfoKey(rawValue: "pocket.newestVersion")
    ?? CodingUserInfoKey.unavailable

  var document: JSONDocument
  /// The version the bytes say they hold.
  var version: Int

  init(from decoder: any Decoder) throws {
    let header = try JSONDocumentHeader(from: decoder)
    guard header.format == JSONDocument.formatName else {
      throw InvalidDocument(
        reason: .document(
          .wrongFormat(JSONNumberLiterals.shown(header.format), expected: JSONDocument.formatName)))
    }
    let newest = decoder.userInfo[Self.newestVersion] as? Int ?? JSONDocument.currentVersion
    guard header.version <= newest else {
      throw InvalidDocument(reason: .document(.newerVersion(header.version, newest: newest)))
    }
    guard header.version >= 1 else {
      throw InvalidDocument(reason: .document(.unknownVersion(header.version)))
    }
    document = try JSONDocument(from: decoder)
    version = header.version
  }
}

extension CodingUserInfoKey {
  fileprivate static var unavailable: CodingUserInfoKey {
    preconditionFailure("a constant coding key is a valid key")
  }
}

/// `body`'s result for `bytes` lent as `Data`, without copying them. `body` must not keep
/// the `Data` (a decoder does not).
func withLentData<Result>(_ bytes: [UInt8], _ body: (Foundation.Data) throws -> Result) rethrows
  -> Result
{
  try bytes.withUnsafeBufferPointer { buffer in
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return try body(Foundation.Data()) }
    return try body(
      Foundation.Data(
        bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count,
        deallocator: .none))
  }
}

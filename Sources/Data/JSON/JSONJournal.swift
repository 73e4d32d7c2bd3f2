import Foundation
import PocketDomain

// The json store's journal, `pocket.journal`: one JSON object per line, each a change
// applied after the snapshot in `pocket.json`, e.g.
//   {"change":{"insertMessages":{"messages":[{"content":"hi","dateMs":1795915920000}]}},"seq":42}
// Lines are numbered by `seq`; the snapshot's `journalSeq` says which it already holds.
// Each line names the snapshot it follows (`snapshot`, the snapshot's `snapshotID`), so a
// journal is never read over a snapshot it does not belong to (one moved into the folder by
// hand): see `SnapshotMarks`.

/// One journal line.
struct JournalEntry: Codable, Equatable {
  var seq: Int64
  var change: JournalChange
  /// The `snapshotID` of the snapshot in place when the line was written; absent in lines
  /// written before snapshots had one (such a line is read over any snapshot).
  var snapshot: String?
}

/// What a json store's snapshot says of itself beside its records (absent in exports).
///
/// `journalSeq` is the last journal line the snapshot holds. `storeID` is made with the
/// store's first snapshot and kept by every rewrite; `snapshotID` is new at every rewrite,
/// and every journal line names the one it follows. So a snapshot put in `pocket.json`'s
/// place by hand (`mv b/pocket.json a/`) is told from one a rewrite put there: a session
/// that read the store finds another `storeID`, or a `journalSeq` below the changes it has
/// read, and ends; a process opening the folder afterwards finds the journal's lines past
/// the newcomer's `journalSeq` naming another snapshot, and does not read them (the next
/// change empties the journal first). Snapshots written before the identities existed have
/// none: their first rewrite gives them.
struct SnapshotMarks: Equatable, Sendable {
  var journalSeq: Int64?
  var storeID: String?
  var snapshotID: String?

  /// An identity as Pocket makes them: 16 lowercase hexadecimal digits, 64 random bits.
  static func newIdentity() -> String {
    let text = String(UInt64.random(in: .min ... .max), radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }

  /// Each mark in its range: `journalSeq` a counter, each identity 1 to 64 lowercase
  /// hexadecimal digits.
  func check() throws(InvalidDocument) {
    if let journalSeq { _ = try checked(journalSeq, Limits.counter, "journalSeq") }
    for (field, identity) in [("storeID", storeID), ("snapshotID", snapshotID)] {
      guard let identity else { continue }
      let digits = identity.utf8
      guard (1...64).contains(digits.count),
        digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
      else {
        throw InvalidDocument(reason: .document(.notAnIdentity(field: field)))
      }
    }
  }
}

/// A `StoreChange` as it is written to the journal. (`replaceAll` is never journalled:
/// it writes a new snapshot instead.)
enum JournalChange: Codable, Equatable {
  case saveStopwatch(stopwatch: StopwatchDTO)
  /// `stopwatch`, when present, is saved with the lap (absent in older journals).
  case appendLap(lap: LapDTO, stopwatch: StopwatchDTO?)
  case resetStopwatch
  case insertBookmark(bookmark: BookmarkDTO)
  case renameBookmark(url: String, title: String)
  case deleteBookmark(url: String)
  case deleteAllBookmarks
  case storeRates(snapshot: RateSnapshotDTO)
  case setFavorite(code: String, isFavorite: Bool)
  case saveScreen(screen: ScreenDTO)
  /// The rows the store showed, in a journal before version 3: they belong to no
  /// terminal, and are read as a change that changes nothing. Never written.
  case saveShown(shown: ShownListFields)
  /// What a terminal showed (`ShownList`): view state, replaced whole; since version 3.
  case saveTerminalShown(terminal: String, shown: ShownListFields)
  /// The lists of terminals that no longer exist, dropped; since version 3.
  case dropTerminals(terminals: [String])
  case insertMindLog(dateMs: Int64, score: String, note: String)
  case updateMindLog(entry: MindLogDTO)
  case deleteMindLog(id: Int64)
  case insertMessages(messages: [MessageDraftDTO])
  case updateMessage(message: ChatMessageDTO)
  case deleteMessage(id: Int64)
  /// A declared kind's record stored (`body`) or removed (no `body`); since version 2.
  case saveRecord(kind: DeclarationFields, key: String, body: String?)

  /// `nil` for `replaceAll`, which the journal does not hold.
  init?(_ change: StoreChange) {
    switch change {
    case .saveStopwatch(let stopwatch): self = .saveStopwatch(stopwatch: StopwatchDTO(stopwatch))
    case .appendLap(let lap, let stopwatch):
      self = .appendLap(lap: LapDTO(lap), stopwatch: stopwatch.map(StopwatchDTO.init))
    case .resetStopwatch: self = .resetStopwatch
    case .insertBookmark(let bookmark): self = .insertBookmark(bookmark: BookmarkDTO(bookmark))
    case .renameBookmark(let url, let title): self = .renameBookmark(url: url, title: title)
    case .deleteBookmark(let url): self = .deleteBookmark(url: url)
    case .deleteAllBookmarks: self = .deleteAllBookmarks
    case .storeRates(let snapshot): self = .storeRates(snapshot: RateSnapshotDTO(snapshot))
    case .setFavorite(let code, let isFavorite):
      self = .setFavorite(code: code, isFavorite: isFavorite)
    case .saveScreen(let screen): self = .saveScreen(screen: ScreenDTO(screen))
    case .saveShown(let shown, let terminal):
      self = .saveTerminalShown(terminal: terminal.text, shown: ShownListFields(shown))
    case .dropShown(let terminals): self = .dropTerminals(terminals: terminals.map(\.text))
    case .insertMindLog(let date, let score, let note):
      self = .insertMindLog(
        dateMs: date.epochMilliseconds, score: score.description, note: note)
    case .updateMindLog(let entry): self = .updateMindLog(entry: MindLogDTO(entry))
    case .deleteMindLog(let id): self = .deleteMindLog(id: id)
    case .insertMessages(let drafts):
      self = .insertMessages(messages: drafts.map(MessageDraftDTO.init))
    case .updateMessage(let message): self = .updateMessage(message: ChatMessageDTO(message))
    case .deleteMessage(let id): self = .deleteMessage(id: id)
    case .saveRecord(let kind, let key, let body):
      self = .saveRecord(kind: DeclarationFields(kind), key: key, body: body)
    case .replaceAll: return nil
    }
  }

  func toDomain() throws(InvalidDocument) -> StoreChange {
    switch self {
    case .saveStopwatch(let stopwatch): .saveStopwatch(try stopwatch.toDomain { "stopwatch.\($0)" })
    case .appendLap(let lap, let stopwatch):
      .appendLap(
        try lap.toDomain { "lap.\($0)" }, saving: try stopwatch?.toDomain { "stopwatch.\($0)" })
    case .resetStopwatch: .resetStopwatch
    case .insertBookmark(let bookmark): .insertBookmark(try bookmark.toDomain { "bookmark.\($0)" })
    case .renameBookmark(let url, let title): .renameBookmark(url: url, title: title)
    case .deleteBookmark(let url): .deleteBookmark(url: url)
    case .deleteAllBookmarks: .deleteAllBookmarks
    case .storeRates(let snapshot): .storeRates(try snapshot.toDomain())
    case .setFavorite(let code, let isFavorite):
      .setFavorite(code: try favoriteCode(code, field: "code"), isFavorite: isFavorite)
    case .saveScreen(let screen): .saveScreen(try screen.toDomain())
    case .saveShown(let shown): try Self.dropped(shown)
    case .saveTerminalShown(let terminal, let shown):
      .saveShown(try shown.toDomain(.document), terminal: try terminalKey(terminal, "terminal"))
    case .dropTerminals(let terminals):
      .dropShown(
        try terminals.enumerated().map { index, text throws(InvalidDocument) in
          try terminalKey(text, "terminals[\(index)]")
        })
    case .insertMindLog(let dateMs, let score, let note):
      .insertMindLog(
        date: try checkedDate(dateMs, "dateMs"),
        score: try checkedDecimal(score, Limits.score, "score"), note: note)
    case .updateMindLog(let entry): .updateMindLog(try entry.toDomain { "entry.\($0)" })
    case .deleteMindLog(let id): .deleteMindLog(id: id)
    case .insertMessages(let drafts):
      .insertMessages(
        try drafts.enumerated().map { index, draft throws(InvalidDocument) in
          try draft.toDomain(field: "messages[\(index)]")
        })
    case .updateMessage(let message): .updateMessage(try message.toDomain { "message.\($0)" })
    case .deleteMessage(let id): .deleteMessage(id: id)
    case .saveRecord(let kind, let key, let body):
      .saveRecord(try kind.toDomain("kind"), key: key, body: body)
    }
  }
}

extension JournalChange {
  /// A line of the store's list before version 3, checked as it was, then dropped: a change
  /// that drops no terminal's list.
  fileprivate static func dropped(_ shown: ShownListFields) throws(InvalidDocument) -> StoreChange {
    _ = try shown.toDomain(.document)
    return .dropShown([])
  }
}

struct MessageDraftDTO: Codable, Equatable {
  var content: String
  var dateMs: Int64

  init(_ draft: MessageDraft) {
    content = draft.content
    dateMs = draft.date.epochMilliseconds
  }

  func toDomain(field: @autoclosure () -> String) throws(InvalidDocument) -> MessageDraft {
    MessageDraft(content: content, date: try checkedDate(dateMs, "\(field()).dateMs"))
  }
}

/// How long the journal may grow before a change folds it into a new snapshot.
///
/// Every start reads the snapshot and replays the journal, and replay must cost no more
/// than a fifth of the snapshot's load. A byte of journal costs about ten times a byte of
/// snapshot to read (measured at 100,000 records: each line is its own small document of
/// nested objects for `JSONDecoder`, where the snapshot's messages are read by hand, see
/// `ArchiveDecoding`), so the journal may grow to a fiftieth of the snapshot's bytes
/// (`snapshotShare`); the next change then rewrites the snapshot. A rewrite costs about
/// one snapshot's encoding and comes once per fiftieth of a snapshot written, so its cost
/// per change does not grow with the store. A tiny store's snapshot (a few KiB, mostly
/// rates) would be rewritten at nearly every change, so the journal may always reach
/// `floorBytes` (32 KiB: a replay of that many bytes is short beside a process's start).
struct JournalLimit: Sendable {
  /// The journal may always grow to this many bytes.
  var floorBytes: Int
  /// The journal may grow to the snapshot's bytes divided by this.
  var snapshotShare: Int

  /// The store's own: 32 KiB, or a fiftieth of the snapshot's bytes when that is more.
  static let pocket = JournalLimit(floorBytes: 32 * 1024, snapshotShare: 50)

  /// A journal of `bytes` bytes or more, whatever the snapshot's size (for tests).
  static func bytes(_ bytes: Int) -> JournalLimit {
    JournalLimit(floorBytes: bytes, snapshotShare: .max)
  }

  /// Whether a journal of `journalBytes` next to a snapshot of `snapshotBytes` is due to be
  /// folded into a new snapshot.
  func isReached(journalBytes: Int, snapshotBytes: Int) -> Bool {
    journalBytes >= max(floorBytes, snapshotBytes / snapshotShare)
  }
}

/// `code` when it is a currency code, as every other door to the favourites checks
/// (`RateSnapshot.codeProblem`).
/// - Throws: the reason naming `field` when it is not.
func favoriteCode(_ code: String, field: String) throws(InvalidDocument) -> String {
  if let problem = RateSnapshot.codeProblem(code, field: field) {
    throw InvalidDocument(reason: problem)
  }
  return code
}

/// `text` when it is a terminal's key (`TerminalKey`).
/// - Throws: the reason naming `field` when it is not.
func terminalKey(_ text: String, _ field: String) throws(InvalidDocument) -> TerminalKey {
  do {
    return try TerminalKey(text)
  } catch {
    // `TerminalKey` refuses exactly what `problem` names.
    throw InvalidDocument(reason: TerminalKey.problem(text, field: field) ?? .empty(field: field))
  }
}

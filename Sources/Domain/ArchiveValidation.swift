import Foundation

/// A part of an archive a problem is found in, with its place in its list.
public enum ArchivePart: Sendable {
  case stopwatch
  case latestRates
  case previousRates
  case lap(Lap, index: Int)
  case bookmark(Bookmark, index: Int)
  case mindLog(MindLog, index: Int)
  case message(ChatMessage, index: Int)
}

/// How an archive's problems are named: in the domain's terms ("lap 3: lapTime …") or as a
/// file's format names its fields ("laps[2].lapTimeMs …").
public struct ArchiveNaming: Sendable {
  /// The name of the last mind-log id given, and of the last chat-message id given.
  public var lastMindLogID: String
  public var lastMessageID: String
  /// Turns a field's name (its property's, as `CheckedRecord.problem` gives it) into the
  /// name a message shows for that field of `part`.
  public var field: @Sendable (_ part: ArchivePart, _ field: String) -> String
  /// Names how the lap at `index` breaks the sequence a stopwatch records.
  public var lapSequence: @Sendable (_ lap: Lap, _ index: Int, Lap.SequenceProblem) -> CheckFailure

  public init(
    lastMindLogID: String, lastMessageID: String,
    field: @escaping @Sendable (ArchivePart, String) -> String,
    lapSequence: @escaping @Sendable (Lap, Int, Lap.SequenceProblem) -> CheckFailure
  ) {
    self.lastMindLogID = lastMindLogID
    self.lastMessageID = lastMessageID
    self.field = field
    self.lapSequence = lapSequence
  }

  /// The domain's terms, as `StoreArchive.validate()` names problems.
  public static let domain = ArchiveNaming(
    lastMindLogID: "the last mind-log id", lastMessageID: "the last chat-message id",
    field: { part, field in
      switch part {
      case .stopwatch: "stopwatch: \(field)"
      case .latestRates: "the latest rates: \(field)"
      case .previousRates: "the previous rates: \(field)"
      case .lap(let lap, _): "lap \(lap.number): \(field)"
      case .bookmark(let bookmark, _): "bookmark \(bookmark.url): \(field)"
      case .mindLog(let entry, _): "mind-log entry \(entry.id): \(field)"
      case .message(let message, _): "chat message \(message.id): \(field)"
      }
    },
    lapSequence: { lap, index, problem in .brokenSequence(lap, index: index, problem) })
}

/// An archive checked as it is read, a page at a time, with what `StoreArchive.validate()`
/// checks: the small records when `head()` is read, and each list's records as its pages
/// pass (identities given twice, ids outside 1 up to the last id given, records out of
/// range, laps that break the sequence). A list's check keeps the identities it has seen
/// (a set of keys) and the lap before, never the records.
///
/// The lists must come in their canonical orders (`StoreArchive`): laps by number.
/// A problem throws `.invalidInput(.invalidArchive(reason))` from the call that reads it,
/// named by `naming`; a store replacing its records from this reader then changes nothing.
public struct ValidatedArchiveReader: ArchiveReader, Sendable {
  private let base: any ArchiveReader & Sendable
  private let naming: ArchiveNaming
  /// The wall clock's reading the archive is checked against, when given: a rate set that
  /// cannot be a real publication then (`RateSnapshot.impossibility(now:)`: published in the
  /// future) is refused, as `refresh` refuses it, and so are a mind-log entry and a
  /// stopwatch start more than a day after it (`RateSnapshot.clockTolerance`), which `add`
  /// and `start` never write.
  private var now: Date?

  /// A reader checked already is read as it is (with `now`, when given): these checks would
  /// find nothing more.
  public init(
    _ base: any ArchiveReader & Sendable, naming: ArchiveNaming = .domain, now: Date? = nil
  ) {
    if let checked = base as? ValidatedArchiveReader {
      self = checked
      self.now = now ?? checked.now
      return
    }
    self.base = base
    self.naming = naming
    self.now = now
  }

  private func refuse(_ problem: CheckFailure?) throws(DomainError) {
    if let problem { throw .invalidInput(.invalidArchive(problem)) }
  }

  public func head() throws -> StoreArchive {
    let head = try base.head()
    try refuse(
      head.stopwatch.problem { naming.field(.stopwatch, $0) }
        ?? Limits.counter.problem(head.lastMindLogID, field: naming.lastMindLogID)
        ?? Limits.counter.problem(head.lastMessageID, field: naming.lastMessageID)
        ?? head.latestRates?.problem { naming.field(.latestRates, $0) }
        ?? head.previousRates?.problem { naming.field(.previousRates, $0) }
        ?? head.favoriteCurrencies.lazy.compactMap {
          RateSnapshot.codeProblem($0, field: "a favourite currency")
        }.first
        ?? head.declared.problem)
    try refuse(now.flatMap { clockProblem(head, now: $0) })
    return head
  }

  /// Why a rate set or the stopwatch's start in `head` cannot have happened by `now`, named.
  private func clockProblem(_ head: StoreArchive, now: Date) -> CheckFailure? {
    if let problem = head.latestRates?.impossibility(now: now, fields: .archive) {
      return .publication(problem.naming { naming.field(.latestRates, $0) })
    }
    if let problem = head.previousRates?.impossibility(now: now, fields: .archive) {
      return .publication(problem.naming { naming.field(.previousRates, $0) })
    }
    return head.stopwatch.startedAt.flatMap {
      future($0, field: naming.field(.stopwatch, "startedAtMs"))
    }
  }

  /// Why `date`, a record's `field`, cannot have happened yet: more than a day after the
  /// clock (`now`, when given).
  private func future(_ date: Date, field: String) -> CheckFailure? {
    guard let now, date.timeIntervalSince(now) > RateSnapshot.clockTolerance else { return nil }
    let iso = Date.ISO8601FormatStyle()
    return .publication(
      .afterClock(
        published: PublicationTime(
          field: field, number: "\(date.epochMilliseconds)", iso: date.formatted(iso)),
        clock: now.formatted(iso)))
  }

  public func recordCounts() throws -> RecordCounts { try base.recordCounts() }

  public func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    var numbers = Set<Int>()
    var index = 0
    var previousTotal = Duration.zero
    try base.laps(pageSize: pageSize) { laps in
      for lap in laps {
        defer { index += 1 }
        if !numbers.insert(lap.number).inserted { try refuse(.appearsTwice(.lapNumber)) }
        try refuse(lap.problem { naming.field(.lap(lap, index: index), $0) })
        let problem = lap.sequenceProblem(index: index, previousTotal: previousTotal)
        if let problem { try refuse(naming.lapSequence(lap, index, problem)) }
        previousTotal = lap.total
      }
      try page(laps)
    }
  }

  public func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    // The urls seen, held compactly: a file of short urls holds little more.
    var urls = TextSet()
    var index = 0
    try base.bookmarks(pageSize: pageSize) { bookmarks in
      for bookmark in bookmarks {
        defer { index += 1 }
        if !urls.insert(bookmark.url) { try refuse(.appearsTwice(.bookmarkURL)) }
        try refuse(bookmark.problem { naming.field(.bookmark(bookmark, index: index), $0) })
      }
      try page(bookmarks)
    }
  }

  public func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    let lastID = try base.head().lastMindLogID
    var index = 0
    let dated: ([MindLog]) throws -> Void = { entries in
      for entry in entries {
        defer { index += 1 }
        try refuse(future(entry.date, field: naming.field(.mindLog(entry, index: index), "dateMs")))
      }
      try page(entries)
    }
    try checkedPages(.mindLogID, lastID: lastID, part: ArchivePart.mindLog, dated) {
      try base.mindLogs(pageSize: pageSize, $0)
    }
  }

  public func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    let lastID = try base.head().lastMessageID
    try checkedPages(.messageID, lastID: lastID, part: ArchivePart.message, page) {
      try base.messages(pageSize: pageSize, $0)
    }
  }

  /// The pages `read` gives of a list of records with ids (`IDListCheck`), each handed to
  /// `page` once it is checked.
  private func checkedPages<Record: CheckedRecord & Identifiable<Int64>>(
    _ name: ArchiveIdentity, lastID: Int64, part: @escaping (Record, Int) -> ArchivePart,
    _ page: ([Record]) throws -> Void, read: (([Record]) throws -> Void) throws -> Void
  ) throws {
    var check = IDListCheck(name, lastID: lastID, part: part, naming: naming)
    try withoutActuallyEscaping(page) { page in
      try read { records in
        try refuse(check.problem(in: records))
        try page(records)
      }
    }
  }

  /// Reads every record, checking each, and keeps none.
  public func checkAll(pageSize: Int = 8_192) throws {
    _ = try head()
    try laps(pageSize: pageSize) { _ in }
    try bookmarks(pageSize: pageSize) { _ in }
    try mindLogs(pageSize: pageSize) { _ in }
    try messages(pageSize: pageSize) { _ in }
  }
}

/// The check of a list of records with ids from 1 up to `lastID`, a page at a time: an id
/// given twice, an id out of that range, and each record's fields (`CheckedRecord`), named
/// as `naming` names the `part` a record is. It keeps the ids it has seen, not the records.
private struct IDListCheck<Record: CheckedRecord & Identifiable<Int64>> {
  /// What the ids are (`.mindLogID`), as a failure names them.
  let name: ArchiveIdentity
  let lastID: Int64
  let part: (Record, _ index: Int) -> ArchivePart
  let naming: ArchiveNaming
  private var ids = Set<Int64>()
  private var index = 0

  init(
    _ name: ArchiveIdentity, lastID: Int64, part: @escaping (Record, Int) -> ArchivePart,
    naming: ArchiveNaming
  ) {
    self.name = name
    self.lastID = lastID
    self.part = part
    self.naming = naming
  }

  /// The first problem of the next page, `records`; `nil` when it has none.
  mutating func problem(in records: [Record]) -> CheckFailure? {
    for record in records {
      defer { index += 1 }
      if !ids.insert(record.id).inserted { return .appearsTwice(name) }
      if record.id < 1 || record.id > lastID { return .idNotGiven(name) }
      if let problem = record.problem({ naming.field(part(record, index), $0) }) {
        return problem
      }
    }
    return nil
  }
}

extension PublicationProblem {
  /// The problem with its first field named by `name` (as a message names a record's field:
  /// "the latest rates: publishedAtMs", "rates.latest.publishedAtMs").
  fileprivate func naming(_ name: (String) -> String) -> PublicationProblem {
    switch self {
    case .afterClock(var published, let clock):
      published.field = name(published.field)
      return .afterClock(published: published, clock: clock)
    case .nextUpdateFirst(var next, let published):
      next.field = name(next.field)
      return .nextUpdateFirst(next: next, published: published)
    }
  }
}

import Foundation
import PocketDomain

/// How a repository of a store read from its copy runs: a read on the copy (or the server,
/// while the copy cannot be written: `PostgresCopyStore.readable`), a change on the server,
/// then pulled into the copy. A change the server refused is pulled too (unless the server
/// did not answer): it was refused because the item changed elsewhere, and the next read
/// shows it as it is now.
struct CopySource: Sendable {
  let store: PostgresCopyStore

  func read<Result: Sendable>(_ body: (Repositories) async throws -> Result) async throws
    -> Result
  {
    try await body(try await store.readable())
  }

  func write<Result: Sendable>(_ body: (Repositories) async throws -> Result) async throws
    -> Result
  {
    let result: Result
    do {
      result = try await body(store.onServer)
    } catch let error as DomainError {
      if case .storageUnavailable = error {} else { await store.changed() }
      throw error
    }
    await store.changed()
    return result
  }
}

struct CopyStopwatch: StopwatchRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func load() async throws -> Stopwatch { try await source.read { try await $0.stopwatch.load() } }
  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    try await source.read { try await $0.stopwatch.laps(offset: offset, limit: limit) }
  }
  func lapSummary() async throws -> LapSummary {
    try await source.read { try await $0.stopwatch.lapSummary() }
  }
  func reset(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await source.write { try await $0.stopwatch.reset(ifAtMost: limit) }
  }
  func update<Result: Sendable>(
    _ decide:
      @Sendable (_ stopwatch: Stopwatch, _ newestLap: Lap?) throws -> (
        change: StopwatchChange?, result: Result
      )
  ) async throws -> Result {
    try await source.write { try await $0.stopwatch.update(decide) }
  }
}

struct CopyBookmarks: BookmarkRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    try await source.read { try await $0.bookmarks.bookmarks(offset: offset, limit: limit) }
  }
  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    try await source.read { try await $0.bookmarks.bookmarkedURLs(among: urls) }
  }
  func rename(url: String, to title: String, if condition: WriteCondition<Bookmark>)
    async throws
  {
    try await source.write { try await $0.bookmarks.rename(url: url, to: title, if: condition) }
  }
  func delete(url: String, if condition: WriteCondition<Bookmark>) async throws {
    try await source.write { try await $0.bookmarks.delete(url: url, if: condition) }
  }
  func bookmark(url: String) async throws -> Bookmark? {
    try await source.read { try await $0.bookmarks.bookmark(url: url) }
  }
  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await source.write { try await $0.bookmarks.deleteAll(ifAtMost: limit) }
  }
  func toggle(_ bookmark: Bookmark, if condition: WriteCondition<Bool>) async throws
    -> BookmarkState
  {
    try await source.write { try await $0.bookmarks.toggle(bookmark, if: condition) }
  }
}

struct CopyRates: ExchangeRateRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func latest() async throws -> RateSnapshot? {
    try await source.read { try await $0.rates.latest() }
  }
  func previous() async throws -> RateSnapshot? {
    try await source.read { try await $0.rates.previous() }
  }
  func store(_ snapshot: RateSnapshot, if condition: RateStoreCondition) async throws
    -> RateStoreOutcome
  {
    try await source.write { try await $0.rates.store(snapshot, if: condition) }
  }
  func favorites() async throws -> Set<String> {
    try await source.read { try await $0.rates.favorites() }
  }
  func toggleFavorite(_ code: String) async throws -> Bool {
    try await source.write { try await $0.rates.toggleFavorite(code) }
  }
}

struct CopyMindLogs: MindLogRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    try await source.read { try await $0.mindLogs.entries(offset: offset, limit: limit) }
  }
  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    try await source.write { try await $0.mindLogs.insert(date: date, score: score, note: note) }
  }
  func update(
    id: Int64, score: Decimal, note: String?, date: Date?, if condition: WriteCondition<MindLog>
  ) async throws -> MindLog {
    try await source.write {
      try await $0.mindLogs.update(id: id, score: score, note: note, date: date, if: condition)
    }
  }
  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws {
    try await source.write { try await $0.mindLogs.delete(id: id, if: condition) }
  }
  func entry(id: Int64) async throws -> MindLog? {
    try await source.read { try await $0.mindLogs.entry(id: id) }
  }
}

struct CopyChat: ChatRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    try await source.read { try await $0.chat.messages(offset: offset, limit: limit) }
  }
  func newestMessages(skipping: Int, limit: Int) async throws -> Page<ChatMessage> {
    try await source.read { try await $0.chat.newestMessages(skipping: skipping, limit: limit) }
  }
  func insert(content: String, date: Date) async throws -> ChatMessage {
    try await source.write { try await $0.chat.insert(content: content, date: date) }
  }
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    try await source.write { try await $0.chat.insert(contentsOf: drafts) }
  }
  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws {
    try await source.write { try await $0.chat.update(message, if: condition) }
  }
  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws {
    try await source.write { try await $0.chat.delete(id: id, if: condition) }
  }
  func message(id: Int64) async throws -> ChatMessage? {
    try await source.read { try await $0.chat.message(id: id) }
  }
  func matchingMessages(_ search: TextSearch, skipping: Int, limit: Int) async throws
    -> Page<ChatMessage>
  {
    try await source.read {
      try await $0.chat.matchingMessages(search, skipping: skipping, limit: limit)
    }
  }
}

struct CopyArchive: ArchiveRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await source.read { try await $0.archive.read(body) }
  }
  func recordCounts() async throws -> RecordCounts {
    try await source.read { try await $0.archive.recordCounts() }
  }
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    try await self.source.write {
      try await $0.archive.replaceAll(from: source, onlyIfEmpty: onlyIfEmpty)
    }
  }
}

struct CopyDeclared: DeclaredRecordRepository {
  let source: CopySource
  init(_ source: CopySource) { self.source = source }

  func records(of kind: RecordDeclaration) async throws -> [String: String] {
    try await source.read { try await $0.declared.records(of: kind) }
  }
  func record(of kind: RecordDeclaration, key: String) async throws -> String? {
    try await source.read { try await $0.declared.record(of: kind, key: key) }
  }
  func update<Result: Sendable>(
    _ kind: RecordDeclaration, key: String,
    _ decide: @Sendable (String?) throws -> (write: DeclaredWrite, result: Result)
  ) async throws -> Result {
    try await source.write { try await $0.declared.update(kind, key: key, decide) }
  }
}

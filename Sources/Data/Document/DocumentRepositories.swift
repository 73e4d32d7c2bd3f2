import Foundation
import PocketDomain

/// Where a `StoreState` lives: in process memory or in a JSON file. Both conform, and the
/// repositories below are written once against this protocol.
protocol DocumentBackend: Sendable {
  /// Runs `body` on the current state.
  func read<Result: Sendable>(_ body: @Sendable (StoreState) -> Result) async throws -> Result
  /// Applies `change` and, for a persistent backend, makes it durable before returning.
  /// A change that throws changes nothing.
  @discardableResult
  func apply(_ change: StoreChange) async throws -> ChangeResult
  /// Lets `decide` read the current state and choose at most one change, and applies it,
  /// with nothing else (no other task, and for a file, no other process) in between. When
  /// `decide` throws, nothing changes.
  func update<Result: Sendable>(
    _ decide: @Sendable (StoreState) throws -> (change: StoreChange?, result: Result)
  ) async throws -> Result
}

extension DocumentBackend {
  /// Applies `change` when `condition` holds for `item` as it is in the state the change is
  /// applied to, with nothing in between; with no condition, as `apply` does.
  func apply<Value: Sendable>(
    _ change: StoreChange, if condition: WriteCondition<Value>,
    on item: @escaping @Sendable (StoreState) -> Value?
  ) async throws {
    guard condition.readsItem else {
      try await apply(change)
      return
    }
    try await update { state in
      try condition(item(state))
      return (change, ())
    }
  }
}

extension Repositories {
  /// Every repository, all backed by `backend`, whose changes made elsewhere `changes`
  /// reports, and its waits for another program's lock `waits`.
  init<Backend: DocumentBackend>(
    backend: Backend, changes: any StoreObservation, waits: StoreWaits = StoreWaits()
  ) {
    self.init(
      stopwatch: DocumentStopwatchRepository(backend: backend),
      bookmarks: DocumentBookmarkRepository(backend: backend),
      rates: DocumentExchangeRateRepository(backend: backend),
      screens: DocumentScreenRepository(backend: backend),
      mindLogs: DocumentMindLogRepository(backend: backend),
      chat: DocumentChatRepository(backend: backend),
      archive: DocumentArchiveRepository(backend: backend),
      declared: DocumentDeclaredRecordRepository(backend: backend), changes: changes,
      waits: waits)
  }
}

struct DocumentDeclaredRecordRepository<Backend: DocumentBackend>: DeclaredRecordRepository {
  let backend: Backend

  func records(of kind: RecordDeclaration) async throws -> [String: String] {
    try await backend.read { $0.declared.kinds[kind.name]?.records ?? [:] }
  }

  func record(of kind: RecordDeclaration, key: String) async throws -> String? {
    try await backend.read { $0.declared.body(kind, key: key) }
  }

  func update<Result: Sendable>(
    _ kind: RecordDeclaration, key: String,
    _ decide: @Sendable (String?) throws -> (write: DeclaredWrite, result: Result)
  ) async throws -> Result {
    try await backend.update { state in
      let (write, result) = try decide(state.declared.body(kind, key: key))
      switch write {
      case .keep: return (nil, result)
      case .save(let body): return (.saveRecord(kind, key: key, body: body), result)
      case .remove: return (.saveRecord(kind, key: key, body: nil), result)
      }
    }
  }
}

struct DocumentStopwatchRepository<Backend: DocumentBackend>: StopwatchRepository {
  let backend: Backend

  func load() async throws -> Stopwatch {
    try await backend.read { $0.stopwatch }
  }

  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    try await backend.read { $0.laps(offset: offset, limit: limit) }
  }

  func lapSummary() async throws -> LapSummary {
    try await backend.read { $0.lapSummary }
  }

  func reset(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await backend.update { state in
      state.lapSummary.count > limit
        ? (nil, .refused(count: state.lapSummary.count)) : (.resetStopwatch, .deleted)
    }
  }

  func update<Result: Sendable>(
    _ decide: @Sendable (Stopwatch, Lap?) throws -> (change: StopwatchChange?, result: Result)
  ) async throws -> Result {
    try await backend.update { state in
      let (change, result) = try decide(state.stopwatch, state.newestLap)
      return (change.map(StoreChange.init), result)
    }
  }
}

extension StoreChange {
  init(_ change: StopwatchChange) {
    switch change {
    case .save(let stopwatch): self = .saveStopwatch(stopwatch)
    case .appendLap(let lap, let stopwatch): self = .appendLap(lap, saving: stopwatch)
    }
  }
}

struct DocumentBookmarkRepository<Backend: DocumentBackend>: BookmarkRepository {
  let backend: Backend

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    try await backend.read { $0.bookmarks(offset: offset, limit: limit) }
  }

  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    try await backend.read { $0.bookmarkedURLs(among: urls) }
  }

  func rename(url: String, to title: String, if condition: WriteCondition<Bookmark>)
    async throws
  {
    try await backend.apply(
      .renameBookmark(url: url, title: title), if: condition, on: { $0.bookmark(url: url) })
  }

  func delete(url: String, if condition: WriteCondition<Bookmark>) async throws {
    try await backend.apply(
      .deleteBookmark(url: url), if: condition, on: { $0.bookmark(url: url) })
  }

  func bookmark(url: String) async throws -> Bookmark? {
    try await backend.read { $0.bookmark(url: url) }
  }

  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await backend.update { state in
      state.bookmarkCount > limit
        ? (nil, .refused(count: state.bookmarkCount))
        : state.bookmarkCount == 0 ? (nil, .empty) : (.deleteAllBookmarks, .deleted)
    }
  }

  func toggle(_ bookmark: Bookmark, if condition: WriteCondition<Bool>) async throws
    -> BookmarkState
  {
    try await backend.update { state in
      let isBookmarked = !state.bookmarkedURLs(among: [bookmark.url]).isEmpty
      try condition(isBookmarked)
      return isBookmarked
        ? (.deleteBookmark(url: bookmark.url), .removed) : (.insertBookmark(bookmark), .bookmarked)
    }
  }
}

struct DocumentExchangeRateRepository<Backend: DocumentBackend>: ExchangeRateRepository {
  let backend: Backend

  func latest() async throws -> RateSnapshot? {
    try await backend.read { $0.latestRates }
  }

  func previous() async throws -> RateSnapshot? {
    try await backend.read { $0.previousRates }
  }

  func store(_ snapshot: RateSnapshot, if condition: RateStoreCondition) async throws
    -> RateStoreOutcome
  {
    try await backend.update { state in
      if let latest = state.latestRates, !condition.admits(snapshot, over: latest) {
        return (nil, .kept(latest: latest))
      }
      return (.storeRates(snapshot), .stored)
    }
  }

  func favorites() async throws -> Set<String> {
    try await backend.read { $0.favoriteCurrencies }
  }

  func toggleFavorite(_ code: String) async throws -> Bool {
    try await backend.update { state in
      let isFavorite = !state.favoriteCurrencies.contains(code)
      return (.setFavorite(code: code, isFavorite: isFavorite), isFavorite)
    }
  }
}

struct DocumentScreenRepository<Backend: DocumentBackend>: ScreenRepository {
  let backend: Backend

  func lastScreen() async throws -> Screen? {
    try await backend.read { $0.lastScreen }
  }

  func lastCalculatorCurrency() async throws -> String? {
    try await backend.read { $0.lastCalculatorCurrency }
  }

  func save(_ screen: Screen) async throws {
    try await backend.apply(.saveScreen(screen))
  }

  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    try await backend.read { $0.shownList(for: terminal) }
  }

  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    try await backend.apply(.saveShown(shown, terminal: terminal))
  }

  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    try await backend.update { state in
      let gone = state.shownLists.map(\.terminal).filter(isGone)
      return (gone.isEmpty ? nil : .dropShown(gone), ())
    }
  }
}

struct DocumentMindLogRepository<Backend: DocumentBackend>: MindLogRepository {
  let backend: Backend

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    try await backend.read { $0.mindLogs(offset: offset, limit: limit) }
  }

  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    guard
      case .insertedMindLog(let entry) = try await backend.apply(
        .insertMindLog(date: date, score: score, note: note))
    else { preconditionFailure("An insert always inserts") }
    return entry
  }

  func update(
    id: Int64, score: Decimal, note: String?, date: Date?, if condition: WriteCondition<MindLog>
  ) async throws -> MindLog {
    try await backend.update { state in
      try condition(state.mindLog(id: id))
      guard var entry = state.mindLog(id: id) else { throw DomainError.notFound }
      entry.score = score
      if let note { entry.note = note }
      if let date { entry.date = date }
      return (.updateMindLog(entry), entry)
    }
  }

  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws {
    try await backend.apply(.deleteMindLog(id: id), if: condition, on: { $0.mindLog(id: id) })
  }

  func entry(id: Int64) async throws -> MindLog? {
    try await backend.read { $0.mindLog(id: id) }
  }
}

struct DocumentChatRepository<Backend: DocumentBackend>: ChatRepository {
  let backend: Backend

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    try await backend.read { $0.messages(offset: offset, limit: limit) }
  }

  func newestMessages(skipping: Int, limit: Int) async throws -> Page<ChatMessage> {
    try await backend.read { $0.newestMessages(skipping: skipping, limit: limit) }
  }

  func insert(content: String, date: Date) async throws -> ChatMessage {
    guard let message = try await insert(contentsOf: [(content, date)]).first else {
      preconditionFailure("An insert always inserts")
    }
    return message
  }

  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    let change = StoreChange.insertMessages(drafts.map { MessageDraft(content: $0, date: $1) })
    guard case .insertedMessages(let messages) = try await backend.apply(change) else {
      return []
    }
    return messages
  }

  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws {
    try await backend.apply(
      .updateMessage(message), if: condition, on: { $0.message(id: message.id) })
  }

  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws {
    try await backend.apply(.deleteMessage(id: id), if: condition, on: { $0.message(id: id) })
  }

  func message(id: Int64) async throws -> ChatMessage? {
    try await backend.read { $0.message(id: id) }
  }
}

struct DocumentArchiveRepository<Backend: DocumentBackend>: ArchiveRepository {
  let backend: Backend

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await backend.read { state in
      Swift.Result { try body(StoreStateReader(state: state)) }
    }.get()
  }

  func recordCounts() async throws -> RecordCounts {
    try await backend.read { $0.counts }
  }

  /// The new state is built from `source`'s pages in memory, where these stores hold it.
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    try await backend.update { state in
      _ = try source.head()
      if onlyIfEmpty, state.archive.holdsUserData { throw DomainError.invalidInput(.storeNotEmpty) }
      return (.replaceAll(try StoreArchive(reading: source)), ())
    }
  }
}

import PocketDomain

/// A document store's state read as an archive: the lists are paged where they lie, never
/// copied whole. The mind log and the chat are kept by date, so they are paged through an
/// order of positions by id (a machine word per record), or in place when dates and ids
/// already agree, as they do unless an entry's date was edited.
struct StoreStateReader: ArchiveReader {
  let state: StoreState

  func head() -> StoreArchive {
    StoreArchive(
      stopwatch: state.stopwatch, latestRates: state.latestRates,
      previousRates: state.previousRates,
      favoriteCurrencies: state.favoriteCurrencies.sorted(), lastScreen: state.lastScreen,
      lastCalculatorCurrency: state.lastCalculatorCurrency, lastMindLogID: state.lastMindLogID,
      lastMessageID: state.lastMessageID, declared: state.declared)
  }

  func recordCounts() -> RecordCounts { state.counts }

  func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    try Self.pages(state.laps, pageSize, page)
  }

  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try Self.pages(state.bookmarks, pageSize) { try page($0.map(\.bookmark)) }
  }

  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try Self.pagesByID(state.mindLogs, id: \.id, pageSize, page)
  }

  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try Self.pagesByID(state.messages, id: \.id, pageSize, page)
  }

  private static func pages<Record>(
    _ records: [Record], _ size: Int, _ page: ([Record]) throws -> Void
  ) throws {
    precondition(size > 0, "a page holds at least one record")
    for start in stride(from: 0, to: records.count, by: size) {
      try page(Array(records[start..<min(start + size, records.count)]))
    }
  }

  private static func pagesByID<Record>(
    _ records: [Record], id: (Record) -> Int64, _ size: Int, _ page: ([Record]) throws -> Void
  ) throws {
    let inOrder = zip(records, records.dropFirst()).allSatisfy { id($0) < id($1) }
    if inOrder { return try pages(records, size, page) }
    let order = records.indices.sorted { id(records[$0]) < id(records[$1]) }
    for start in stride(from: 0, to: order.count, by: size) {
      try page(order[start..<min(start + size, order.count)].map { records[$0] })
    }
  }
}

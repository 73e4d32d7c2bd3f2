/// One consistent view of everything a store holds, read without holding it all at once:
/// the small records whole (`head`), and each list a page at a time in the canonical order
/// `StoreArchive` documents, so an export's memory stays the size of a page whatever the
/// store holds. Every call sees the same snapshot: a change committed meanwhile by another
/// task or process is in none of them.
///
/// A store hands one to `ArchiveRepository.read`'s body, and it is valid only there.
public protocol ArchiveReader {
  /// Every record but the four lists (laps, bookmarks, mind-log entries, chat messages),
  /// which are empty in it; the last ids given are there.
  func head() throws -> StoreArchive
  /// How many records of each kind the snapshot holds (`StoreArchive.counts`).
  func recordCounts() throws -> RecordCounts
  /// The laps by number, lowest first, in pages of at most `pageSize`.
  func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws
  /// The bookmarks oldest first (by `bookmarkedAt`, then the earlier insert), in pages.
  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws
  /// The mind-log entries by id, lowest first, in pages.
  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws
  /// The chat messages by id, lowest first, in pages.
  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws
}

/// An archive already in memory read as any store is: its lists in slices.
extension StoreArchive: ArchiveReader {
  public func head() -> StoreArchive {
    var head = self
    head.laps = []
    head.bookmarks = []
    head.mindLogs = []
    head.messages = []
    return head
  }

  public func recordCounts() -> RecordCounts { counts }

  public func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    try Self.pages(of: laps, size: pageSize, page)
  }

  public func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try Self.pages(of: bookmarks, size: pageSize, page)
  }

  public func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try Self.pages(of: mindLogs, size: pageSize, page)
  }

  public func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try Self.pages(of: messages, size: pageSize, page)
  }

  private static func pages<Record>(
    of records: [Record], size: Int, _ page: ([Record]) throws -> Void
  ) throws {
    precondition(size > 0, "a page holds at least one record")
    for start in stride(from: 0, to: records.count, by: size) {
      try page(Array(records[start..<min(start + size, records.count)]))
    }
  }
}

extension StoreArchive {
  /// Every record `reader` holds, read page by page into one archive.
  public init(reading reader: any ArchiveReader, pageSize: Int = 8_192) throws {
    self = try reader.head()
    var laps: [Lap] = []
    try reader.laps(pageSize: pageSize) { laps += $0 }
    var bookmarks: [Bookmark] = []
    try reader.bookmarks(pageSize: pageSize) { bookmarks += $0 }
    var mindLogs: [MindLog] = []
    try reader.mindLogs(pageSize: pageSize) { mindLogs += $0 }
    var messages: [ChatMessage] = []
    try reader.messages(pageSize: pageSize) { messages += $0 }
    self.laps = laps
    self.bookmarks = bookmarks
    self.mindLogs = mindLogs
    self.messages = messages
  }
}

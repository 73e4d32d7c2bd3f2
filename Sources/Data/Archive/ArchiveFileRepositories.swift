import PocketDomain

/// Archive files on disk, as `ArchiveFile` reads and writes them.
public struct DiskArchiveFileRepository: ArchiveFileRepository {
  typealias Opener = @Sendable (String) throws(DomainError) -> any ArchiveReader & Sendable

  /// The open store's files, never written over nor read as an archive.
  private let storeFiles: StoreFiles?
  private let thread: StoreThread
  private let open: Opener

  /// Archive files anywhere but among `storeFiles` (when given): a path that is one of
  /// them is refused with `.invalidInput(.ownStoreFile)` before anything is read or
  /// written. `thread`: the store's (`StoreThread`). Opening an archive reads its whole
  /// file once (where each list lies) and checks its small records: for a session that
  /// stays (`.own`), that is done off the caller's actor, so a screen keeps drawing while
  /// a large file is read; for a one-shot command (`.main`), by the caller, which waits
  /// anyway, and no thread is started for it. (The lists themselves are read by the store,
  /// on its own thread, as it imports them; an export is written there too.)
  public init(protecting storeFiles: StoreFiles? = nil, thread: StoreThread = .own) {
    self.init(protecting: storeFiles, thread: thread, open: ArchiveFile.open)
  }

  /// As above, opening archives with `open` (for tests that watch where it runs).
  init(protecting storeFiles: StoreFiles?, thread: StoreThread, open: @escaping Opener) {
    self.storeFiles = storeFiles
    self.thread = thread
    self.open = open
  }

  public func read(_ path: String) async throws -> any ArchiveReader & Sendable {
    try refuseStoreFile(path, writing: false)
    switch thread {
    case .main: return try open(path)
    case .own: return try await Self.openApart(path, open)
    }
  }

  @concurrent
  private static func openApart(_ path: String, _ open: Opener) async throws(DomainError)
    -> any ArchiveReader & Sendable
  {
    try open(path)
  }

  public func write(from archive: any ArchiveRepository, to path: String) async throws
    -> RecordCounts
  {
    try refuseStoreFile(path, writing: true)
    return try await archive.read { reader in try ArchiveFile.write(reading: reader, to: path) }
  }

  private func refuseStoreFile(_ path: String, writing: Bool) throws(DomainError) {
    if let storeFiles, storeFiles.contains(path) {
      throw .invalidInput(.ownStoreFile(path: path, writing: writing))
    }
  }
}

/// Archive files kept in memory, as their encoded bytes, for tests and previews.
public actor InMemoryArchiveFileRepository: ArchiveFileRepository {
  private var files: [String: [UInt8]] = [:]

  public init() {}

  public func read(_ path: String) throws -> any ArchiveReader & Sendable {
    guard let bytes = files[path] else {
      throw DomainError.storageUnavailable(path: path, reason: StoreProblem(.noSuchFile))
    }
    return try ArchiveFile.open(bytes: bytes, path: path)
  }

  public func write(from archive: any ArchiveRepository, to path: String) async throws
    -> RecordCounts
  {
    let (bytes, counts) = try await archive.read { reader in
      var bytes: [UInt8] = []
      let counts = try ArchiveFile.write(reading: reader) { bytes.append(contentsOf: $0) }
      return (bytes, counts)
    }
    files[path] = bytes
    return counts
  }

  /// Puts `bytes` at `path`, as a user would leave any file there.
  public func place(_ bytes: [UInt8], at path: String) {
    files[path] = bytes
  }
}

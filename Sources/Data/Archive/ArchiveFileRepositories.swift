import Domain

/// Archive files on disk, as `ArchiveFile` reads and writes them.
public struct DiskArchiveFileRepository: ArchiveFileRepository {
  /// The open store's files, never written over nor read as an archive.
  private let storeFiles: StoreFiles?

  /// Archive files anywhere but among `storeFiles` (when given): a path that is one of
  /// them is refused with `.invalidInput(.ownStoreFile)` before anything is read or
  /// written.
  public init(protecting storeFiles: StoreFiles? = nil) {
    self.storeFiles = storeFiles
  }

  public func read(_ path: String) async throws -> any ArchiveReader & Sendable {
    try refuseStoreFile(path, writing: false)
    return try ArchiveFile.open(path)
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
      throw DomainError.storageUnavailable(path: path, reason: "no such file")
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

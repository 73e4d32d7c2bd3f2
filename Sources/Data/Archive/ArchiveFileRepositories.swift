import Domain

/// Archive files on disk, as `ArchiveFile` reads and writes them.
public struct DiskArchiveFileRepository: ArchiveFileRepository {
  public init() {}

  public func read(_ path: String) async throws -> StoreArchive {
    try ArchiveFile.read(path)
  }

  public func write(_ archive: StoreArchive, to path: String) async throws {
    try ArchiveFile.write(archive, to: path)
  }
}

/// Archive files kept in memory, as their encoded bytes, for tests and previews.
public actor InMemoryArchiveFileRepository: ArchiveFileRepository {
  private var files: [String: [UInt8]] = [:]

  public init() {}

  public func read(_ path: String) throws -> StoreArchive {
    guard let bytes = files[path] else {
      throw DomainError.storageUnavailable(path: path, reason: "no such file")
    }
    return try ArchiveFile.decode(bytes, path: path)
  }

  public func write(_ archive: StoreArchive, to path: String) throws {
    files[path] = try ArchiveFile.encode(archive)
  }

  /// Puts `bytes` at `path`, as a user would leave any file there.
  public func place(_ bytes: [UInt8], at path: String) {
    files[path] = bytes
  }
}

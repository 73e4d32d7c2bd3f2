/// Every record of the store, for `pocket export`.
public struct ExportStore: Sendable {
  private let archive: any ArchiveRepository
  public init(archive: any ArchiveRepository) { self.archive = archive }

  public func callAsFunction() async throws -> StoreArchive {
    try await archive.export()
  }
}

/// Loads an archive into the store. Refused when the store holds data, unless `replace`.
public struct ImportStore: Sendable {
  private let archive: any ArchiveRepository
  public init(archive: any ArchiveRepository) { self.archive = archive }

  /// - Throws: `.invalidInput(.invalidArchive)` for an inconsistent archive,
  ///   `.invalidInput(.storeNotEmpty)` for a store with data when `replace` is false.
  public func callAsFunction(_ incoming: StoreArchive, replace: Bool) async throws {
    try incoming.validate()
    try await archive.replaceAll(with: incoming, onlyIfEmpty: !replace)
  }
}

/// Reads an archive file for `pocket import`.
public struct ReadArchiveFile: Sendable {
  private let files: any ArchiveFileRepository
  public init(files: any ArchiveFileRepository) { self.files = files }

  public func callAsFunction(_ path: String) async throws -> StoreArchive {
    try await files.read(path)
  }
}

/// Writes an archive file for `pocket export`.
public struct WriteArchiveFile: Sendable {
  private let files: any ArchiveFileRepository
  public init(files: any ArchiveFileRepository) { self.files = files }

  public func callAsFunction(_ archive: StoreArchive, to path: String) async throws {
    try await files.write(archive, to: path)
  }
}

/// Loads an archive into the store. Refused when the store holds data, unless `replace`.
public struct ImportStore: Sendable {
  private let archive: any ArchiveRepository
  public init(archive: any ArchiveRepository) { self.archive = archive }

  /// Replaces the store's records with what `incoming` reads, checked page by page as the
  /// store writes it (`ValidatedArchiveReader`).
  /// - Returns: how many records of each kind were imported.
  /// - Throws: `.invalidInput(.invalidArchive)` for an inconsistent archive,
  ///   `.invalidInput(.storeNotEmpty)` for a store with data when `replace` is false; either
  ///   way the store is left as it was.
  @discardableResult
  public func callAsFunction(_ incoming: any ArchiveReader & Sendable, replace: Bool)
    async throws -> RecordCounts
  {
    try await archive.replaceAll(from: ValidatedArchiveReader(incoming), onlyIfEmpty: !replace)
    return try incoming.recordCounts()
  }
}

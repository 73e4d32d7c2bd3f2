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

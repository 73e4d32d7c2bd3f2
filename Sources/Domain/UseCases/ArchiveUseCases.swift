import Foundation

/// Loads an archive into the store. Refused when the store holds data, unless `replace`.
public struct ImportStore: Sendable {
  private let archive: any ArchiveRepository
  private let now: @Sendable () -> Date

  /// `now`: the wall clock, which an archive's rate sets are checked against as `refresh`
  /// checks a download's (a set published in the future would keep every true one out).
  public init(archive: any ArchiveRepository, now: @escaping @Sendable () -> Date) {
    self.archive = archive
    self.now = now
  }

  /// Replaces the store's records with what `incoming` reads, checked page by page as the
  /// store writes it (`ValidatedArchiveReader`, its rate sets against the clock).
  /// - Returns: how many records of each kind were imported.
  /// - Throws: `.invalidInput(.invalidArchive)` for an inconsistent archive,
  ///   `.invalidInput(.storeNotEmpty)` for a store with data when `replace` is false; either
  ///   way the store is left as it was.
  @discardableResult
  public func callAsFunction(_ incoming: any ArchiveReader & Sendable, replace: Bool)
    async throws -> RecordCounts
  {
    try await archive.replaceAll(
      from: ValidatedArchiveReader(incoming, now: now()), onlyIfEmpty: !replace)
    return try incoming.recordCounts()
  }
}

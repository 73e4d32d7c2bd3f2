/// How many records of each kind the store holds, for `pocket store`: read from the counts
/// the store keeps, never by exporting it.
public struct CountRecords: Sendable {
  private let archive: any ArchiveRepository
  public init(archive: any ArchiveRepository) { self.archive = archive }

  public func callAsFunction() async throws -> RecordCounts {
    try await archive.recordCounts()
  }
}

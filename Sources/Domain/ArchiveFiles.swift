/// Where archive files are kept: what `export` writes and `import` reads. Data implements
/// it on disk; the composition root hands one to the front end.
public protocol ArchiveFileRepository: Sendable {
  /// A reader of the archive in the file at `path`, for `ImportStore`: the file's
  /// structure and small records are read and checked now; each list is read again from
  /// the file when it is asked for, a chunk at a time, so the file is never held whole. A
  /// record the format refuses throws from the call that reads it, as below.
  /// - Throws: `.storageUnavailable(path:reason:)` when there is no such file, or it cannot
  ///   be read, or it is larger than an archive may be; `.corruptStore(path:reason:)` when
  ///   it is not an archive; `.invalidInput(.invalidArchive(reason))` when it holds a
  ///   record a store does not take, named as the file names it. Each names `path` as given.
  ///   `.invalidInput(.ownStoreFile)` when `path` is one of the open store's own files: it is
  ///   not read.
  func read(_ path: String) async throws -> any ArchiveReader & Sendable

  /// Writes every record `archive` holds to the file at `path`, read in one snapshot
  /// (`ArchiveRepository.read`) and written a page at a time, whole or not at all: a reader
  /// sees the old file or the new one. Only a new path or an existing regular file is
  /// written.
  /// - Returns: how many records of each kind were written.
  /// - Throws: `.storageUnavailable(path:reason:)` naming `path` as given when the file
  ///   cannot be written, leaving what was at `path` as it was; the store's own errors (which
  ///   name the store) when it cannot be read; `.invalidInput(.ownStoreFile)` when `path` is
  ///   one of the open store's own files (its folder, a hard link to one, another spelling
  ///   of its path): it is not touched.
  func write(from archive: any ArchiveRepository, to path: String) async throws -> RecordCounts
}

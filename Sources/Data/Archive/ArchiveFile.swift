import Foundation
import PocketDomain

/// The file `pocket export` writes and `pocket import` reads.
///
/// It is the json store's own document (`"format": "pocket-json"`, `"version": 1`), written
/// in the archive's canonical order, so the same data exports to the same bytes from every
/// store, and an export is itself a json store a user can open.
public enum ArchiveFile {
  /// The document format version this Pocket writes and reads.
  public static let formatVersion = JSONDocument.currentVersion

  /// The bytes of `archive`.
  public static func encode(_ archive: StoreArchive) throws(DomainError) -> [UInt8] {
    do {
      var bytes: [UInt8] = []
      _ = try write(reading: archive) { bytes.append(contentsOf: $0) }
      return bytes
    } catch {
      preconditionFailure("A store archive always encodes: \(error)")
    }
  }

  /// How many records `ArchiveReader` hands over at a time.
  static let pageSize = ArchiveEncoding.chunkSize

  /// Writes the archive `reader` reads to `write`, a page of records at a time (never more
  /// than a page is held), telling the progress line how many messages are written.
  /// - Returns: how many records of each kind were written.
  static func write(
    reading reader: any ArchiveReader, to write: ([UInt8]) throws -> Void
  ) throws -> RecordCounts {
    let head = try reader.head()
    let messages = (try? reader.recordCounts().chatMessages) ?? 0
    let progress = ArchiveProgress.reporter(.exporting)
    let written = try ArchiveEncoding.write(
      head: JSONDocument(head),
      lists: [
        "laps": { writer in
          try reader.laps(pageSize: pageSize) { try writer.append($0.map(LapDTO.init)) }
        },
        "bookmarks": { writer in
          try reader.bookmarks(pageSize: pageSize) { try writer.append($0.map(BookmarkDTO.init)) }
        },
        "entries": { writer in
          try reader.mindLogs(pageSize: pageSize) { try writer.append($0.map(MindLogDTO.init)) }
        },
        "messages": { writer in
          try reader.messages(pageSize: pageSize) {
            try writer.append($0.map(ChatMessageDTO.init))
            progress?(writer.count, max(messages, writer.count))
          }
        },
      ], to: write)
    var counts = head.counts
    counts.laps = written["laps", default: 0]
    counts.bookmarks = written["bookmarks", default: 0]
    counts.mindLogs = written["entries", default: 0]
    counts.chatMessages = written["messages", default: 0]
    return counts
  }

  /// The archive in `bytes`, checked as an import checks it (`StoreArchive.validate`).
  /// - Throws: `DomainError.corruptStore` naming `path` when the bytes are not an archive;
  ///   `.invalidInput(.invalidArchive(reason))` when it is not one a store takes, `reason`
  ///   naming the field as the file does (`ArchiveChecks`).
  public static func decode(_ bytes: [UInt8], path: String) throws(DomainError) -> StoreArchive {
    let archive: StoreArchive
    do {
      archive = try ArchiveDecoding.decode(bytes, progress: ArchiveProgress.reporter(.reading))
    } catch {
      throw .corruptStore(path: path, reason: StoreProblem(error.reason))
    }
    if let problem = ArchiveChecks.problem(archive) {
      throw .invalidInput(.invalidArchive(problem))
    }
    return archive
  }

  /// Writes `archive` to `path` atomically and durably (`write(reading:to:)`).
  public static func write(_ archive: StoreArchive, to path: String) throws(DomainError) {
    do {
      _ = try write(reading: archive, to: path)
    } catch {
      // Reading an archive in memory throws nothing: every failure is the file's.
      throw error as? DomainError ?? .storageUnavailable(path: path, reason: .system("\(error)"))
    }
  }

  /// Writes the archive `reader` reads to `path` atomically and durably (temporary file,
  /// fsync, rename), a page of records at a time. Only a new path or an existing regular
  /// file is written; a symbolic link, a FIFO, a device or a directory at `path` is refused
  /// and left as it was.
  /// - Returns: how many records of each kind were written.
  /// - Throws: `.storageUnavailable` naming `path` when it cannot be written; what `reader`
  ///   throws, as it was (the store names it as its own failure).
  public static func write(reading reader: any ArchiveReader, to path: String) throws
    -> RecordCounts
  {
    // The store's small records first: a store that cannot be read is named before the
    // file is looked at, as when the whole archive was read first.
    _ = try reader.head()
    let target = try PathText.standardized(path)
    var info = stat()
    // `cp` refuses `dir/` that is not a folder: a path ending in a slash names a folder.
    if path.utf8.last == UInt8(ascii: "/") {
      throw DomainError.storageUnavailable(
        path: path, reason: StoreProblem(.namesAFolder, advice: .exportToRegularFile))
    }
    if lstat(target, &info) == 0, let kind = DurableFile.fileKind(of: info.st_mode) {
      throw DomainError.storageUnavailable(
        path: path, reason: StoreProblem(.isA(kind), advice: .exportToRegularFile))
    }
    var counts = RecordCounts(
      laps: 0, bookmarks: 0, rateSnapshots: 0, favoriteCurrencies: 0, mindLogs: 0,
      chatMessages: 0)
    do {
      try DurableFile.replace(target, in: PathText.folder(of: target)) { write in
        counts = try Self.write(reading: reader, to: write)
      }
    } catch let failure as DurableFile.Failure {
      throw DomainError.storageUnavailable(
        path: path, reason: StoreProblem(failure.reason))
    }
    return counts
  }

  /// The largest archive `read` accepts: 256 MiB. A chat message exports to about 150
  /// bytes, so a store of a million messages (the largest Pocket is measured with) exports
  /// to about 150 MB, and the limit leaves it room to grow; a file or stream that never
  /// ends still costs at most 256 MiB before it is refused.
  public static let sizeLimit = 256 * 1024 * 1024

  /// The archive at `path`, read whole (`open`): for tests and small files.
  public static func read(_ path: String) throws(DomainError) -> StoreArchive {
    let reader = try open(path)
    do {
      return try StoreArchive(reading: reader)
    } catch {
      throw error as? DomainError ?? .corruptStore(path: path, reason: .system("\(error)"))
    }
  }

  /// The largest archive not laid out as `pocket export` writes it (`ArchiveFileLayout`:
  /// a list out of order, say) that `open` reads, whole, as `decode` reads it: 256 KiB.
  /// Reading a document whole holds up to twenty times its size (a decoder's map of every
  /// value, every record), so a larger one is refused, naming where and why it is not so
  /// laid out.
  public static let wholeReadingLimit = 256 * 1024

  /// A reader of the archive at `path` that never holds the file whole (`ArchiveFileReader`):
  /// its layout and small records are read and checked now, each list read from the file
  /// a chunk at a time when it is asked for, and checked as `decode` checks it
  /// (`ArchiveChecks`). A file that passes a limit of the format (`ArchiveFileLayout`: a
  /// record of more than 1 MiB…) is refused as soon as the limit is met, unread past it. A
  /// file not laid out as `pocket export` writes is read whole, as `decode` reads it, when
  /// it is at most `wholeReadingLimit`, and refused when larger. A file or stream larger
  /// than `sizeLimit` is refused unread.
  /// - Throws: `DomainError.storageUnavailable` naming the limit when the file or stream
  ///   is larger, or when it is missing, a folder or unreadable; `.corruptStore` naming
  ///   `path` and why when it passes a limit or is not laid out to be read; what `decode`
  ///   throws.
  public static func open(_ path: String) throws(DomainError) -> any ArchiveReader & Sendable {
    let file: WindowedFile
    do {
      file = try WindowedFile(path: path, limit: sizeLimit)
    } catch {
      throw .storageUnavailable(path: path, reason: reason(error))
    }
    return try open(file, path: path)
  }

  /// A reader of the archive in `bytes`, read as `open` reads a file.
  static func open(bytes: [UInt8], path: String) throws(DomainError)
    -> any ArchiveReader & Sendable
  {
    try open(WindowedFile(bytes: bytes), path: path)
  }

  private static func open(_ file: WindowedFile, path: String) throws(DomainError)
    -> any ArchiveReader & Sendable
  {
    let scanned = Result { () throws(ArchiveFileLayout.Failure) in
      try ArchiveFileReader(file, layout: ArchiveFileLayout.scan(file), path: path)
    }
    switch scanned {
    case .success(let reader):
      let checked = ValidatedArchiveReader(reader, naming: ArchiveChecks.naming)
      do {
        _ = try checked.head()
      } catch {
        throw error as? DomainError ?? .corruptStore(path: path, reason: .system("\(error)"))
      }
      return checked
    case .failure(.unreadable(let failure)):
      throw .storageUnavailable(path: path, reason: reason(failure))
    case .failure(.refused(let reason)):
      throw .corruptStore(path: path, reason: StoreProblem(reason))
    case .failure(.notAsExported(let why)):
      guard file.count <= wholeReadingLimit else {
        throw .corruptStore(
          path: path,
          reason: StoreProblem(
            .document(.layout(.notAsExported(why, kibibytes: wholeReadingLimit / 1024)))))
      }
    }
    // Laid out otherwise, and small: read whole.
    let bytes: [UInt8]
    do {
      bytes = try file.bytes(in: 0..<file.count)
    } catch {
      throw .storageUnavailable(path: path, reason: reason(error))
    }
    return try decode(bytes, path: path)
  }

  /// What a user is told of `failure`.
  static func reason(_ failure: BoundedFile.Failure) -> StoreProblem {
    switch failure {
    case .missing: StoreProblem(.noSuchFile)
    case .directory: StoreProblem(.folderNotArchive)
    case .tooLarge(let limit): StoreProblem(.archiveTooLarge(mebibytes: limit / (1024 * 1024)))
    case .notReadable(let reason): StoreProblem(reason)
    }
  }
}

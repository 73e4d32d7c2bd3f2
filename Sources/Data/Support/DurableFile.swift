import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and crash-safe whole-file replacement with POSIX calls.
///
/// A replacement writes a temporary file in the same directory, fsyncs it, renames it over
/// the target (atomic on POSIX) and fsyncs the directory, so a crash leaves either the old
/// or the new file, never a mix. `FileManager.replaceItemAt` is avoided on purpose: on Linux
/// it can lose the file.
///
/// Store files (the store, its journal, its lock file, temporary files) are opened with
/// `O_NOFOLLOW`: a symbolic link in their place is refused, never written through.
enum DurableFile {
  enum Failure: Error {
    /// The file exists but could not be read.
    case notReadable(StoreCause)
    /// Nothing changed on disk.
    case notWritten(StoreCause)
    /// The new file is in place, but the directory could not be synced.
    case writtenNotSynced(StoreCause)

    var reason: StoreCause {
      switch self {
      case .notReadable(let reason), .notWritten(let reason), .writtenNotSynced(let reason):
        reason
      }
    }
  }

  /// The bytes of the file at `path`, or `nil` when there is no such file. A symbolic link
  /// is followed: this is for files a user names, not for store files.
  /// - Throws: a reason when the file exists but cannot be read.
  static func readIfPresent(_ path: String) throws(Failure) -> [UInt8]? {
    var stamp: Stamp?
    return try readFile(path, from: 0, storeFile: false, stamp: &stamp)
  }

  /// The bytes of the store file at `path` from `offset` to its end; `nil` when there is no
  /// such file.
  /// - Throws: a reason when the file cannot be read, is a symbolic link or is not a
  ///   regular file.
  static func readStoreFileIfPresent(_ path: String, from offset: Int = 0) throws(Failure)
    -> [UInt8]?
  {
    var stamp: Stamp?
    return try readFile(path, from: offset, storeFile: true, stamp: &stamp)
  }

  /// The bytes of the store file at `path` and the stamp of the file they were read from
  /// (taken from the open file, so a replacement of `path` meanwhile cannot pair one
  /// file's bytes with another's stamp); `nil` when there is no such file.
  /// - Throws: as `readStoreFileIfPresent`.
  static func readStoreFileStamped(_ path: String) throws(Failure)
    -> (bytes: [UInt8], stamp: Stamp)?
  {
    var stamp: Stamp?
    guard let bytes = try readFile(path, from: 0, storeFile: true, stamp: &stamp), let stamp
    else { return nil }
    return (bytes, stamp)
  }

  /// Replaces the file at `path` (in `directory`) with `bytes`, atomically and durably.
  static func replace(_ path: String, in directory: String, with bytes: [UInt8]) throws(Failure) {
    do {
      try replace(path, in: directory) { write in try write(bytes) }
    } catch let failure as Failure {
      throw failure
    } catch {
      preconditionFailure("writing bytes held in memory throws only a Failure: \(error)")
    }
  }

  /// Replaces the file at `path` (in `directory`) with the bytes `produce` hands to its
  /// `write`, a piece at a time, atomically and durably: the pieces are written to the
  /// temporary file as they come (through a buffer of `bufferSize`), never held together.
  /// - Throws: a `Failure` when the file cannot be written; whatever `produce` throws,
  ///   as it was. Either way the temporary file is removed and `path` left as it was.
  static func replace(
    _ path: String, in directory: String, bufferSize: Int = 1 << 20,
    producing produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
  ) throws {
    let name = PathText.lastComponent(path)
    let temporary = "\(directory)/\(temporaryPrefix(for: name))\(UUID().uuidString)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Failure.notWritten(.step(.create, path: temporary, because: describe(errno)))
    }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(bufferSize)
    var failure: StoreCause?
    do {
      try produce { bytes in
        if buffer.count + bytes.count > bufferSize {
          if let reason = writeAll(buffer, to: descriptor, named: temporary) {
            throw Failure.notWritten(reason)
          }
          buffer.removeAll(keepingCapacity: true)
        }
        if bytes.count >= bufferSize {
          if let reason = writeAll(bytes, to: descriptor, named: temporary) {
            throw Failure.notWritten(reason)
          }
        } else {
          buffer.append(contentsOf: bytes)
        }
      }
      failure =
        writeAll(buffer, to: descriptor, named: temporary)
        ?? (syncToDisk(descriptor) ? nil : .step(.sync, path: temporary, because: describe(errno)))
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    if close(descriptor) != 0, failure == nil {
      failure = .step(.close, path: temporary, because: describe(errno))
    }
    if failure == nil, rename(temporary, path) != 0 {
      failure = .cannotRename(from: temporary, to: path, because: describe(errno))
    }
    if let failure {
      unlink(temporary)
      throw Failure.notWritten(failure)
    }
    try syncDirectory(directory)
  }

  /// Writes all of `bytes` at the descriptor's position.
  /// - Returns: why it failed (naming the file `name`), or `nil` when every byte is written.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, named name: String)
    -> StoreCause?
  {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress?.advanced(by: written), $0.count - written)
      }
      if count < 0 {
        let code = errno
        if code != EINTR { return .step(.write, path: name, because: describe(code)) }
      } else {
        written += count
      }
    }
    return nil
  }

  /// Syncs the file's data to the disk itself. On Darwin `fsync` leaves it in the drive's
  /// cache, and `F_FULLFSYNC` is what reaches the disk (`fsync` where a file system does not
  /// support it).
  private static func syncToDisk(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0
    #else
      fsync(descriptor) == 0
    #endif
  }

  /// How the names of `replace`'s temporary files for a file named `name` begin.
  static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

  /// What identifies one version of a file: a replaced file has a new inode, and a
  /// changed one a new size or modification time.
  struct Stamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    static func == (lhs: Stamp, rhs: Stamp) -> Bool {
      lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
        && lhs.modified.tv_sec == rhs.modified.tv_sec
        && lhs.modified.tv_nsec == rhs.modified.tv_nsec
    }
  }

  /// The stamp of the file at `path` (a symbolic link's own), or `nil` when there is none.
  static func stamp(_ path: String) -> Stamp? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return stamp(info)
  }

  /// The stamp of the open file `descriptor`.
  private static func stamp(_ descriptor: Int32) -> Stamp? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return stamp(info)
  }

  private static func stamp(_ info: stat) -> Stamp {
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    let file = FileIdentity(info)
    return Stamp(
      device: file.device, inode: file.inode, size: Int64(info.st_size), modified: modified)
  }

  /// Runs `body` holding an exclusive advisory lock (`flock`) on the file at `lockPath`,
  /// created with mode 0600 when missing. Another holder is waited for at most
  /// `FileLock.patience` (a wait that lasts reported to `waiting`).
  /// - Throws: `FileLock.Busy` when the wait ran out; `Failure.notWritten` when the lock
  ///   file cannot be opened or locked; what `body` throws.
  static func withLock<Result>(
    _ lockPath: String, waiting: LockWaiting? = nil, _ body: () throws -> Result
  ) throws -> Result {
    let descriptor = try openLockFile(lockPath)
    defer { close(descriptor) }
    try FileLock.acquire(descriptor, path: lockPath, exclusive: true, waiting: waiting)
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Runs `body` holding the lock `withLock` takes when no other process holds it now;
  /// `nil` when one does (nothing is waited for).
  static func withLockIfFree<Result>(_ lockPath: String, _ body: () throws -> Result) throws
    -> Result?
  {
    let descriptor = try openLockFile(lockPath)
    defer { close(descriptor) }
    guard try FileLock.tryAcquire(descriptor, path: lockPath, exclusive: true) else { return nil }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Refuses a symbolic link at `path` (a store file that is not opened now, such as the
  /// lock file of a store that is only read); anything else, or nothing, passes.
  static func refuseLink(_ path: String) throws(Failure) {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return }
    throw .notReadable(.step(.use, path: path, because: describe(ELOOP)))
  }

  private static func openLockFile(_ lockPath: String) throws(Failure) -> Int32 {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .notWritten(.step(.openLockFile, path: lockPath, because: describe(errno)))
    }
    return descriptor
  }

  /// The bytes of the file at `path` from `offset` to its end; `nil` when there is no file.
  /// A `storeFile` must be a regular file and not a symbolic link (`O_NOFOLLOW`; opened
  /// without blocking, so a FIFO in its place is refused rather than waited on).
  /// `stamp` is set to the open file's stamp.
  private static func readFile(
    _ path: String, from offset: Int, storeFile: Bool, stamp: inout Stamp?
  ) throws(Failure) -> [UInt8]? {
    let flags = storeFile ? O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC : O_RDONLY | O_CLOEXEC
    let descriptor = open(path, flags)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      throw .notReadable(.step(.openForReading, path: nil, because: describe(code)))
    }
    defer { close(descriptor) }
    if storeFile, let irregular = irregularity(descriptor, path: nil) {
      throw .notReadable(irregular)
    }
    stamp = Self.stamp(descriptor)
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
      throw .notReadable(.step(.seek, path: nil, because: describe(errno)))
    }
    var bytes: [UInt8] = []
    if let code = BoundedFile.readToEnd(descriptor, { bytes.append(contentsOf: $0) }) {
      throw .notReadable(.step(.read, path: nil, because: describe(code)))
    }
    return bytes
  }

  /// Makes the file at `path` hold exactly its first `size` bytes, then `bytes` after
  /// them, and syncs it: what was past `size` (a line torn by a crash) is dropped. The
  /// file is created (and its folder synced) when missing.
  ///
  /// When anything fails the file is cut back to `size` bytes: what was not written
  /// durably is not left for a reader to find. A file this call created is deleted again
  /// (the caller holds the store's exclusive lock, so no one else has it open).
  static func append(
    _ bytes: [UInt8], to path: String, at size: Int, in directory: String
  ) throws(Failure) {
    let existed = access(path, F_OK) == 0
    let descriptor = open(
      path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .notWritten(.step(.openForWriting, path: path, because: describe(errno)))
    }
    defer { close(descriptor) }
    if let irregular = irregularity(descriptor, path: path) {
      throw .notWritten(irregular)
    }
    guard ftruncate(descriptor, off_t(size)) == 0, lseek(descriptor, off_t(size), SEEK_SET) >= 0
    else {
      throw .notWritten(.step(.position, path: path, because: describe(errno)))
    }
    var failure =
      writeAll(bytes, to: descriptor, named: path)
      ?? (syncToDisk(descriptor) ? nil : .step(.sync, path: path, because: describe(errno)))
    if failure == nil, !existed {
      do {
        try syncDirectory(directory)
      } catch {
        failure = error.reason
      }
    }
    if let failure {
      _ = ftruncate(descriptor, off_t(size))
      if existed {
        _ = fsync(descriptor)
      } else {
        unlink(path)
      }
      throw .notWritten(failure)
    }
  }

  /// Why the open file (at `path`, when it is to be named) is not one to read or write
  /// as a regular file: what it is instead, or why that could not be told; `nil` for a
  /// regular file.
  static func irregularity(_ descriptor: Int32, path: String?) -> StoreCause? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      return .step(.examine, path: path, because: describe(errno))
    }
    return fileKind(of: info.st_mode).map { .notRegular(path: path, kind: $0) }
  }

  private static func syncDirectory(_ directory: String) throws(Failure) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .writtenNotSynced(.step(.open, path: directory, because: describe(errno)))
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw .writtenNotSynced(.step(.sync, path: directory, because: describe(errno)))
    }
  }

  /// The cause for `code`; `ELOOP` from an `O_NOFOLLOW` open means a symbolic link, and
  /// `ENOSPC` is a full disk, as every store says it (`DiskFull`).
  static func describe(_ code: Int32) -> StoreCause {
    .storeFileError(code)
  }
}

import CSQLite
import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system side of opening a store, with POSIX calls.
enum SQLiteFile {
  /// How the names of new databases being made for a file named `name` begin.
  static func temporaryPrefix(for name: String) -> String { ".\(name).new-" }

  /// How long the names of a store file `name`'s files get (with its rollback journal's
  /// suffix, which SQLite keeps room for): `name`'s own, or, when `creating` it, a new
  /// database's (a prefix and a UUID); and the longest path SQLite opens, its file
  /// system's `mxPathname` (512 bytes on Unix).
  static func fileNames(for name: String, creating: Bool) -> StoreFolder.FileNames {
    let longest =
      creating
      ? temporaryPrefix(for: name).utf8.count + UUID().uuidString.utf8.count : name.utf8.count
    let suffix = "-journal".utf8.count
    let sqliteLimit = sqlite3_vfs_find(nil).map { Int($0.pointee.mxPathname) } ?? 512
    return sqliteLimit < StoreFolder.pathLimit
      ? StoreFolder.FileNames(
        longest: longest + suffix, pathLimit: sqliteLimit, limitedBySQLite: true)
      : StoreFolder.FileNames(longest: longest + suffix)
  }

  /// Whether there is a file at `path` that could be a store; `false` when there is none.
  static func exists(_ path: String) throws(DomainError) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      guard code == ENOENT else {
        throw .storageUnavailable(
          path: path, reason: StoreProblem(.cannot(.examineFile, because: .errorNumber(code))))
      }
      return false
    }
    let type = info.st_mode & S_IFMT
    guard type != S_IFDIR else {
      throw .storageUnavailable(path: path, reason: StoreProblem(.folderInPlaceOfFile))
    }
    guard type != S_IFLNK else {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.symbolicLink))
    }
    guard type == S_IFREG else {
      throw .storageUnavailable(path: path, reason: StoreProblem(.notRegularFile))
    }
    // SQLite would take an empty file for a new database; Pocket never makes one.
    guard info.st_size > 0 else {
      throw .corruptStore(path: path, reason: StoreProblem(.emptyFile))
    }
    guard access(path, R_OK | W_OK) == 0 else {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.cannot(.readAndWriteFile, because: .errorNumber(errno))))
    }
    return true
  }

  /// Creates an empty file at `path` with mode 0600; it must not exist.
  static func createEmpty(_ path: String) throws(DomainError) {
    let descriptor = open(path, O_CREAT | O_EXCL | O_NOFOLLOW | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.cannot(.createFile, because: .errorNumber(errno))))
    }
    close(descriptor)
  }

  /// Refuses a database whose write-ahead log is still beside it, closed: what the log
  /// holds is not in the file, and the file alone would be damaged.
  static func checkNoLog(_ path: String) throws(DomainError) {
    var info = stat()
    if lstat(path + "-wal", &info) == 0, info.st_size > 0 {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.logNotCopied(bytes: Int64(info.st_size))))
    }
  }

  /// What a change to a store file would move, read without opening it: the file's device,
  /// inode, size and modification time, and its write-ahead log's size (-1 when absent).
  /// A commit grows the log; a checkpoint writes the file (and may empty or delete the log).
  struct Stamp: Equatable {
    var file: [Int64]
    var logSize: Int64

    init(path: String) {
      var info = stat()
      if lstat(path, &info) == 0 {
        #if canImport(Darwin)
          let modified = info.st_mtimespec
        #else
          let modified = info.st_mtim
        #endif
        file = [
          Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino),
          Int64(info.st_size),
          Int64(modified.tv_sec), Int64(modified.tv_nsec),
        ]
      } else {
        file = []
      }
      logSize = lstat(path + "-wal", &info) == 0 ? Int64(info.st_size) : -1
    }
  }

  /// Syncs the file at `path` to the disk.
  static func sync(_ path: String) throws(DomainError) {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.cannot(.openFile, because: .errorNumber(errno))))
    }
    defer { close(descriptor) }
    #if canImport(Darwin)
      let synced = fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0
    #else
      let synced = fsync(descriptor) == 0
    #endif
    guard synced else {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.cannot(.syncFile, because: .errorNumber(errno))))
    }
  }

  /// Gives the file at `source` the name `target` too, unless `target` exists already (then
  /// the existing file stays). The directory is synced so the new name survives a crash.
  /// - Throws: when the link cannot be made, or the folder cannot be synced after it (the
  ///   file, whole, is then in place, but its name may not survive a crash; it is left,
  ///   since another process may have opened it since).
  static func linkIfAbsent(_ source: String, to target: String) throws(DomainError) {
    if link(source, target) != 0 {
      let code = errno
      guard code == EEXIST else {
        throw .storageUnavailable(
          path: target, reason: StoreProblem(.cannot(.createFile, because: .errorNumber(code))))
      }
    }
    let directory = PathText.folder(of: target)
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .storageUnavailable(
        path: directory,
        reason: StoreProblem(.cannot(.openFolderToSync, because: .errorNumber(errno))))
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw .storageUnavailable(
        path: directory, reason: StoreProblem(.cannot(.syncFolder, because: .errorNumber(errno))))
    }
  }

  /// Deletes the file at `path` with SQLite's side files.
  static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      unlink(path + suffix)
    }
  }
}

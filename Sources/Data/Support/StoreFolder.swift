import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder a store lives in, checked before a store file in it is opened, as ssh checks
/// a key folder: another user who may write to the folder could put a link or a file of
/// their choosing in the place of a store file.
enum StoreFolder {
  /// Creates the store folder `path` (mode 0700, with its parents) when it is missing.
  /// Its length is checked first (`checkLength`): nothing is made for a path too long to
  /// hold the store's files.
  /// - Throws: `.storageUnavailable` when the path is too long, when the folder cannot be
  ///   made, or something else is there.
  static func createIfMissing(_ path: String, holding files: FileNames) throws(DomainError) {
    try checkLength(path, holding: files)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .storageUnavailable(path: path, reason: StoreProblem(.notAFolder))
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(.cannot(.createFolder, because: .system(error.localizedDescription))))
    }
  }

  /// How long the names of a store's files in its folder get, and how long a path to
  /// them may be.
  struct FileNames {
    /// The longest name the store gives a file in its folder, in bytes.
    var longest: Int
    /// The longest path to a file the store opens, in bytes (without a terminating NUL).
    var pathLimit = StoreFolder.pathLimit
    /// Whether `pathLimit` is SQLite's (the longest path it opens), not the system's.
    var limitedBySQLite = false
  }

  /// The longest path the system takes, in bytes, without its terminating NUL.
  static let pathLimit = Int(PATH_MAX) - 1
  /// The longest name of one file or folder the system takes, in bytes.
  static let nameLimit = Int(NAME_MAX)

  /// Refuses a folder path (absolute) that could not hold the store's `files`: a path to
  /// one of them longer than `files.pathLimit` bytes, or a name in it longer than
  /// `nameLimit`. The system would refuse it only part way, after making the folders that
  /// fit; this refuses it before anything is made.
  /// - Throws: `.storageUnavailable` naming the length and the limit.
  static func checkLength(_ path: String, holding files: FileNames) throws(DomainError) {
    if let long = path.split(separator: "/").first(where: { $0.utf8.count > nameLimit }) {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(
          .nameTooLong(start: String(long.prefix(12)), bytes: long.utf8.count, limit: nameLimit)))
    }
    let folderLimit = files.pathLimit - 1 - files.longest
    guard path.utf8.count <= folderLimit else {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(
          .pathTooLong(
            PathLength(
              bytes: path.utf8.count, folderLimit: folderLimit, pathLimit: files.pathLimit,
              bySQLite: files.limitedBySQLite))))
    }
  }

  /// Refuses a folder that another user could change: one writable by its group or by
  /// others, or owned by someone other than the effective user or root.
  /// - Throws: `DomainError.storageUnavailable` naming the folder and the reason.
  static func check(_ path: String) throws(DomainError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .storageUnavailable(
        path: path, reason: StoreProblem(.cannot(.examineFolder, because: .storeFileError(errno))))
    }
    guard info.st_uid == geteuid() || info.st_uid == 0 else {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(.ownedByAnotherUser(uid: UInt32(info.st_uid)), advice: .useOwnFolder))
    }
    let mode = info.st_mode & 0o7777
    guard mode & 0o022 == 0 else {
      let octal = String(mode, radix: 8)
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(
          .writableByOthers(mode: String(repeating: "0", count: max(0, 4 - octal.count)) + octal),
          advice: .removeOthersWrite(command: "chmod go-w \(shellQuoted(path))")))
    }
  }

  /// Whether `directory` holds a regular file whose name starts with `prefix`.
  static func hasLeftovers(in directory: String, prefix: String) -> Bool {
    !leftovers(in: directory, prefix: prefix).isEmpty
  }

  /// Deletes the regular files in `directory` whose names start with `prefix`: temporary
  /// files of Pocket's own that a killed process left behind. Anything else (links,
  /// folders, other names) is left alone. The caller holds the lock that whoever makes
  /// such files holds, so none of them is in use.
  static func removeLeftovers(in directory: String, prefix: String) {
    for name in leftovers(in: directory, prefix: prefix) {
      unlink("\(directory)/\(name)")
    }
  }

  /// Read with `readdir` (every open of a store asks): `FileManager`'s listing of a folder
  /// costs a millisecond's fraction of set-up the first time a process lists one.
  private static func leftovers(in directory: String, prefix: String) -> [String] {
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      // A name that is not UTF-8 is never one of Pocket's (they are ASCII), and repaired it
      // would name another file: it is passed over.
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
          UTF8Bytes.text(UnsafeRawBufferPointer(start: $0, count: strlen($0)))
        }
      }
      guard let name, name.hasPrefix(prefix) else { continue }
      var info = stat()
      if lstat("\(directory)/\(name)", &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        names.append(name)
      }
    }
    return names
  }

  /// Runs `body` holding an exclusive `flock` on the folder itself, waiting for another
  /// holder at most `FileLock.patience` (a wait that lasts reported to `waiting`).
  static func withExclusiveLock<Result>(
    _ directory: String, waiting: LockWaiting? = nil, _ body: () throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .storageUnavailable(
        path: directory, reason: StoreProblem(.cannot(.openFolder, because: .storeFileError(errno)))
      )
    }
    defer { close(descriptor) }
    do {
      try FileLock.acquire(descriptor, path: directory, exclusive: true, waiting: waiting)
    } catch let busy as FileLock.Busy {
      throw .storageUnavailable(path: busy.path, reason: busy.reason)
    } catch {
      let reason = (error as? DurableFile.Failure)?.reason ?? .system("\(error)")
      throw .storageUnavailable(path: directory, reason: StoreProblem(reason))
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// `text` as one shell word.
  private static func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+".contains($0))
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

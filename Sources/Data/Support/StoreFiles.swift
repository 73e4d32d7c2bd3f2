import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a store keeps in its folder, which no archive may be written over or read
/// from: the SQLite database with its log and side files, the json snapshot, journal and
/// lock file, the rate settings (`RateSettingsFile`), this machine's copies of postgres
/// stores (`PostgresStore.copyFileName`), the temporary files any of them makes, and the
/// folder itself.
///
/// A path is compared as `cp a a` compares its two files, by device and inode, so another
/// spelling of the path (`./`, `..`, a linked folder on the way) and a hard link elsewhere
/// are recognized too; a name that is not there yet (a log the database has not made) is
/// recognized by its folder's device and inode and its name. Both kinds' files count,
/// whichever store is open: a sqlite and a json store may share one folder.
public struct StoreFiles: Sendable, Equatable {
  /// The store folder.
  public let folder: String

  public init(folder: String) {
    self.folder = folder
  }

  /// The names of the files a store keeps in its folder.
  static let names: [String] = {
    let sqlite = SQLiteStore.fileName
    return [sqlite, sqlite + "-wal", sqlite + "-shm", sqlite + "-journal"]
      + [JSONFileStore.fileName, JSONFileStore.journalName, JSONFileStore.lockName]
      + [RateSettingsFile.fileName]
  }()

  /// How the names of the stores' temporary files begin.
  static let temporaryPrefixes = [
    SQLiteFile.temporaryPrefix(for: SQLiteStore.fileName),
    DurableFile.temporaryPrefix(for: JSONFileStore.fileName),
    DurableFile.temporaryPrefix(for: RateSettingsFile.fileName),
  ]

  /// Whether `path` (as a user typed it: relative to the current folder, through links)
  /// names the store folder or one of the store's files.
  public func contains(_ path: String) -> Bool {
    func identity(_ path: String) -> FileIdentity? {
      FileIdentity(path: path, followingLinks: true)
    }
    guard !path.isEmpty, let folderID = identity(folder) else { return false }
    let name = PathText.lastComponent(path)
    if identity(PathText.folder(of: path)) == folderID, isStoreName(name) {
      return true
    }
    guard let target = identity(path) else { return false }
    if target == folderID { return true }
    return storeFileNames().contains { identity("\(folder)/\($0)") == target }
  }

  private func isStoreName(_ name: String) -> Bool {
    Self.names.contains(name) || Self.temporaryPrefixes.contains { name.hasPrefix($0) }
      || Self.isCopyName(name)
  }

  /// Whether `name` is a file of this machine's copy of a postgres store
  /// (`PostgresStore.copyFileName`): the database, its log and side files, or the temporary
  /// file it is made as.
  static func isCopyName(_ name: String) -> Bool {
    var base = Substring(name)
    if base.hasPrefix("."), let new = base.range(of: ".sqlite.new-") {
      base = base[base.index(after: base.startIndex)..<new.lowerBound] + ".sqlite"
    }
    for suffix in ["-wal", "-shm", "-journal"] where base.hasSuffix(suffix) {
      base = base.dropLast(suffix.count)
    }
    guard base.hasPrefix("replica-"), base.hasSuffix(".sqlite") else { return false }
    let digits = base.dropFirst("replica-".count).dropLast(".sqlite".count)
    return digits.count == 16 && digits.allSatisfy(\.isHexDigit)
  }

  /// The names in the folder that are store files, temporary ones included.
  private func storeFileNames() -> [String] {
    let present = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return Self.names
      + present.filter { name in
        Self.temporaryPrefixes.contains { name.hasPrefix($0) } || Self.isCopyName(name)
      }
  }
}

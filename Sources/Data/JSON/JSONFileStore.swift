import Foundation
import PocketDomain

/// A store kept as human-readable JSON in a directory: a snapshot, `pocket.json`, and a
/// journal of the changes made since, `pocket.journal`, one JSON line each.
///
/// A change appends one line and syncs it, so its cost does not grow with the store; once
/// the journal is long compared with the store, the snapshot is rewritten atomically (temp
/// file, fsync, rename, fsync of the folder) and the journal emptied. Changes hold an
/// exclusive `flock` on `pocket.json.lock` and first read what other processes appended,
/// so writers never lose each other's changes; a writer waits for the lock at most
/// `FileLock.patience` (5 s, as the sqlite store's busy timeout), then fails naming the
/// lock file and the process holding it. Reads take no lock (see `JSONFiles.refresh`). A
/// file that cannot be read or understood is never overwritten: `open` throws and leaves
/// it as it was.
public final class JSONFileStore: Sendable {
  /// The document's name inside the store directory.
  public static let fileName = "pocket.json"
  /// The journal's name inside the store directory.
  static let journalName = "pocket.journal"
  /// The lock file's name inside the store directory.
  static let lockName = fileName + ".lock"
  /// How long the names of the store's files get: a new snapshot's temporary name is the
  /// longest (a prefix and a UUID).
  static let fileNames = StoreFolder.FileNames(
    longest: DurableFile.temporaryPrefix(for: fileName).utf8.count + UUID().uuidString.utf8.count)

  /// The path of the JSON document.
  public let fileURL: URL
  let backend: JSONFileBackend
  /// What other processes write, for the screens that show the store.
  private let changes: StoreFileWatch
  /// The screens, kept in memory when the disk has no room for them.
  private let unsavedScreens: UnsavedScreens
  /// Where a change waiting for another program's lock is reported.
  private let waits: StoreWaits

  private init(fileURL: URL, backend: JSONFileBackend, watch: WatchChoice, waits: StoreWaits) {
    self.fileURL = fileURL
    self.backend = backend
    unsavedScreens = UnsavedScreens(DocumentScreenRepository(backend: backend))
    self.waits = waits
    changes = StoreFileWatch(
      folder: fileURL.deletingLastPathComponent().path,
      names: [Self.fileName, Self.journalName], vital: [], ending: [Self.fileName],
      choice: watch
    ) { [weak backend] in
      guard let backend else { return nil }
      // A store that cannot be read says why when the screen reloads.
      do {
        return try await backend.changedElsewhere()
      } catch {
        // Another file put in the snapshot's place ends the store's screens.
        if let replaced = await backend.replaced() { return .gone(replaced) }
        return .changed(.all)
      }
    }
  }

  /// Opens the store in `directory`, creating the directory (mode 0700) when it is missing.
  /// A missing `pocket.json` is an empty store; the file is written on the first change.
  /// Temporary files a killed process left in the directory are deleted.
  /// - Throws: `DomainError.storageUnavailable` when the directory or file cannot be made
  ///   or read, when the directory is writable by other users or owned by another user, or
  ///   when a store file is a symbolic link; `DomainError.corruptStore` when the file is not
  ///   a document this version of Pocket can read (empty, truncated, not JSON, wrong shape,
  ///   newer version).
  /// `watch`: how changes other processes write are noticed (`Repositories.changes`);
  /// `thread`: the thread the store's calls run on (`StoreThread`); `waits`: where a change
  /// waiting for another program's lock is reported (`Repositories.waits`).
  public static func open(
    directory: URL, watch: WatchChoice = .automatic, thread: StoreThread = .own,
    waits: StoreWaits = StoreWaits()
  ) throws(DomainError) -> JSONFileStore {
    try open(
      directory: directory, journalLimit: .pocket, watch: watch, thread: thread, waits: waits)
  }

  /// Opens the store in `directory`; the snapshot is rewritten once the journal is as long
  /// as `journalLimit` allows. Tests lower it to compact often.
  /// `versions` are the document versions it reads and writes (tests pretend to be a later
  /// Pocket with a version of their own).
  /// Opens a store that `open` refuses because its journal holds values out of range (as a
  /// Pocket before every door checked could write): such lines are skipped, each named in
  /// `unreadable()`, so what can be read can be exported, or everything replaced by an
  /// import. Only for that rescue: a store opened so should not be changed otherwise.
  /// - Throws: as `open` does for everything else.
  public static func openSalvaging(
    directory: URL, waits: StoreWaits = StoreWaits()
  ) throws(DomainError) -> JSONFileStore {
    try open(directory: directory, journalLimit: .pocket, salvaging: true, waits: waits)
  }

  /// The journal lines `openSalvaging` skipped, each with why.
  public func unreadable() async -> [StoreCause] {
    await backend.unreadable()
  }

  static func open(
    directory: URL, journalLimit: JournalLimit, versions: DocumentVersions = .pocket,
    salvaging: Bool = false, watch: WatchChoice = .automatic, thread: StoreThread = .own,
    waits: StoreWaits = StoreWaits()
  ) throws(DomainError) -> JSONFileStore {
    let directoryPath = directory.standardizedFileURL.path
    let fileURL = directory.standardizedFileURL.appendingPathComponent(fileName)
    try StoreFolder.createIfMissing(directoryPath, holding: fileNames)
    try StoreFolder.check(directoryPath)
    let backend = try JSONFileBackend(
      filePath: fileURL.path, directoryPath: directoryPath, journalLimit: journalLimit,
      versions: versions, salvaging: salvaging, thread: thread,
      waiting: LockWaiting(waits: waits, store: fileURL.path))
    return JSONFileStore(fileURL: fileURL, backend: backend, watch: watch, waits: waits)
  }

  /// The repositories of this store. When the disk has no room for the screen shown and
  /// its rows, they are kept in memory instead (`UnsavedScreens`; `takeWarnings` says so).
  public var repositories: Repositories {
    var repositories = Repositories(backend: backend, changes: changes, waits: waits)
    repositories.screens = unsavedScreens
    return repositories
  }

  /// What went wrong since the last call without losing anything (the latest such failure):
  /// a change is stored once its journal line is on disk, and a snapshot rewrite that
  /// fails after it is only a warning (it is tried again at a later change).
  public func takeWarnings() async -> [StoreProblem] {
    await backend.takeWarnings() + unsavedScreens.takeWarning()
  }

  /// The document in `bytes`, migrated to `versions.current`; `version` is what the bytes
  /// say they hold. The bytes are decoded once: `format` and `version` are checked before
  /// the rest of the document is decoded, so a newer file is refused cleanly. Nesting
  /// deeper than `JSONNesting.maxDepth` is refused before the decoder sees the bytes.
  static func decodeDocument(_ bytes: [UInt8], versions: DocumentVersions = .pocket)
    throws(InvalidDocument) -> (document: JSONDocument, version: Int)
  {
    guard !bytes.isEmpty else { throw InvalidDocument(reason: .emptyFile) }
    if let problem = JSONNesting.problem(in: bytes) {
      throw InvalidDocument(reason: .document(problem))
    }
    // The decoder reads `1.0` and `1e0` as an integer; the format has none of them.
    if let problem = JSONDocument.integerProblem(in: bytes) {
      throw InvalidDocument(reason: .document(problem))
    }
    do {
      let decoder = JSONDecoder()
      decoder.userInfo[CheckedDocument.newestVersion] = versions.current
      let checked = try withLentData(bytes) { try decoder.decode(CheckedDocument.self, from: $0) }
      return (versions.migrate(from: checked.version, checked.document), checked.version)
    } catch let error as InvalidDocument {
      throw error
    } catch let error as DecodingError {
      throw InvalidDocument(
        reason: .document(JSONDocument.integerProblem(in: bytes) ?? describe(error)))
    } catch {
      throw InvalidDocument(reason: .document(.notPocketDocument(because: .system("\(error)"))))
    }
  }

  static func encodeDocument(_ document: JSONDocument) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(document)) + Array("\n".utf8)
  }

  /// What a user is told of `error`, naming the field by its path in the document. The
  /// decoder may have read an array of elements of `list` (`chat.messages`) from `first` on
  /// (a chunk): the path is then the element's in the whole document.
  static func describe(_ error: DecodingError, elementsOf list: String? = nil, from first: Int = 0)
    -> DocumentProblem
  {
    func path(_ context: DecodingError.Context) -> String? {
      var codingPath = context.codingPath[...]
      var prefix = ""
      if let list, let index = codingPath.first?.intValue {
        prefix = list.split(separator: ".").map { ".\($0)" }.joined() + "[\(first + index)]"
        codingPath = codingPath.dropFirst()
      }
      let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return prefix.isEmpty && keys.isEmpty ? nil : prefix + keys.joined()
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return .notJSON
    case .dataCorrupted(let context):
      return .invalidValue(path: path(context), because: .system(context.debugDescription))
    case .keyNotFound(let key, let context):
      return .missingField(key.stringValue, path: path(context))
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return .wrongType(path: path(context), because: .system(context.debugDescription))
    @unknown default:
      return .notPocketDocument(because: .system("\(error)"))
    }
  }
}

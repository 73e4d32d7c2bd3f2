import Domain
import Foundation

/// A store kept as one human-readable JSON document, `pocket.json`, in a directory.
///
/// The document is loaded once at `open` and kept in memory; every change rewrites the
/// whole file atomically. A file that cannot be read or understood is never overwritten:
/// `open` throws and leaves it as it was.
public final class JSONFileStore: Sendable {
  /// The document's name inside the store directory.
  public static let fileName = "pocket.json"

  /// The path of the JSON document.
  public let fileURL: URL
  private let backend: JSONFileBackend

  private init(fileURL: URL, backend: JSONFileBackend) {
    self.fileURL = fileURL
    self.backend = backend
  }

  /// Opens the store in `directory`, creating the directory (mode 0700) when it is missing.
  /// A missing `pocket.json` is an empty store; the file is written on the first change.
  /// - Throws: `DomainError.storageUnavailable` when the directory or file cannot be made
  ///   or read, `DomainError.corruptStore` when the file is not a document this version of
  ///   Pocket can read (empty, truncated, not JSON, wrong shape, newer version).
  public static func open(directory: URL) throws(DomainError) -> JSONFileStore {
    let directoryPath = directory.standardizedFileURL.path
    let fileURL = directory.standardizedFileURL.appendingPathComponent(fileName)
    try createDirectoryIfMissing(directoryPath)
    let backend = try JSONFileBackend(filePath: fileURL.path, directoryPath: directoryPath)
    return JSONFileStore(fileURL: fileURL, backend: backend)
  }

  /// The repositories of this store.
  public var repositories: Repositories { Repositories(backend: backend) }

  private static func createDirectoryIfMissing(_ path: String) throws(DomainError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .storageUnavailable(path: path, reason: "not a directory")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .storageUnavailable(
        path: path, reason: "cannot create the directory: \(error.localizedDescription)")
    }
  }

  static func decodeDocument(_ bytes: [UInt8]) throws(InvalidDocument) -> StoreState {
    guard !bytes.isEmpty else { throw InvalidDocument(reason: "the file is empty (0 bytes)") }
    let data = Foundation.Data(bytes)
    let decoder = JSONDecoder()
    do {
      let header = try decoder.decode(JSONDocumentHeader.self, from: data)
      guard header.format == JSONDocument.formatName else {
        throw InvalidDocument(
          reason: "format is \"\(header.format)\", expected \"\(JSONDocument.formatName)\"")
      }
      guard header.version <= JSONDocument.currentVersion else {
        throw InvalidDocument(
          reason: "version \(header.version) is newer than this Pocket reads "
            + "(\(JSONDocument.currentVersion)); update Pocket to open it")
      }
      guard header.version == JSONDocument.currentVersion else {
        throw InvalidDocument(reason: "unknown version \(header.version)")
      }
      return try decoder.decode(JSONDocument.self, from: data).toDomain()
    } catch let error as InvalidDocument {
      throw error
    } catch let error as DecodingError {
      throw InvalidDocument(reason: describe(error))
    } catch {
      throw InvalidDocument(reason: "not a Pocket JSON document: \(error)")
    }
  }

  static func encodeDocument(_ state: StoreState) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(JSONDocument(state))) + Array("\n".utf8)
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return keys.isEmpty ? "the top level" : keys.joined()
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not valid JSON (truncated or damaged)"
    case .dataCorrupted(let context):
      return "invalid value at \(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "missing field \"\(key.stringValue)\" at \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "wrong type at \(path(context)): \(context.debugDescription)"
    @unknown default:
      return "not a Pocket JSON document: \(error)"
    }
  }
}

/// The document of a `JSONFileStore`; all reads and changes go through this actor.
///
/// Other processes (or other stores on the same folder) may change the file at any time, so
/// a read first checks the file's stamp and reloads a changed file, and a change holds an
/// exclusive `flock` on `pocket.json.lock` while it reads, modifies and replaces the file,
/// so that two writers never lose each other's changes.
actor JSONFileBackend: DocumentBackend {
  private let filePath: String
  private let directoryPath: String
  private let lockPath: String
  private var state = StoreState()
  /// The stamp of the file `state` was read from; `nil` when there was no file.
  private var stamp: DurableFile.Stamp?

  init(filePath: String, directoryPath: String) throws(DomainError) {
    self.filePath = filePath
    self.directoryPath = directoryPath
    lockPath = filePath + ".lock"
    (state, stamp) = try Self.load(filePath)
  }

  func read<Result: Sendable>(_ body: @Sendable (StoreState) -> Result) throws -> Result {
    if DurableFile.stamp(filePath) != stamp {
      (state, stamp) = try Self.load(filePath)
    }
    return body(state)
  }

  func write<Result: Sendable>(
    _ body: @Sendable (inout StoreState) throws -> Result
  ) throws -> Result {
    do {
      return try DurableFile.withExclusiveLock(lockPath) {
        // Always reread under the lock: a stamp can miss a change made within one tick.
        (state, stamp) = try Self.load(filePath)
        var changed = state
        let result = try body(&changed)
        guard changed != state else { return result }
        try save(changed)
        return result
      }
    } catch let failure as DurableFile.Failure {
      throw DomainError.storageUnavailable(path: filePath, reason: failure.reason)
    }
  }

  private func save(_ changed: StoreState) throws {
    let bytes: [UInt8]
    do {
      bytes = try JSONFileStore.encodeDocument(changed)
    } catch {
      throw DomainError.storageUnavailable(
        path: filePath, reason: "cannot encode the document: \(error)")
    }
    do {
      try DurableFile.replace(filePath, in: directoryPath, with: bytes)
    } catch .notWritten(let reason), .notReadable(let reason) {
      throw DomainError.storageUnavailable(path: filePath, reason: reason)
    } catch .writtenNotSynced(let reason) {
      // The new document is in place; keep memory in step with it, but say that it may
      // not survive a power loss.
      state = changed
      stamp = DurableFile.stamp(filePath)
      throw DomainError.storageUnavailable(path: filePath, reason: reason)
    }
    state = changed
    stamp = DurableFile.stamp(filePath)
  }

  /// The state in the file at `path` (empty when there is no file) and the file's stamp.
  private static func load(_ path: String) throws(DomainError) -> (StoreState, DurableFile.Stamp?) {
    let stamp = DurableFile.stamp(path)
    let bytes: [UInt8]?
    do {
      bytes = try DurableFile.readIfPresent(path)
    } catch {
      throw .storageUnavailable(path: path, reason: error.reason)
    }
    guard let bytes else { return (StoreState(), nil) }
    do {
      return (try JSONFileStore.decodeDocument(bytes), stamp)
    } catch {
      throw .corruptStore(path: path, reason: error.reason)
    }
  }
}

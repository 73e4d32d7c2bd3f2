import CSQLite
import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store kept in one SQLite file: WAL journal, schema version in `PRAGMA user_version`,
/// migrations run on open, every change one transaction that is on disk when it returns.
///
/// Several stores (in one process or several) may open the same file; each sees the others'
/// committed changes, and writers wait for each other up to five seconds.
public final class SQLiteStore: Sendable {
  /// The usual name of the file inside a store directory.
  public static let fileName = "pocket.sqlite"

  /// The schema version this Pocket writes; older files are migrated to it on open.
  public static var currentSchemaVersion: Int { SQLiteSchema.currentVersion }

  /// The path of the database file.
  public let path: String
  /// The schema version of the opened file (after its migrations).
  public let schemaVersion: Int
  let database: SQLiteDatabase
  /// Why every change is refused, for a store opened on a full disk for reading only
  /// (`open`); `nil` for a store that writes.
  public var refusesWrites: DomainError? { database.refusesWrites }
  /// What other connections commit, for the screens that show the store.
  private let changes: StoreFileWatch
  /// The screens, kept in memory when the disk has no room for them.
  private let unsavedScreens: UnsavedScreens
  /// Where calls waiting for another program's lock are reported.
  let waits: StoreWaits

  /// How long a call waits for another connection's lock before it gives up: as long as a
  /// json store's writer waits for its lock.
  static let lockPatience = FileLock.patience

  private init(
    path: String, schemaVersion: Int, database: SQLiteDatabase, watch: WatchChoice,
    waits: StoreWaits
  ) {
    self.path = path
    self.schemaVersion = schemaVersion
    self.database = database
    unsavedScreens = UnsavedScreens(SQLScreenRepository(database: database))
    self.waits = waits
    let name = PathText.lastComponent(path)
    changes = StoreFileWatch(
      folder: PathText.folder(of: path), names: [name, name + "-wal"],
      vital: [name], choice: watch,
      letGo: { [weak database] in _ = await database?.replacement() }
    ) { [weak database] in
      guard let database else { return nil }
      if let error = await database.replacement() { return .gone(error) }
      // A store that cannot be read says why when the screen reloads.
      let kinds = (try? await database.changedElsewhere()) ?? .all
      return kinds.isEmpty ? nil : .changed(kinds)
    }
  }

  /// The repositories of this store; they share one connection. When the disk has no room
  /// (or the store was opened on a full disk, `refusesWrites`), the screen shown and its
  /// rows are kept in memory instead, so a front end that only reads never fails on saving
  /// them (`takeWarnings` says so once).
  public var repositories: Repositories {
    var repositories = Repositories(database: database, changes: changes, waits: waits)
    repositories.screens = unsavedScreens
    return repositories
  }

  /// What the user should be told of saves that did not reach the file: once, the first
  /// time the screen shown was kept in memory only; empty otherwise.
  public func takeWarnings() -> [StoreProblem] { unsavedScreens.takeWarning() }

  /// Every record that can be read, and each row that cannot (a value out of range, as a
  /// Pocket before every door checked could write), named: what `pocket export` writes when
  /// the whole store cannot be read.
  public func salvage() async throws -> (archive: StoreArchive, unreadable: [StoreCause]) {
    try await SQLArchiveRepository(database: database).salvage()
  }

  /// Opens the store file at `path`, creating it (mode 0600) and its directory (mode 0700)
  /// when missing, and migrating it to the current schema.
  ///
  /// A file Pocket cannot use is refused before anything is written to it, so it stays as
  /// it was, byte for byte. New files a killed process left half made beside it are deleted.
  /// - Throws: `DomainError.corruptStore` for a file that is not a Pocket database (empty,
  ///   damaged, another program's, or of a newer schema version), `.storageUnavailable` when
  ///   the file or its directory cannot be made, read or written, when the directory is
  ///   writable by other users or owned by another user, or when the file is a symbolic link.
  /// - Parameter path: the database file, as a user typed it (relative to the current
  ///   folder; made with its folder when missing).
  /// - Parameter watch: how changes other processes commit are noticed (`Repositories.changes`).
  /// - Parameter durability: when a commit returns (`SQLiteDurability`).
  /// - Parameter thread: the thread the store's calls run on (`StoreThread`).
  /// - Parameter waits: where a call waiting for another program's lock is reported, from
  ///   the open on (`Repositories.waits`); it waits `lockPatience` at most.
  public static func open(
    path: String, watch: WatchChoice = .automatic, durability: SQLiteDurability = .everyCommit,
    thread: StoreThread = .own, waits: StoreWaits = StoreWaits()
  ) throws(DomainError) -> SQLiteStore {
    let path = try prepareFile(path, waits: waits)
    do {
      return try connected(
        path: path, durability: durability, refusing: nil, watch: watch, thread: thread,
        waits: waits)
    } catch let error as SQLiteError where error.isNoSpace {
      return try openForReading(path: path, watch: watch, thread: thread, waits: waits)
    } catch {
      throw sqlDomainError(error, store: path)
    }
  }

  /// The store file at `path` (a machine's copy of a shared store, which exists), opened to
  /// be read, every change refused with `refusal`: what is shown while its server does not
  /// answer. Its screens follow the file, so another process's pull reaches them.
  static func open(
    copyAt path: String, refusing refusal: DomainError, durability: SQLiteDurability,
    watch: WatchChoice, thread: StoreThread, waits: StoreWaits
  ) throws(DomainError) -> SQLiteStore {
    do {
      return try connected(
        path: path, durability: durability, refusing: refusal, watch: watch, thread: thread,
        waits: waits)
    } catch {
      throw sqlDomainError(error, store: path)
    }
  }

  /// The store on a new connection to the file at `path` (made already), every change
  /// refused with `refusal` when there is one.
  private static func connected(
    path: String, durability: SQLiteDurability, refusing refusal: DomainError?,
    watch: WatchChoice, thread: StoreThread, waits: StoreWaits
  ) throws -> SQLiteStore {
    let (connection, version) = try connect(
      path: path, durability: durability, waiting: LockWaiting(waits: waits, store: path))
    return SQLiteStore(
      path: path, schemaVersion: version,
      database: SQLiteDatabase(connection: connection, thread: thread, refusing: refusal),
      watch: watch, waits: waits)
  }

  /// The real path of the store file `path` names (as a user typed it), its folder checked,
  /// leftovers of a killed process removed, and the file made (mode 0600, schema written)
  /// and its folder (mode 0700) when missing: what opening a store does before it connects.
  static func prepareFile(_ path: String, waits: StoreWaits) throws(DomainError) -> String {
    let given = try PathText.standardized(path)
    // A new file is made under a longer temporary name; a file already there is only opened.
    var info = stat()
    let fileNames = SQLiteFile.fileNames(
      for: PathText.lastComponent(given), creating: lstat(given, &info) != 0)
    try StoreFolder.createIfMissing(PathText.folder(of: given), holding: fileNames)
    let waiting = LockWaiting(waits: waits, store: given)
    // SQLITE_OPEN_NOFOLLOW refuses a link anywhere in the path: the folder's own path is
    // resolved first, so that only a link in the place of the file is refused.
    let directory = try PathText.resolved(PathText.folder(of: given))
    // Links on the way may make the folder's real path longer than the path given.
    try StoreFolder.checkLength(directory, holding: fileNames)
    let path = PathText.appending(PathText.lastComponent(given), to: directory)
    try StoreFolder.check(directory)
    let leftovers = SQLiteFile.temporaryPrefix(for: PathText.lastComponent(path))
    if StoreFolder.hasLeftovers(in: directory, prefix: leftovers) {
      // New files are made under this lock, so none of these is in use.
      try StoreFolder.withExclusiveLock(directory, waiting: waiting) {
        StoreFolder.removeLeftovers(in: directory, prefix: leftovers)
      }
    }
    if try !SQLiteFile.exists(path) {
      try createDatabase(at: path, waiting: waiting)
    }
    return path
  }

  /// Why a store on a full disk refuses a change (and, when it cannot be read either, why
  /// it cannot be opened).
  static func fullDisk(path: String, _ effect: DiskFullEffect) -> DomainError {
    DiskFull.error(path: path, effect)
  }

  /// The store at `path` opened for reading only, after an open that needed room on the disk
  /// failed for lack of it: a file that was closed cleanly has no write-ahead log
  /// index beside it, and making one (`-shm`) needs room. The file is opened `immutable=1`,
  /// which makes no side file, reads no log and takes no lock, so the connection sees the
  /// file alone; every write is refused before it is tried, naming the full disk.
  ///
  /// That is a true picture of the store only while the file alone holds every commit and
  /// nobody commits: so the log must be absent or empty (a log with pages is refused, as
  /// before), and on a full disk no connection can commit, since a commit must first grow
  /// the log (see docs/storage.md, "A full disk").
  private static func openForReading(
    path: String, watch: WatchChoice, thread: StoreThread, waits: StoreWaits
  ) throws(DomainError) -> SQLiteStore {
    // Taken before the file is first read: a change after it is noticed (`SQLiteDatabase`).
    let stamp = SQLiteFile.Stamp(path: path)
    // Absent (-1) or empty (as a clean close or a truncating checkpoint leaves it); any other
    // size counts as holding commits, even a header alone.
    guard stamp.logSize <= 0 else {
      throw fullDisk(path: path, .logNeedsRoom)
    }
    let refusal = fullDisk(path: path, .readOnly)
    do {
      let connection = try SQLiteConnection(
        path: path, uri: immutableURI(path),
        flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
          | SQLITE_OPEN_NOFOLLOW)
      let (version, objects) = try checkPocketFile(connection, path: path)
      guard version == SQLiteSchema.currentVersion else {
        throw fullDisk(path: path, .schemaNeedsRoom)
      }
      try checkRequired(objects, path: path)
      return SQLiteStore(
        path: path, schemaVersion: version,
        database: SQLiteDatabase(
          connection: connection, thread: thread, readingOnly: (refusal, stamp)),
        watch: watch, waits: waits)
    } catch {
      throw sqlDomainError(error, store: path)
    }
  }

  /// A `file:` URI naming `path` (absolute) with `immutable=1`: `?`, `#` and `%` in the path
  /// are escaped, as is every byte outside a path's usual characters.
  static func immutableURI(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%;=&")
    let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return "file:\(escaped)?immutable=1"
  }

  /// Builds a new database beside `path` (mode 0600, schema written, closed) and links it
  /// into place, so `path` never names a half-made file, even if the process is killed.
  /// When another process links its new file first, that one is kept. The folder is locked
  /// meanwhile, so that no opening process takes the new file for a leftover.
  private static func createDatabase(
    at path: String, waiting: LockWaiting
  ) throws(DomainError) {
    let directory = PathText.folder(of: path)
    try StoreFolder.withExclusiveLock(directory, waiting: waiting) { () throws(DomainError) in
      try createDatabase(at: path, in: directory)
    }
  }

  /// The new file is linked into place only once it is whole on disk: its log checkpointed
  /// into it (the result checked), the connection closed (`sqlite3_close` returned
  /// `SQLITE_OK`), no log left beside it, and the file synced. On any failure (a full disk
  /// at any of these steps) the temporary file and its side files are deleted and nothing
  /// is at `path`; the next open with room makes the store afresh.
  private static func createDatabase(at path: String, in directory: String) throws(DomainError) {
    let name = PathText.lastComponent(path)
    let temporary = "\(directory)/\(SQLiteFile.temporaryPrefix(for: name))\(UUID().uuidString)"
    try SQLiteFile.createEmpty(temporary)
    defer { SQLiteFile.remove(temporary) }
    do {
      let (connection, _) = try connect(path: temporary)
      do {
        try connection.checkpoint()
      } catch {
        try? connection.close()
        throw error
      }
      try connection.close()
      try SQLiteFile.checkNoLog(temporary)
      try SQLiteFile.sync(temporary)
    } catch {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(.cannot(.createDatabase, because: SQLiteDatabase.reason(error).cause)))
    }
    try SQLiteFile.linkIfAbsent(temporary, to: path)
  }

  /// An open connection to a valid Pocket file, migrated to the current schema version, and
  /// that version (the store's own, and the pull's on a machine's copy of a postgres store:
  /// `PostgresReplica.connect`).
  ///
  /// A file already at the current version costs a few cheap statements: two pragmas read,
  /// one `sqlite_master` query, three pragmas set; no transaction, no migration.
  static func connect(
    path: String, durability: SQLiteDurability = .everyCommit,
    waiting: LockWaiting = LockWaiting(waits: StoreWaits(), store: "")
  ) throws -> (connection: SQLiteConnection, version: Int) {
    // No SQLITE_OPEN_CREATE: the file exists by now, and one that vanished since must not be
    // recreated with the default mode. No link is followed to it.
    let connection = try SQLiteConnection(
      path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW)
    connection.waitForLocks(patience: lockPatience, reporting: waiting)
    guard !connection.isReadOnly else {
      throw DomainError.storageUnavailable(path: path, reason: StoreProblem(.readOnlyFile))
    }

    // Only reads until the file is known to be Pocket's, of a version this code knows.
    var (version, objects) = try checkPocketFile(connection, path: path)

    let mode = try connection.text("PRAGMA journal_mode = WAL")
    guard mode?.lowercased() == "wal" else {
      throw DomainError.storageUnavailable(
        path: path, reason: StoreProblem(.noWriteAheadLog(mode: mode)))
    }
    switch durability {
    case .everyCommit:
      // A commit returns only when it is on disk.
      try connection.execute("PRAGMA synchronous = FULL")
    case .localState:
      try connection.execute("PRAGMA synchronous = NORMAL")
      try connection.keepLogOnClose()
    }
    #if canImport(Darwin)
      // On Darwin fsync leaves the data in the drive's cache; F_FULLFSYNC reaches the disk.
      try connection.execute("PRAGMA fullfsync = ON")
      try connection.execute("PRAGMA checkpoint_fullfsync = ON")
    #endif
    try connection.execute("PRAGMA foreign_keys = ON")
    if version < SQLiteSchema.currentVersion {
      try SQLiteMigrator.pocket.migrate(connection, after: version)
      version = try SQLiteMigrator.appliedCount(connection)
      objects = try schemaObjects(connection)
    }

    try checkRequired(objects, path: path)
    return (connection, version)
  }

  /// The schema version of the file `connection` has open and the objects of its schema,
  /// only read: refuses a file that is not Pocket's, or of a version newer than this code.
  private static func checkPocketFile(_ connection: SQLiteConnection, path: String) throws
    -> (version: Int, objects: Set<String>)
  {
    let version = try SQLiteMigrator.appliedCount(connection)
    let applicationID = try connection.integer("PRAGMA application_id") ?? 0
    let objects = try schemaObjects(connection)
    let current = SQLiteSchema.currentVersion
    if version > current {
      throw DomainError.corruptStore(
        path: path,
        reason: StoreProblem(
          .schemaTooNew(version: version, current: current), advice: .updatePocket))
    }
    if version < 0 || (version == 0 && !objects.isEmpty)
      || (version > 0 && applicationID != SQLiteSchema.applicationID)
    {
      throw DomainError.corruptStore(
        path: path, reason: StoreProblem(.notPocketDatabase))
    }
    return (version, objects)
  }

  /// Refuses a schema that lacks one of the current schema's tables or triggers.
  private static func checkRequired(_ objects: Set<String>, path: String) throws(DomainError) {
    let required =
      SQLiteSchema.tables.map { (type: SchemaObject.table, name: $0) }
      + SQLiteSchema.triggers.map { (type: SchemaObject.trigger, name: $0) }
    if let missing = required.first(where: {
      !objects.contains("\($0.type.rawValue) \($0.name)")
    }) {
      throw DomainError.corruptStore(
        path: path, reason: StoreProblem(.missingSchemaObject(missing.type, name: missing.name)))
    }
  }

  /// Every object of the schema as "type name" ("table laps", "trigger laps_counted_insert").
  private static func schemaObjects(_ connection: SQLiteConnection) throws -> Set<String> {
    Set(
      try connection.query("SELECT type || ' ' || name FROM sqlite_master") { $0.text(0) })
  }
}

/// When a commit of an `SQLiteStore` returns.
public enum SQLiteDurability: Sendable {
  /// On disk (`synchronous = FULL`): a store of records, where nothing acknowledged is lost.
  case everyCommit
  /// Written to the log, which reaches the disk at the next checkpoint (`synchronous =
  /// NORMAL`), the log kept between runs: for what only this machine's screens need (the
  /// screen seen last and its numbered rows beside a store on a server), so that a command
  /// waits for no disk to save the screen it printed. A power loss may take back the last
  /// screens saved; it never damages the file.
  case localState
}

import Foundation
import PocketData
import PocketDomain

/// The store the composition root chose, with what `pocket store` says about it.
package struct OpenedStore {
  var kind: StoreChoice
  /// The store's file (or `memory`, or its server and schema) and its schema version, read
  /// when asked: a postgres store's once its server is reached.
  private var details: @Sendable () -> (path: String, schemaVersion: Int)
  /// Waits until the store can be used, and throws why it cannot: a postgres store opened
  /// without waiting (`open(_:environment:headStart:waiting:)`) is usable once its server
  /// is reached, unless it is read from this machine's copy (its reads wait for the server,
  /// or not, themselves: `PostgresCopyStore`). Every other store is usable once opened.
  var ready: @Sendable () throws(DomainError) -> Void = {}
  /// Ends what the store holds open on a server (a postgres store's connection), for a
  /// one-shot command that is done with it: the server's process ends while Pocket saves
  /// the screen it printed and exits, not after. Nothing for a store of files.
  var closeServer: @Sendable () async -> Void = {}
  /// For a view that follows the store from its first frame: a postgres store read from
  /// this machine's copy shows it at once, without waiting for its server (which the view
  /// follows); one with no copy to read (a new machine, or a store of more records than a
  /// command's end copies) begins a whole copy on a thread of its own, for the commands
  /// after the view to read. Nothing for any other store.
  var willFollow: @Sendable () -> Void = {}
  package var repositories: Repositories
  /// The store's folder and files, which `export` never writes over and `import` never
  /// reads; `nil` for a memory store.
  package var files: StoreFiles?
  /// Where the rate source chosen once is remembered: the store's local folder (`rate-settings.json`
  /// there), or memory for the memory store.
  package var rateSettings: any RateSettingsRepository {
    files.map { RateSettingsFile(folder: $0.folder) } ?? memoryRateSettings
  }
  private let memoryRateSettings = InMemoryRateSettings()
  /// What went wrong since the last call without losing anything (a json snapshot rewrite
  /// that failed after its change was stored), for the front end to print as warnings.
  var takeWarnings: @Sendable () async -> [StoreProblem] = { [] }

  /// Every record that can be read, and each one that cannot, named (`StoreRescue`); `nil`
  /// for a store whose export reads every record or none (the memory store).
  var salvage: (@Sendable () async throws -> (StoreArchive, [StoreCause]))? = nil

  /// A store whose file (or name) and schema version are known once opened.
  init(
    kind: StoreChoice, path: String, schemaVersion: Int, repositories: Repositories,
    files: StoreFiles? = nil, takeWarnings: @escaping @Sendable () async -> [StoreProblem] = { [] },
    salvage: (@Sendable () async throws -> (StoreArchive, [StoreCause]))? = nil
  ) {
    self.init(
      kind: kind, details: { (path, schemaVersion) }, repositories: repositories, files: files,
      takeWarnings: takeWarnings, salvage: salvage)
  }

  private init(
    kind: StoreChoice, details: @escaping @Sendable () -> (path: String, schemaVersion: Int),
    ready: @escaping @Sendable () throws(DomainError) -> Void = {},
    closeServer: @escaping @Sendable () async -> Void = {},
    willFollow: @escaping @Sendable () -> Void = {}, repositories: Repositories,
    files: StoreFiles?, takeWarnings: @escaping @Sendable () async -> [StoreProblem] = { [] },
    salvage: (@Sendable () async throws -> (StoreArchive, [StoreCause]))?
  ) {
    self.kind = kind
    self.details = details
    self.ready = ready
    self.closeServer = closeServer
    self.willFollow = willFollow
    self.repositories = repositories
    self.files = files
    self.takeWarnings = takeWarnings
    self.salvage = salvage
  }

  /// The store's file (or `memory`, or its server and schema, never a password).
  var path: String { details().path }
  var schemaVersion: Int { details().schemaVersion }

  /// Opens the store `options` name to rescue it (`StoreRescue`): a json journal line that
  /// holds a value out of range is skipped instead of refusing the store, and `salvage`
  /// leaves out each record that cannot be read, naming it.
  static func openSalvaging(_ options: Options, environment: [String: String]) throws
    -> OpenedStore
  {
    guard options.store == .json else { return try open(options, environment: environment) }
    let directory = try options.storeDirectory(environment: environment)
    let store = try JSONFileStore.openSalvaging(directory: directory)
    let repositories = store.repositories
    return OpenedStore(
      kind: .json, path: store.fileURL.path, schemaVersion: ArchiveFile.formatVersion,
      repositories: repositories, files: StoreFiles(folder: directory.path),
      salvage: { (try await repositories.archive.export(), await store.unreadable()) })
  }

  /// Opens the store `options` name. The only place that knows the concrete stores.
  package static func open(_ options: Options, environment: [String: String]) throws -> OpenedStore
  {
    try open(options, environment: environment, headStart: nil)
  }

  /// Opens the store `options` name; a postgres store takes the connection `headStart`
  /// began when it is to the same target. Unless `waiting`, a postgres store is returned
  /// while its server is being reached: its repositories wait for it, and `ready` says
  /// whether it was (the local file that keeps this machine's screens is open either way).
  /// A call waiting for another program's lock is reported to `waits` (a head start's store
  /// reports to the one it was begun with).
  package static func open(
    _ options: Options, environment: [String: String], headStart: ServerHeadStart?,
    waiting: Bool = true, waits: StoreWaits = StoreWaits()
  ) throws -> OpenedStore {
    // Polling where the file system's events are known not to come (a FUSE file system
    // not listed as a network one, say): `POCKET_WATCH=poll`.
    let watch: WatchChoice = environment["POCKET_WATCH"] == "poll" ? .polling : .automatic
    let thread = options.storeThread
    switch options.store {
    case .sqlite:
      let folder = try options.storeFolder(environment: environment)
      let store = try SQLiteStore.open(
        path: Options.path(SQLiteStore.fileName, in: folder), watch: watch, thread: thread,
        waits: waits)
      // Opened on a full disk for reading only, the store keeps the screen shown in memory
      // and says so once (`SQLiteStore.takeWarnings`).
      return OpenedStore(
        kind: .sqlite, path: store.path, schemaVersion: store.schemaVersion,
        repositories: store.repositories, files: StoreFiles(folder: folder),
        takeWarnings: { store.takeWarnings() }, salvage: { try await store.salvage() })
    case .postgres:
      return try openPostgres(
        options, environment: environment, headStart: headStart, waiting: waiting, watch: watch,
        waits: waits)
    case .memory:
      return OpenedStore(
        kind: .memory, path: "memory", schemaVersion: ArchiveFile.formatVersion,
        repositories: InMemoryStore(thread: thread).repositories)
    case .json:
      let directory = try options.storeDirectory(environment: environment)
      let store = try JSONFileStore.open(
        directory: directory, watch: watch, thread: thread, waits: waits)
      return OpenedStore(
        kind: .json, path: store.fileURL.path, schemaVersion: ArchiveFile.formatVersion,
        repositories: store.repositories, files: StoreFiles(folder: directory.path),
        takeWarnings: { await store.takeWarnings() })
    }
  }

  /// The postgres store: records on the server, shared by every machine; the screen seen
  /// last and its numbered rows in the local sqlite store's folder, since they are this
  /// machine's (a number typed here means what this terminal showed).
  ///
  /// This machine's copy of the store's records (`PostgresStore.copyFileName`, in the same
  /// folder) is made when a command ends; once there is one, every screen is read from it
  /// (`PostgresCopyStore`): a one-shot command and line mode after a pull, the live view at
  /// once (`willFollow`). A store of more records than a command's end copies whole is
  /// copied by the live view (`willFollow` again). While the server does not answer, the
  /// copy is shown as last pulled, every change refused, and a warning says so once.
  private static func openPostgres(
    _ options: Options, environment: [String: String], headStart: ServerHeadStart?,
    waiting: Bool, watch: WatchChoice, waits: StoreWaits
  ) throws -> OpenedStore {
    // The server is reached (libpq loaded, connected, the schema checked) on a thread of its
    // own while the local file opens: the two wait on different things.
    let store =
      headStart.flatMap { $0.isFor(options) ? $0.store : nil }
      ?? reach(options, waits: waits) { environment }
    let local = Result { () throws(DomainError) in
      let folder = try options.storeFolder(environment: environment)
      let store = try SQLiteStore.open(
        path: Options.path(SQLiteStore.fileName, in: folder), durability: .localState,
        thread: options.storeThread, waits: waits)
      // What the launch reads first is read while the server is reached: by the main
      // thread itself for a one-shot command (its store runs there), else ahead, on the
      // local store's own thread.
      let screens: any ScreenRepository =
        options.storeThread == .main
        ? store.repositories.screens : ReadAheadScreens(store.repositories.screens)
      return (screens, folder, store)
    }
    // The server's failure first: it is the one the user chose.
    if case .failure = local { try store.ready() }
    let (screens, folder, localStore) = try local.get()
    let target = postgresTarget(options, environment: environment)
    let copy = Options.path(
      PostgresStore.copyFileName(target, environment: environment), in: folder)
    if PostgresStore.hasCopy(at: copy),
      let copyStore =
        (try? PostgresCopyStore.open(
          store, copyAt: copy, reads: .afterAPull, watch: watch, thread: options.storeThread,
          waits: waits)) ?? nil
    {
      var repositories = copyStore.repositories
      repositories.screens = screens
      let name = target.name(environment: environment)
      return OpenedStore(
        kind: .postgres, details: { (name, PostgresStore.currentSchemaVersion) },
        closeServer: { await copyStore.close() }, willFollow: { copyStore.readAtOnce() },
        repositories: repositories, files: StoreFiles(folder: folder),
        takeWarnings: { copyStore.takeWarnings() + localStore.takeWarnings() },
        salvage: { try await store.salvage() })
    }
    if waiting { try store.ready() }
    var repositories = store.repositories
    repositories.screens = screens
    return OpenedStore(
      kind: .postgres,
      details: { ((try? store.name) ?? "", (try? store.schemaVersion) ?? 0) },
      ready: { () throws(DomainError) in try store.ready() },
      closeServer: { await store.close(pullingInto: copy) },
      willFollow: { Task { await store.copyWhole(into: copy) } },
      repositories: repositories, files: StoreFiles(folder: folder),
      // The local file opened on a full disk keeps this machine's screen in memory.
      takeWarnings: { localStore.takeWarnings() }, salvage: { try await store.salvage() })
  }

  private static func postgresTarget(_ options: Options, environment: [String: String])
    -> PostgresTarget
  {
    PostgresTarget(
      url: options.storeURL ?? environment["POCKET_STORE_URL"].flatMap { $0.isEmpty ? nil : $0 },
      schema: options.storeSchema)
  }

  /// The postgres store `options` name, its server reached on a thread of its own with
  /// the environment `environment` gives there, its statements run where the command's
  /// store runs (`Options.storeThread`).
  private static func reach(
    _ options: Options, waits: StoreWaits,
    _ environment: @escaping @Sendable () -> [String: String]
  ) -> PostgresStore {
    PostgresStore.reaching(
      schema: options.storeSchema, thread: options.storeThread, waits: waits
    ) {
      let environment = environment()
      return (postgresTarget(options, environment: environment), environment)
    }
  }

  /// Begins reaching the server of the postgres store that `arguments` choose (`nil` for
  /// any other store, for `--help`, and for options that are not valid): the executable
  /// calls it first of all, so that loading libpq, connecting and checking the schema go
  /// on while the rest of Pocket starts, and `open` takes the connection it began.
  /// `environment` is the process's, read on that thread.
  package static func reachServer(
    _ arguments: [String], waits: StoreWaits = StoreWaits(),
    environment: @escaping @Sendable () -> [String: String]
  ) -> ServerHeadStart? {
    guard let options = try? Options.parse(arguments), options.store == .postgres,
      !options.showHelp
    else { return nil }
    return ServerHeadStart(
      url: options.storeURL, schema: options.storeSchema,
      store: reach(options, waits: waits, environment))
  }
}

/// A connection to a postgres store's server begun before the store is opened
/// (`OpenedStore.reachServer`), in the process's own environment.
package struct ServerHeadStart: Sendable {
  let url: String?
  let schema: String
  /// The store, its server being reached.
  let store: PostgresStore

  /// Whether `options` name the store this connection is to.
  func isFor(_ options: Options) -> Bool {
    options.store == .postgres && options.storeURL == url && options.storeSchema == schema
  }
}

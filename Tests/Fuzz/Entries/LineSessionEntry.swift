#if DEBUG
  import PocketDomain
  import Foundation
  import Synchronization

  @testable import PocketApp
  @testable import PocketData

  extension FuzzEntries {
    /// The bytes as command lines, one a line, run as `pocket --store … --store-path store`
    /// runs lines from standard input: the options, the parser and the dispatcher, the
    /// renderer and the console `pocket` has. An input of an even length runs on a memory
    /// store in Korean, one of an odd length on a sqlite store in English, in a temporary
    /// folder that is the current folder, so relative paths (`export x`, `import ../y`) are
    /// exercised. (One store an input: a mutation that adds or drops a byte runs the same
    /// lines on the other store.)
    ///
    /// Each input starts on a new store, made cheaply (`LineSessionStores`): the one memory
    /// store emptied, or a copy of a sqlite store made once and never used; and the rates
    /// shown before a refresh are 16 of the bundled snapshot's (`FuzzRates`), which a
    /// session reads, draws and exports many times over. A session on a store made afresh
    /// and on all 160 rates costs some 0.15 s under AddressSanitizer; this one a fraction.
    ///
    /// Checked: no raw ESC (0x1B) reaches standard output or standard error (the renderer
    /// escapes outside text), the session ends with a status it can end with (0–3), and the
    /// store reads back afterwards: its export decodes and equals what the store holds, and
    /// a sqlite store opened again (as the next `pocket` opens it) exports too.
    @MainActor public static func lineSession(_ bytes: [UInt8]) async {
      // A line that is not UTF-8 comes as such, as standard input gives it (`LineReader`).
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
        line -> TypedLine in
        UTF8Bytes.text(line).map(TypedLine.text) ?? .notUTF8(shown: UTF8Bytes.shown(Array(line)))
      }
      await TemporaryFolder.withCurrent {
        guard bytes.count % 2 == 1 else {
          return await runSession(lines, store: "memory", language: "ko")
        }
        LineSessionStores.placeSQLiteStore(at: "store")
        await runSession(lines, store: "sqlite", language: "en")
        // The sqlite store opened afresh, as the next `pocket` opens it, exports.
        do {
          let options = try Options.parse(["--store", "sqlite", "--store-path", "store", "store"])
          let store = try OpenedStore.open(
            options, environment: [:], headStart: nil, waiting: false)
          _ = try await store.repositories.archive.export()
        } catch {
          FuzzCheck.fail("the sqlite store does not open and export after the session: \(error)")
        }
      }
    }

    @MainActor private static func runSession(
      _ lines: [TypedLine], store: String, language: String
    ) async {
      let memory = store == "memory" ? await LineSessionStores.emptiedMemoryStore() : nil
      let (status, console, opened) = await runKeepingStore(
        ["--store", store, "--store-path", "store", "--lang", language], lines: lines,
        memory: memory)
      FuzzCheck.require(
        status.rawValue <= ExitStatus.storeUnusable.rawValue,
        "the session on \(store) ended with \(status): " + FuzzCheck.quote(console.errors))
      for (name, text) in [("output", console.output), ("error output", console.errors)] {
        FuzzCheck.require(
          !text.utf8.contains(0x1B),
          "a raw ESC in the \(name) of the session on \(store): " + FuzzCheck.quote(text))
      }
      // The store as the session left it reads back: its export is an archive the store
      // format holds, and that archive reads back the same.
      guard let opened, status != .storeUnusable else { return }
      do {
        let archive = try await opened.repositories.archive.export()
        let encoded = try ArchiveFile.encode(archive)
        let decoded = try ArchiveFile.decode(encoded, path: "export")
        FuzzCheck.require(
          decoded == archive, "the \(store) store's export does not read back the same")
      } catch {
        FuzzCheck.fail("the \(store) store does not export after the session: \(error)")
      }
    }

    /// Runs `pocket arguments` in this process, `lines` on its standard input, `memory` the
    /// memory store it opens; with the store it opened (nil when it opened none).
    @MainActor private static func runKeepingStore(
      _ arguments: [String], lines: [TypedLine], memory: OpenedStore?
    ) async -> (ExitStatus, FuzzConsole, OpenedStore?) {
      let console = FuzzConsole(lines)
      let time = LocalTime(timeline: LocalTime.system().timeline, timeZone: .gmt)
      var pocket = Pocket(environment: ["TZ": "UTC"], console: console, time: time)
      pocket.bundledRates = FuzzRates.source
      let opened = OpenedStoreBox()
      pocket.openStore = { options, environment, waits in
        let store =
          if let memory, options.store == .memory {
            memory
          } else {
            try OpenedStore.open(
              options, environment: environment, headStart: nil, waiting: false, waits: waits)
          }
        opened.store = store
        return store
      }
      let status = await pocket.run(arguments)
      return (status, console, opened.store)
    }
  }

  @MainActor private final class OpenedStoreBox {
    var store: OpenedStore?
  }

  /// The stores a line session starts on, each as a new one: made once a process, and put
  /// back as new before each input, which costs a fraction of making one.
  @MainActor enum LineSessionStores {
    /// The memory store `pocket --store memory` opens for a session (its own thread).
    private static let memory = InMemoryStore(thread: .own)

    /// The memory store, emptied: what a new one holds (`StoreState(StoreArchive())`, no
    /// rows shown).
    static func emptiedMemoryStore() async -> OpenedStore {
      do {
        try await memory.repositories.archive.replaceAll(with: StoreArchive())
      } catch {
        FuzzCheck.fail("the memory store cannot be emptied: \(error)")
      }
      return OpenedStore(
        kind: .memory, path: "memory", schemaVersion: ArchiveFile.formatVersion,
        repositories: memory.repositories)
    }

    /// The file of a sqlite store made, migrated and closed, never used: a copy is a new
    /// store that is already made.
    private static let sqliteFile: [UInt8] = {
      var template = Array((NSTemporaryDirectory() + "/pocket-fuzz-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { FuzzCheck.fail("mkdtemp failed: \(errno)") }
      let folder = String(cString: made)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let path = Options.path(SQLiteStore.fileName, in: folder)
      do {
        // Closed as it goes: SQLite folds the write-ahead log into the file.
        _ = try SQLiteStore.open(path: path, thread: .main)
        FuzzCheck.require(
          !FileManager.default.fileExists(atPath: path + "-wal"),
          "a sqlite store closed leaves its write-ahead log")
        return try [UInt8](Foundation.Data(contentsOf: URL(fileURLWithPath: path)))
      } catch {
        FuzzCheck.fail("cannot make a sqlite store in \(folder): \(error)")
      }
    }()

    /// A new sqlite store in `folder` (relative to the current folder, where there is
    /// none), as `pocket --store-path folder` makes one: the folder and the file private to
    /// the user.
    static func placeSQLiteStore(at folder: String) {
      let manager = FileManager.default
      let path = Options.path(SQLiteStore.fileName, in: folder)
      do {
        try manager.createDirectory(
          atPath: folder, withIntermediateDirectories: false,
          attributes: [.posixPermissions: 0o700])
      } catch {
        FuzzCheck.fail("cannot make the folder \(folder): \(error)")
      }
      FuzzCheck.require(
        manager.createFile(
          atPath: path, contents: Foundation.Data(sqliteFile),
          attributes: [.posixPermissions: 0o600]),
        "cannot place a sqlite store at \(path)")
    }
  }

  /// The rates a fuzzed session shows before a refresh: 16 of the bundled snapshot's 160, of
  /// the currencies the seeds and the dictionary name (several dollars, so that `rates
  /// dollar` and `calc 달러` find more than one), with the snapshot's base and times.
  struct FuzzRates: ExchangeRateSource {
    static let source = FuzzRates()

    private static let codes: Set = [
      "USD", "EUR", "KRW", "JPY", "GBP", "CNY", "CAD", "AUD", "HKD", "SGD", "CHF", "TWD", "NZD",
      "MXN", "INR", "VND",
    ]

    private static let rates: RateSnapshot = {
      do {
        var bundled = try OpenERAPIDecoder().decode(Foundation.Data(BundledRateSource.json.utf8))
        bundled.rates = bundled.rates.filter { codes.contains($0.key) }
        return bundled
      } catch {
        FuzzCheck.fail("the bundled rates do not decode: \(error)")
      }
    }()

    var name: String { "16 of the bundled rates" }

    func fetch() async throws -> RateSnapshot { Self.rates }
  }

  /// Standard input from lines, standard output and error kept, never a terminal.
  final class FuzzConsole: Console, Sendable {
    private struct State {
      var lines: [TypedLine]
      var next = 0
      var output = ""
      var errors = ""
    }

    private let state: Mutex<State>

    init(_ lines: [TypedLine]) { state = Mutex(State(lines: lines)) }

    func readLine() -> TypedLine? {
      state.withLock { state in
        guard state.next < state.lines.count else { return nil }
        defer { state.next += 1 }
        return state.lines[state.next]
      }
    }

    func write(_ text: String) { state.withLock { $0.output += text } }
    func writeError(_ text: String) { state.withLock { $0.errors += text } }
    var isInteractive: Bool { false }

    var output: String { state.withLock { $0.output } }
    var errors: String { state.withLock { $0.errors } }
  }

  /// A folder two levels inside a new one in a temporary folder is the current folder while
  /// `body` runs (so `../../x` stays inside too), and the current folder put back. Each
  /// input gets folders of its own: whatever an input leaves that cannot be removed (a CI
  /// run once found `store` still there at the next input) never meets the next. Under
  /// libFuzzer, which runs millions of inputs and nothing else, they are removed after
  /// the input; in a test process (`FuzzEntries.keepsFoldersUntilExit`) they stay until it
  /// exits, with the temporary folder: other tests run meanwhile, and a child process one
  /// of them starts takes the current folder it read while the input ran, which must
  /// still be there (a test's `mount` failed, "The file doesn't exist", when it was not).
  /// The folder `TemporaryFolder` made, for its removal at exit (C, for `atexit`).
  nonisolated(unsafe) private var baseToRemove: UnsafeMutablePointer<CChar>?

  enum TemporaryFolder {
    @MainActor private static var base: String?

    @MainActor private static var inputs = 0

    @MainActor static func withCurrent(_ body: () async -> Void) async {
      let manager = FileManager.default
      let previous = manager.currentDirectoryPath
      inputs += 1
      let root = (base ?? makeBase()) + "/\(inputs)"
      let current = root + "/a/b"
      do {
        try manager.createDirectory(atPath: current, withIntermediateDirectories: true)
      } catch {
        FuzzCheck.fail("cannot make \(current): \(error)")
      }
      FuzzCheck.require(manager.changeCurrentDirectoryPath(current), "cannot enter \(current)")
      await body()
      FuzzCheck.require(manager.changeCurrentDirectoryPath(previous), "cannot go back")
      // Everything the input made, and its folders.
      if !FuzzEntries.keepsFoldersUntilExit { try? manager.removeItem(atPath: root) }
    }

    @MainActor private static func makeBase() -> String {
      var template = Array((NSTemporaryDirectory() + "/pocket-fuzz-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { FuzzCheck.fail("mkdtemp failed: \(errno)") }
      let root = String(cString: made)
      base = root
      baseToRemove = strdup(root)
      atexit {
        if let path = baseToRemove {
          try? FileManager.default.removeItem(atPath: String(cString: path))
        }
      }
      return root
    }

    /// A fresh folder for `body`, removed afterwards; the current folder is left alone.
    static func with<T>(_ body: (String) async throws -> T) async rethrows -> T {
      var template = Array((NSTemporaryDirectory() + "/pocket-fuzz-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { FuzzCheck.fail("mkdtemp failed: \(errno)") }
      let folder = String(cString: made)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      return try await body(folder)
    }
  }
#endif

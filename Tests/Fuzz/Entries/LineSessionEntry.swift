#if DEBUG
  import Data
  import Domain
  import Foundation
  import Synchronization

  @testable import App

  extension FuzzEntries {
    /// The bytes as command lines, one a line, run as `pocket --store … --store-path store`
    /// runs lines from standard input: the options, the parser and the dispatcher, the
    /// renderer and the console `pocket` has. An input of an even length runs on a memory
    /// store in Korean, one of an odd length on a sqlite store in English, in a fresh
    /// temporary folder that is the current folder, so relative paths (`export x`,
    /// `import ../y`) are exercised. (One store an input: a session with a fresh store's
    /// first launch costs some 0.2 s under AddressSanitizer, and a mutation that adds or
    /// drops a byte runs the same lines on the other store.)
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
      let (status, console, opened) = await runKeepingStore(
        ["--store", store, "--store-path", "store", "--lang", language], lines: lines)
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

    /// Runs `pocket arguments` in this process, `lines` on its standard input; with the
    /// store it opened (nil when it opened none).
    @MainActor private static func runKeepingStore(_ arguments: [String], lines: [TypedLine]) async
      -> (ExitStatus, FuzzConsole, OpenedStore?)
    {
      let console = FuzzConsole(lines)
      let time = LocalTime(timeline: LocalTime.system().timeline, timeZone: .gmt)
      var pocket = Pocket(environment: ["TZ": "UTC"], console: console, time: time)
      let opened = OpenedStoreBox()
      pocket.openStore = { options, environment, waits in
        let store = try OpenedStore.open(
          options, environment: environment, headStart: nil, waiting: false, waits: waits)
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

  /// A folder two levels inside a temporary one is the current folder while `body` runs
  /// (so `../../x` stays inside too), emptied afterwards, and the current folder put back.
  /// The folders themselves stay until the process exits: a test process runs other tests
  /// meanwhile, and a child process another test starts takes the current folder it read
  /// before, which must still be there.
  /// The folder `TemporaryFolder` made, for its removal at exit (C, for `atexit`).
  nonisolated(unsafe) private var baseToRemove: UnsafeMutablePointer<CChar>?

  enum TemporaryFolder {
    @MainActor private static var base: String?

    @MainActor static func withCurrent(_ body: () async -> Void) async {
      let manager = FileManager.default
      let previous = manager.currentDirectoryPath
      let root = base ?? makeBase()
      let current = root + "/a/b"
      FuzzCheck.require(manager.changeCurrentDirectoryPath(current), "cannot enter \(current)")
      await body()
      FuzzCheck.require(manager.changeCurrentDirectoryPath(previous), "cannot go back")
      // Everything the input made, wherever in the three folders; the folders stay.
      for (folder, keep) in [(root, "a"), (root + "/a", "b"), (current, "")] {
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where name != keep {
          try? manager.removeItem(atPath: folder + "/" + name)
        }
      }
    }

    @MainActor private static func makeBase() -> String {
      var template = Array((NSTemporaryDirectory() + "/pocket-fuzz-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { FuzzCheck.fail("mkdtemp failed: \(errno)") }
      let root = String(cString: made)
      do {
        try FileManager.default.createDirectory(
          atPath: root + "/a/b", withIntermediateDirectories: true)
      } catch {
        FuzzCheck.fail("cannot make \(root)/a/b: \(error)")
      }
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

import PocketData
import PocketDomain
import PocketPresentation
import Synchronization

/// The way out of a store that holds a value out of range, as a Pocket before every door
/// checked could write (a mind-log entry dated 1969, say): such a store refuses every
/// command (exit 3), except these two one-shot commands, which rescue it.
///
/// - `export PATH` writes every record that can be read, names each one left out on
///   standard error, and exits 1 (the export is not whole).
/// - `import PATH --replace` replaces everything the store holds, which needs nothing of it
///   read, so the store is whole again.
///
/// A store that cannot be read at all (not a store, a newer version, a damaged file) stays
/// refused: the rescue opens it the same way, and reports the same failure.
enum StoreRescue {
  /// Whether `command` is one the rescue runs.
  static func rescues(_ command: Command?) -> Bool {
    switch command {
    case .export, .importArchive(_, replace: true): true
    default: false
    }
  }

  /// Runs `command` (one `rescues` takes) on the store `options` name, opened to read what
  /// can be read. `nil` when the store cannot be opened even so: its failure stands.
  @MainActor
  static func run(
    _ command: Command, _ options: Options, environment: [String: String], timeline: Timeline,
    strings: Strings, renderer: Renderer, write: (String) -> Void, report: (String) -> Void
  ) async -> ExitStatus? {
    guard let store = try? OpenedStore.openSalvaging(options, environment: environment) else {
      return nil
    }
    let salvaged = SalvagedArchive(store: store)
    let viewModel = StoreViewModel(
      archive: salvaged,
      files: DiskArchiveFileRepository(protecting: store.files, thread: options.storeThread),
      kind: store.kind.rawValue,
      path: store.path, version: store.schemaVersion, changes: store.repositories.changes,
      now: { timeline.now() })
    switch command {
    case .export(let path): await viewModel.export(to: path)
    case .importArchive(let path, _): await viewModel.importArchive(from: path, replace: true)
    default: return nil
    }
    if let message = viewModel.state.message {
      report("pocket: " + strings.text(message))
      return ExitStatus(for: .refused(message))
    }
    write(renderer.render(viewModel.state))
    guard case .export = command else { return .done }
    let leftOut = salvaged.leftOut()
    for reason in leftOut { report("pocket: " + strings.leftOut(reason)) }
    return leftOut.isEmpty ? .done : .refused
  }
}

/// The archive of a store opened to be rescued: its export is what can be read, and
/// remembers what it left out.
private final class SalvagedArchive: ArchiveRepository {
  private let store: OpenedStore
  private let skipped = Mutex<[StoreCause]>([])

  init(store: OpenedStore) { self.store = store }

  /// What can be read is held whole: a rescue is for a store written before every door
  /// checked, not for one at a million records.
  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    guard let salvage = store.salvage else {
      return try await store.repositories.archive.read(body)
    }
    let (archive, unreadable) = try await salvage()
    skipped.withLock { $0 = unreadable }
    return try body(archive)
  }

  func leftOut() -> [StoreCause] { skipped.withLock { $0 } }

  func recordCounts() async throws -> RecordCounts {
    try await store.repositories.archive.recordCounts()
  }

  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    try await store.repositories.archive.replaceAll(from: source, onlyIfEmpty: onlyIfEmpty)
  }
}

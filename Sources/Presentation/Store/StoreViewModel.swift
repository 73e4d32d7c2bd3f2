import Foundation
import Observation
import PocketDomain

/// The store itself: what `store` says about it, and `export` and `import` through
/// archive files.
@MainActor @Observable
public final class StoreViewModel: MessageReporting {
  /// What the store commands show.
  public enum Report: Equatable, Sendable {
    /// The store's kind, path, version and how many records of each kind it holds.
    case summary(RecordCounts)
    case exported(count: Int, path: String)
    case imported(count: Int, path: String)
    /// The rate source the store remembers (`nil`: none) and what `source` did to it.
    case rateSource(RateSourceChoice?, RateSourceChange)
  }

  /// What `rateSource(forget:)` did to the remembered rate source.
  public enum RateSourceChange: Equatable, Sendable {
    /// Nothing: it is shown.
    case shown
    /// The source chosen for this run is remembered now.
    case remembered
    /// The source shown was remembered and is forgotten now.
    case forgotten
  }

  /// What `store`, `export` and `import` show: the store's summary, the last report, and a
  /// message.
  public struct State: Equatable, Sendable {
    /// The kind of store open (`sqlite`, `json`, `memory`).
    public var kind: String
    public var path: String
    public var version: Int
    /// How changes other processes make are noticed: found when the store is summarized
    /// (`store`), because finding it reads the system's mount table.
    public var watch: StoreWatch
    /// The rate source the store remembers, read by `summarize` (`nil`: none).
    public var rateSource: RateSourceChoice?
    /// This machine's copy of a shared store, read by `summarize` (`nil`: the store keeps
    /// none: `StoreObservation.copy`).
    public var copy: StoreCopy?
    /// What the last command came to; `nil` when it was refused.
    public var report: Report?
    public var message: Message?

    public init(
      kind: String, path: String, version: Int, watch: StoreWatch = .inProcessOnly,
      report: Report? = nil, message: Message? = nil
    ) {
      self.kind = kind
      self.path = path
      self.version = version
      self.watch = watch
      self.report = report
      self.message = message
    }
  }

  public private(set) var state: State
  private let archive: any ArchiveRepository
  private let files: any ArchiveFileRepository
  private let importStore: ImportStore
  private let changes: any StoreObservation
  private let rateSettings: (any RateSettingsRepository)?
  private let chosenRateSource: RateSourceChoice?

  /// `changes`: the store's changes made elsewhere; how it notices them
  /// (`StoreObservation.watch`) is asked for by `summarize`, not before: a command that
  /// does not show it does not pay for it. `now`: the wall clock an import checks rate sets
  /// against (`ImportStore`). `rateSettings`: where the store remembers its rate source
  /// (`nil`: nowhere); `chosenRateSource`: the one given for this run, which `source`
  /// remembers.
  public init(
    archive: any ArchiveRepository, files: any ArchiveFileRepository, kind: String,
    path: String, version: Int, changes: any StoreObservation,
    now: @escaping @Sendable () -> Date, rateSettings: (any RateSettingsRepository)? = nil,
    chosenRateSource: RateSourceChoice? = nil
  ) {
    state = State(kind: kind, path: path, version: version)
    self.rateSettings = rateSettings
    self.chosenRateSource = chosenRateSource
    self.changes = changes
    self.archive = archive
    self.files = files
    importStore = ImportStore(archive: archive, now: now)
  }

  func report(_ message: Message?) { state.message = message }

  /// Counts the records of the store (from the counts it keeps: no export).
  public func summarize() async {
    begin()
    guard let counts = await attempt({ try await archive.recordCounts() }) else { return }
    if let rateSettings {
      guard let settings = await attempt({ try await rateSettings.settings() }) else { return }
      state.rateSource = settings.source
    }
    state.watch = changes.watch
    state.copy = await changes.copy
    state.report = .summary(counts)
  }

  /// Shows the rate source the store remembers; remembers the one chosen for this run, if
  /// any; or, with `forget`, forgets the remembered one.
  public func rateSource(forget: Bool) async {
    begin()
    guard let rateSettings else {
      state.report = .rateSource(nil, .shown)
      return
    }
    let chosen = chosenRateSource
    let change: RateSourceChange = forget ? .forgotten : chosen != nil ? .remembered : .shown
    let read = await attempt { () async throws -> RateSourceChoice?? in
      let before = try await rateSettings.settings().source
      if change != .shown {
        try await rateSettings.update { $0.source = forget ? nil : chosen }
      }
      return .some(before)
    }
    guard let read else { return }
    let before = read.flatMap { $0 }
    state.rateSource = forget ? nil : chosen ?? before
    state.report = .rateSource(forget ? before : state.rateSource, change)
  }

  /// Writes every record of the store to the file at `path`.
  public func export(to path: String) async {
    begin()
    let written = await attemptFile(path, namedOnly: true) {
      try await files.write(from: archive, to: path)
    }
    guard let written else { return }
    state.report = .exported(count: written.total, path: path)
  }

  /// Reads the archive file at `path` into the store: an empty store, unless `replace`.
  public func importArchive(from path: String, replace: Bool) async {
    begin()
    guard let source = await attemptFile(path, { try await files.read(path) }) else { return }
    // The file is read as the store writes it: a failure naming it is the file's.
    let imported = await attemptFile(path, namedOnly: true) {
      try await importStore(source, replace: replace)
    }
    guard let imported else { return }
    state.report = .imported(count: imported.total, path: path)
  }

  private func begin() {
    state.report = nil
    state.message = nil
  }

  /// Runs a call on the archive file: its failures name the file, not the store, so they
  /// are not mistaken for a store that cannot be used. With `namedOnly`, the call also
  /// reads the store, and only a failure naming `path` is the file's.
  private func attemptFile<T>(
    _ path: String, namedOnly: Bool = false, _ body: () async throws -> T
  ) async -> T? {
    do {
      return try await body()
    } catch DomainError.storageUnavailable(let named, let reason)
      where !namedOnly || named == path
    {
      state.message = .fileFailed(path: path, reason: reason)
      return nil
    } catch DomainError.corruptStore(let named, let reason) where !namedOnly || named == path {
      state.message = .fileFailed(path: path, reason: reason)
      return nil
    } catch {
      state.message = Message(error)
      return nil
    }
  }
}

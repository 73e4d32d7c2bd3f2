import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@MainActor
@Suite("Store: summary, export and import")
struct StoreViewModelTests {
  let files = InMemoryArchiveFileRepository()

  /// Imports `path` into `store` with the clock at `now`: the refusal's reason, or `nil`
  /// (an issue recorded) when the import was not refused as an invalid archive.
  func refusal(importing path: String, into store: InMemoryStore, at now: Date) async -> String? {
    let importer = viewModel(store, now: now)
    await importer.importArchive(from: path, replace: false)
    guard case .input(.invalidArchive(let reason)) = importer.state.message else {
      Issue.record("expected a refusal, got \(String(describing: importer.state.message))")
      return nil
    }
    return reason.englishText
  }

  func viewModel(_ store: InMemoryStore, now: Date = Date()) -> StoreViewModel {
    StoreViewModel(
      archive: store.repositories.archive, files: files, kind: "memory", path: "memory",
      version: 1, changes: InProcessOnly(), now: { now })
  }

  @Test func summaryCountsTheRecords() async throws {
    let store = InMemoryStore()
    let sample = StoreArchive.sample()
    try await store.repositories.archive.replaceAll(with: sample, onlyIfEmpty: true)
    let viewModel = viewModel(store)
    await viewModel.summarize()
    #expect(
      viewModel.state
        == .init(kind: "memory", path: "memory", version: 1, report: .summary(sample.counts)))
  }

  @Test func anExportImportsIntoAnotherStore() async throws {
    let source = InMemoryStore()
    let sample = StoreArchive.sample()
    try await source.repositories.archive.replaceAll(with: sample, onlyIfEmpty: true)
    let exporter = viewModel(source)
    await exporter.export(to: "/tmp/all.json")
    #expect(exporter.state.report == .exported(count: sample.counts.total, path: "/tmp/all.json"))
    #expect(exporter.state.message == nil)

    let target = InMemoryStore()
    let importer = viewModel(target)
    await importer.importArchive(from: "/tmp/all.json", replace: false)
    #expect(importer.state.report == .imported(count: sample.counts.total, path: "/tmp/all.json"))
    #expect(try await target.repositories.archive.export() == source.repositories.archive.export())

    // Into a store that now holds data: refused without --replace, done with it.
    await importer.importArchive(from: "/tmp/all.json", replace: false)
    #expect(importer.state.report == nil)
    #expect(importer.state.message == .input(.storeNotEmpty))
    await importer.importArchive(from: "/tmp/all.json", replace: true)
    #expect(importer.state.message == nil)
    #expect(importer.state.report == .imported(count: sample.counts.total, path: "/tmp/all.json"))
  }

  /// A file that is missing or not an archive is the file's failure, named by its path,
  /// not the store's (which would exit 3).
  @Test func aBadFileIsTheFilesFailure() async throws {
    let viewModel = viewModel(InMemoryStore())
    await viewModel.importArchive(from: "/tmp/none.json", replace: false)
    #expect(
      viewModel.state.message
        == .fileFailed(path: "/tmp/none.json", reason: StoreProblem(.noSuchFile)))
    #expect(viewModel.state.report == nil)

    await files.place(Array("not json".utf8), at: "/tmp/bad.json")
    await viewModel.importArchive(from: "/tmp/bad.json", replace: false)
    guard case .fileFailed(let path, _) = viewModel.state.message else {
      Issue.record("expected a file failure, got \(String(describing: viewModel.state.message))")
      return
    }
    #expect(path == "/tmp/bad.json")
  }

  /// An archive whose rates were published more than a day after the importing machine's
  /// clock is refused as `refresh` refuses such a download, the latest set or the previous
  /// one, and the store keeps what it held; a day's difference is a clock set a little wrong.
  @Test func ratesFromTheFutureAreRefusedAsRefreshRefusesThem() async throws {
    let source = InMemoryStore()
    // The rates alone: their dates are the ones tried here.
    let full = StoreArchive.sample()
    let sample = StoreArchive(
      latestRates: full.latestRates, previousRates: full.previousRates,
      favoriteCurrencies: full.favoriteCurrencies)
    try await source.repositories.archive.replaceAll(with: sample, onlyIfEmpty: true)
    await viewModel(source).export(to: "/tmp/rates.json")
    let latest = try #require(sample.latestRates?.publishedAt)
    let previous = try #require(sample.previousRates?.publishedAt)
    for (now, refused) in [
      (latest.addingTimeInterval(-86_401), "rates.latest.publishedAtMs "),
      (previous.addingTimeInterval(-86_401), "rates.latest.publishedAtMs "),
    ] {
      let target = InMemoryStore()
      guard let reason = await refusal(importing: "/tmp/rates.json", into: target, at: now)
      else { continue }
      #expect(reason.hasPrefix(refused), "\(reason)")
      #expect(reason.contains("more than a day after this machine's clock"), "\(reason)")
      #expect(try await target.repositories.archive.recordCounts().total == 0)
    }
    // The previous set alone from the future: named as the previous.
    var onlyPrevious = sample
    onlyPrevious.previousRates?.publishedAt = latest.addingTimeInterval(3 * 86_400)
    onlyPrevious.previousRates?.nextUpdateAt = latest.addingTimeInterval(4 * 86_400)
    let other = InMemoryStore()
    try await other.repositories.archive.replaceAll(with: onlyPrevious, onlyIfEmpty: true)
    await viewModel(other).export(to: "/tmp/previous.json")
    let reason = await refusal(importing: "/tmp/previous.json", into: InMemoryStore(), at: latest)
    #expect(reason?.hasPrefix("rates.previous.publishedAtMs ") == true, "\(reason ?? "")")

    // Within a day of the clock: taken.
    let target = InMemoryStore()
    let importer = viewModel(target, now: latest.addingTimeInterval(-86_000))
    await importer.importArchive(from: "/tmp/rates.json", replace: false)
    #expect(importer.state.message == nil)
    #expect(try await target.repositories.archive.export() == source.repositories.archive.export())
  }

  /// A mind-log entry or a stopwatch start more than a day after the importing machine's
  /// clock is refused, naming it (`add` and `start` never write one); within the day, taken.
  @Test func aDiaryDayOrAStartFromTheFutureIsRefused() async throws {
    // An hour after the sample's rates were due again: they are fine.
    let now = try #require(StoreArchive.sample().latestRates?.nextUpdateAt).addingTimeInterval(
      3_600)
    var entry = StoreArchive.sample()
    entry.mindLogs[0].date = now.addingTimeInterval(2 * 86_400)
    var start = StoreArchive.sample()
    start.stopwatch = Stopwatch(startedAt: now.addingTimeInterval(2 * 86_400))
    for (archive, named) in [(entry, "dateMs"), (start, "stopwatch.startedAtMs")] {
      let source = InMemoryStore()
      try await source.repositories.archive.replaceAll(with: archive, onlyIfEmpty: true)
      await viewModel(source).export(to: "/tmp/future.json")
      let target = InMemoryStore()
      guard let reason = await refusal(importing: "/tmp/future.json", into: target, at: now)
      else { continue }
      #expect(reason.contains(named), "\(reason)")
      #expect(reason.contains("more than a day after this machine's clock"), "\(reason)")
      #expect(try await target.repositories.archive.recordCounts().total == 0)
      // Half a day ahead: a clock a little wrong, or a zone ahead.
      let near = viewModel(InMemoryStore(), now: now.addingTimeInterval(2 * 86_400 - 43_200))
      await near.importArchive(from: "/tmp/future.json", replace: false)
      #expect(near.state.message == nil, "\(named)")
    }
  }
}

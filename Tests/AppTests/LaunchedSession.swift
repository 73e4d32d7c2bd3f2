import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

extension Session {
  /// A session on `repositories` (a fresh memory store by default) with the bundled rates and
  /// sample notices, launched: what the in-process App tests start from.
  static func launched(
    strings: Strings = Strings(language: .en, timeZone: .gmt),
    repositories: Repositories = InMemoryStore().repositories,
    registry: ScreenRegistry = .standard
  ) async -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: repositories)
    let session = Session(
      store: store, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: strings, rateSource: BundledRateSource(), bundledRates: BundledRateSource(),
      archiveFiles: InMemoryArchiveFileRepository(), notices: SampleNotices.all,
      registry: registry)
    #expect(await session.launch() == nil)
    return session
  }
}

import Foundation
import PocketData
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Each store that others can change reports another connection's write with exactly the
/// kinds of record it touched: a chat message is `.chat` and nothing else, a screen saved
/// is `.screens` and no kind of data, an import is every kind. Two instances on one folder
/// (or schema) stand for two processes, as in `StoreObservationTests`. The kinds each
/// write touches are written out here, apart from the stores' own tables of kinds.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite("Change kinds", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ChangeKindsContractTests {
  /// A write, and the kinds it touches.
  struct Write: Sendable, CustomStringConvertible {
    let description: String
    let kinds: RecordKinds
    let run: @Sendable (Repositories) async throws -> Void
  }

  static let writes: [Write] = [
    Write(description: "a message sent", kinds: .chat) {
      _ = try await $0.chat.insert(content: "from elsewhere", date: Fixtures.date())
    },
    Write(description: "messages sent at once", kinds: .chat) {
      _ = try await $0.chat.insert(contentsOf: [("one", Fixtures.date()), ("two", Fixtures.date())])
    },
    Write(description: "a mind-log entry", kinds: .mindLog) {
      _ = try await $0.mindLogs.insert(date: Fixtures.date(), score: 5, note: "fine")
    },
    Write(description: "a bookmark", kinds: .bookmarks) {
      try await $0.bookmarks.toggleOn(
        Bookmark(
          url: "https://example.com/1", title: "one", noticeDate: Fixtures.date(),
          bookmarkedAt: Fixtures.date()))
    },
    Write(description: "the stopwatch started", kinds: .stopwatch) {
      try await $0.stopwatch.update(saving: Stopwatch(startedAt: Fixtures.date()))
    },
    Write(description: "a favourite pinned", kinds: .rates) {
      _ = try await $0.rates.toggleFavorite("EUR")
    },
    Write(description: "the screen saved", kinds: .screens) {
      try await $0.screens.save(.stopwatch)
    },
    Write(description: "a tally clicked (a test-only declared kind)", kinds: .tally) {
      try await $0.records(Tally.self).click()
    },
    Write(description: "a tally saved and removed", kinds: .tally) {
      try await $0.records(Tally.self).save(Tally(key: "gone", count: 1))
      try await $0.records(Tally.self).delete("gone")
    },
    Write(description: "an import", kinds: .all) {
      let archive = StoreArchive(
        messages: [ChatMessage(id: 1, content: "imported", date: Fixtures.date())],
        lastMessageID: 1)
      try await $0.archive.replaceAll(with: archive)
    },
  ]

  @Test(arguments: Soak.spread(writes, over: StoreKind.persistent))
  func anotherConnectionsWriteIsReportedWithTheKindsItTouched(kind: StoreKind, write: Write)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try await StoreObservationTests.open(kind, directory)
    // A store's first change makes it (a json store's first snapshot: every kind); the
    // viewer opens the store as made.
    try await writer.screens.save(.rates)
    let viewer = try await StoreObservationTests.open(kind, directory)
    let received = StoreObservationTests.Received(viewer.changes.subscribe())
    defer { received.stop() }

    try await write.run(writer)
    #expect(await received.wait { _ in received.kinds.isSuperset(of: write.kinds) })
    // Whatever else would come, comes within the silence.
    try await Task.sleep(for: StoreObservationTests.silence)
    #expect(received.kinds == write.kinds, "\(kind), \(write): \(received.all)")
  }
}

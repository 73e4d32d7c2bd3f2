import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// A session follows its store: another connection's change (a second store instance on
/// the same folder stands for another process) reloads the screen showing, which keeps
/// its page, its selection (on its item) and the line being typed; a screen that shows
/// none of what changed is left alone; a store that is gone ends the live view.
@MainActor
@Suite("A session follows its store", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
final class StoreFollowSessionTests {
  let strings = Strings(language: .en, timeZone: .gmt)
  let directory: URL

  init() throws {
    directory = try Fixtures.temporaryDirectory(preferringMemory: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func open(_ kind: StoreChoice) throws -> Repositories {
    switch kind {
    case .json: try JSONFileStore.open(directory: directory).repositories
    default:
      try SQLiteStore.open(path: directory.appendingPathComponent(SQLiteStore.fileName).path)
        .repositories
    }
  }

  /// A live view's controller on `repositories`, following the store as `LiveView` does.
  func viewer(_ repositories: Repositories) async -> (LiveController, Task<Void, Never>) {
    let session = await Session.launched(strings: strings, repositories: repositories)
    let live = LiveController(
      session: session, renderer: Renderer(strings: strings),
      size: TerminalSize(rows: 40, columns: 100))
    let following = session.followStore { reload in live.followed(await reload()) }
    return (live, following)
  }

  func press(_ live: LiveController, _ keys: Key...) async {
    for key in keys {
      _ = live.frame()
      await live.handle(key)
    }
  }

  func rows(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  /// The texts of the rows the screen shows now.
  func shownTexts(_ live: LiveController) -> [String] {
    live.session.content.state.shownItems.map(\.text)
  }

  func selected(_ live: LiveController) -> String? {
    rows(live).first { $0.hasPrefix("› ") }
  }

  /// Waits until `condition` holds (a change from elsewhere comes when it comes: the
  /// store's checks run on the cooperative pool the whole test run shares).
  func eventually(_ condition: () -> Bool) async -> Bool {
    // Counted in turns, as `Turns.wait` does (its closure could not be the main actor's).
    for _ in 0..<6_000 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  @Test(arguments: [StoreChoice.sqlite, .json])
  func aMessageSentElsewhereShowsAndTheSelectionStaysOnItsItem(store: StoreChoice) async throws {
    let writer = try open(store)
    for (offset, text) in ["A-first", "B-second"].enumerated() {
      _ = try await writer.chat.insert(content: text, date: Fixtures.date(Int64(offset) * 60_000))
    }
    let (live, following) = await viewer(try open(store))
    defer { following.cancel() }
    await press(live, .character("6"), .down, .down)
    #expect(selected(live)?.contains("B-second") == true)
    await press(live, .character("i"))
    for character in "half typed" { await live.handle(.character(character)) }

    // Sent earlier in the day than both: it shows above them.
    _ = try await writer.chat.insert(content: "0-earlier", date: Fixtures.date(-60_000))
    #expect(await eventually { rows(live).contains { $0.contains("0-earlier") } })
    #expect(selected(live)?.contains("B-second") == true, "\(rows(live))")
    #expect(live.state.input?.text == "half typed", "the line being typed stays")
    #expect(live.exit == nil)
  }

  @Test func theSelectedItemDeletedElsewhereMovesTheSelectionAndSaysSo() async throws {
    let writer = try open(.sqlite)
    var ids: [Int64] = []
    for (offset, text) in ["A-first", "B-second", "C-third"].enumerated() {
      ids.append(
        try await writer.chat.insert(content: text, date: Fixtures.date(Int64(offset) * 60_000))
          .id)
    }
    let (live, following) = await viewer(try open(.sqlite))
    defer { following.cancel() }
    await press(live, .character("6"), .down, .down)
    try await writer.chat.delete(id: ids[1])
    #expect(await eventually { !shownTexts(live).contains("B-second") })
    #expect(selected(live)?.contains("C-third") == true, "the nearest row: \(rows(live))")
    #expect(
      live.state.status?.text
        == AppText.selectionMoved(gone: "B-second", to: (2, "C-third"))
        .text(.en))
  }

  @Test func thePageShownStaysWhenTheListGrowsElsewhere() async throws {
    let writer = try open(.sqlite)
    _ = try await writer.chat.insert(
      contentsOf: (0..<45).map { ("message \($0)", Fixtures.date(Int64($0) * 1_000)) })
    let (live, following) = await viewer(try open(.sqlite))
    defer { following.cancel() }
    // The chat's older messages are above its newest ones: PgUp.
    await press(live, .character("6"), .pageUp)
    let before = rows(live)
    let shown = before.filter { $0.contains("message ") }
    #expect(!shown.isEmpty && !shown.contains { $0.hasSuffix("message 44") })
    _ = try await writer.chat.insert(content: "the newest", date: Fixtures.date(100_000))
    #expect(
      await eventually {
        live.session.content.state.paging?.count == 3
          && rows(live).contains { $0.contains("Messages: 46") }
      })
    // What showed still shows from the same row (the mark under the list may take its
    // last row).
    let now = rows(live)
    let first = try #require(shown.first)
    #expect(now.firstIndex(of: first) == before.firstIndex(of: first), "\(now)")
    #expect(!now.contains { $0.contains("the newest") })
  }

  /// The json store names what changed: a chat message sent elsewhere does not read the
  /// stopwatch again.
  @Test func aScreenShowingNoneOfWhatChangedIsNotReadAgain() async throws {
    let writer = try open(.json)
    _ = try await writer.chat.insert(content: "before", date: Fixtures.date())
    let viewerStore = try open(.json)
    let session = await Session.launched(strings: strings, repositories: viewerStore)
    _ = await session.execute(.stopwatch)
    let calls = Counter()
    let reloads = Counter()
    let following = session.followStore { reload in
      calls.count += 1
      if await reload() != nil { reloads.count += 1 }
    }
    defer { following.cancel() }

    _ = try await writer.chat.insert(content: "elsewhere", date: Fixtures.date(1))
    #expect(await eventually { calls.count == 1 })
    #expect(reloads.count == 0, "the chat's change leaves the stopwatch alone")
    _ = try await writer.stopwatch.update { _, _ in
      (.save(Stopwatch(accumulated: .seconds(5))), ())
    }
    #expect(await eventually { reloads.count == 1 }, "the stopwatch's change reloads it")
    let screen = Renderer(strings: strings).render(session.content)
    #expect(screen.contains("00:05.00"), "\(screen)")
  }

  @Test(arguments: [StoreChoice.sqlite, .json])
  func aStoreWhoseFolderIsDeletedEndsTheLiveView(store: StoreChoice) async throws {
    let (live, following) = await viewer(try open(store))
    defer { following.cancel() }
    await press(live, .character("6"))
    try FileManager.default.removeItem(at: directory)
    #expect(await eventually { live.exit != nil })
    #expect(live.exit == .storeUnusable)
    #expect(live.farewell?.hasSuffix("it was deleted or moved away while Pocket showed it") == true)
  }
}

/// How many times something happened, on the main actor.
@MainActor
private final class Counter {
  var count = 0
}

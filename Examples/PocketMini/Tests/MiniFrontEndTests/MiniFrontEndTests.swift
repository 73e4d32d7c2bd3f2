import Foundation
import MiniFrontEnd
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import Testing

/// The second front end works on the core's public API alone: its commands, a store that
/// fails, and another process's change reaching its screen.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct MiniFrontEndTests {
  @Test func aStopwatchAndAChatRunOnTheInMemoryStore() async {
    let clock = ManualClock()
    let store = FailingStore.inMemory()
    let frontEnd = MiniFrontEnd(repositories: store.repositories, timeline: .manual(clock))
    await frontEnd.load()
    await frontEnd.handle("start")
    clock.advance(by: .milliseconds(1_230))
    await frontEnd.handle("lap")
    await frontEnd.handle("say hello")
    await frontEnd.handle("say world")
    await frontEnd.handle("delete 1")
    #expect(
      frontEnd.screen == [
        "running 00:01.23", "  Lap 1 00:01.23", "Messages: 1", "  1 world",
        "Deleted message 1: hello",
      ])
    #expect(await frontEnd.handle("quit") == false)
  }

  @Test func aStoreThatFailsIsSaidAndChangesNothing() async {
    let store = FailingStore.inMemory()
    let frontEnd = MiniFrontEnd(repositories: store.repositories, timeline: .manual(ManualClock()))
    await frontEnd.load()
    store.fail(with: FailingStore.unavailable, on: .writes)
    await frontEnd.handle("say lost")
    #expect(frontEnd.chat.state.page.total == 0)
    #expect(frontEnd.screen.last?.hasPrefix("Cannot use the store") == true)
  }

  @Test func anotherProcesssMessageReachesTheScreen() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "mini-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "store.sqlite").path
    let elsewhere = try SQLiteStore.open(path: path).repositories
    let frontEnd = MiniFrontEnd(
      repositories: try SQLiteStore.open(path: path).repositories, timeline: .manual(ManualClock()))
    await frontEnd.load()
    var redraws = 0
    let following = frontEnd.follow { redraws += 1 }
    defer { following.cancel() }
    _ = try await elsewhere.chat.insert(content: "from elsewhere", date: Date())
    while !frontEnd.screen.contains("  1 from elsewhere") {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(redraws >= 1)
  }
}

import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// `StoreObservation.follow`, the one call a front end keeps its view models in step with
/// the store by: another connection's change reloads the view models shown that show its
/// kind, and no other.
@MainActor @Suite(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreFollowingTests {
  let now: @Sendable () -> Date = { Fixtures.referenceDate }

  @Test(arguments: StoreKind.fileStores)
  func aChangeElsewhereReloadsTheViewModelsShowingItsKindAndNoOther(kind: StoreKind)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let elsewhere = try await kind.makeStore(at: directory)
    try await elsewhere.screens.save(.rates)  // the store made, as a first run makes it
    let store = try await kind.makeStore(at: directory)
    let chat = ChatViewModel(chat: store.chat, now: now)
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await chat.load()
    await mindLog.load()
    // A reload clears the message a view model shows: the mind log's must stay.
    await mindLog.add(score: "11", note: "refused")
    let refusal = try #require(mindLog.state.message)
    var outcomes: [FollowedChange?] = []
    let following = store.changes.follow({ [chat, mindLog] }) { reload in
      outcomes.append(await reload())
    }
    defer { following.cancel() }

    _ = try await elsewhere.chat.insert(content: "from elsewhere", date: now())
    while chat.state.page.items.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
    #expect(chat.state.page.items.map(\.content) == ["from elsewhere"])
    #expect(outcomes.contains(.reloaded))
    #expect(mindLog.state.message == refusal, "the mind log shows no chat: not reloaded")
  }

  @Test func aStoreThatFailsToReadIsReportedAsARefusal() async throws {
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let elsewhere = try await StoreKind.sqlite.makeStore(at: directory)
    try await elsewhere.screens.save(.rates)
    let failing = FailingStore(base: try await StoreKind.sqlite.makeStore(at: directory))
    let chat = ChatViewModel(chat: failing.repositories.chat, now: now)
    await chat.load()
    failing.fail(with: FailingStore.corrupt, on: .reads)
    var outcomes: [FollowedChange?] = []
    let following = failing.repositories.changes.follow({ [chat] }) { reload in
      outcomes.append(await reload())
    }
    defer { following.cancel() }

    _ = try await elsewhere.chat.insert(content: "unread", date: now())
    while outcomes.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
    #expect(outcomes == [.refused(Message(FailingStore.corrupt))])
    #expect(chat.state.page.items.isEmpty)
  }
}

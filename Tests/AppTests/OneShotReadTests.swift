import Foundation
import PocketData
import PocketDomain
import Synchronization
import TestSupport
import Testing

@testable import PocketApp

/// The chat of a store, counting the pages read from it (reads of at least one row).
private final class CountingChat: ChatRepository {
  let base: any ChatRepository

  init(base: any ChatRepository) { self.base = base }
  let pages = Mutex(0)

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    if limit > 0 { pages.withLock { $0 += 1 } }
    return try await base.messages(offset: offset, limit: limit)
  }
  func insert(content: String, date: Date) async throws -> ChatMessage {
    try await base.insert(content: content, date: date)
  }
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    try await base.insert(contentsOf: drafts)
  }
  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws {
    try await base.update(message, if: condition)
  }
  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws {
    try await base.delete(id: id, if: condition)
  }
  func message(id: Int64) async throws -> ChatMessage? { try await base.message(id: id) }
}

/// A command given on the command line reads the screen it prints once: one that reads its
/// screen itself (`say`, `chat`) does not have the screen seen last read before it, and one
/// that acts on what the screen showed (`more`, a number) still does.
@MainActor
@Suite("A one-shot command reads its screen once")
struct OneShotReadTests {
  /// A store of `count` messages whose screen seen last is the chat, its newest page shown,
  /// and its counting chat.
  private func store(messages count: Int) async throws -> (Repositories, CountingChat) {
    var repositories = InMemoryStore().repositories
    let chat = CountingChat(base: repositories.chat)
    repositories.chat = chat
    _ = try await chat.insert(
      contentsOf: (1...count).map {
        ("message \($0)", Fixtures.referenceDate.addingTimeInterval(Double($0)))
      })
    try await repositories.screens.save(.named("chat"))
    let page = try await chat.messages(offset: count - min(count, 20), limit: 20)
    try await repositories.screens.save(
      ShownList(screen: .named("chat"), items: page.shownItems), for: ThisTerminal.key)
    chat.pages.withLock { $0 = 0 }
    return (repositories, chat)
  }

  @Test func sayReadsTheChatOnceAfterTheMessageIsStored() async throws {
    let (repositories, chat) = try await store(messages: 25)
    let run = await StoreFailureStatusTests.run(["say", "hi"], on: repositories)
    #expect(run.status == .done, "\(run.errors)")
    #expect(run.output.contains("Messages: 26"))
    #expect(run.output.contains("hi"))
    #expect(chat.pages.withLock { $0 } == 1, "only the page printed is read")
  }

  @Test func theFirstRunOnAStoreReadsTheScreenItOpensOnWhateverTheCommand() async throws {
    var repositories = InMemoryStore().repositories
    let chat = CountingChat(base: repositories.chat)
    repositories.chat = chat
    let run = await StoreFailureStatusTests.run(["say", "hi"], on: repositories)
    #expect(run.status == .done, "\(run.errors)")
    // The rates list, read at the first launch, filled the cache from the bundled rates.
    #expect(try await repositories.rates.latest() != nil)
    #expect(chat.pages.withLock { $0 } == 1)
  }

  @Test func aScreenSeenLastThatNoScreenShowsGivesWayToTheCommand() async throws {
    let (repositories, _) = try await store(messages: 3)
    // A screen of another Pocket's making, with its rows.
    try await repositories.screens.save(.named("gone"))
    try await repositories.screens.save(
      ShownList(screen: .named("gone"), items: []), for: ThisTerminal.key)
    let run = await StoreFailureStatusTests.run(["say", "hi"], on: repositories)
    #expect(run.status == .done, "\(run.errors)")
    #expect(run.output.contains("Messages: 4"))
  }

  @Test func chatReadsTheNewestPageOnce() async throws {
    let (repositories, chat) = try await store(messages: 25)
    let run = await StoreFailureStatusTests.run(["chat"], on: repositories)
    #expect(run.status == .done, "\(run.errors)")
    #expect(run.output.contains("Page 1 of 2 · 6–25 of 25"), "\(run.output)")
    #expect(chat.pages.withLock { $0 } == 1)
  }

  @Test func moreReadsTheScreenShownFirstToKnowWhichPageComesNext() async throws {
    let (repositories, chat) = try await store(messages: 25)
    let run = await StoreFailureStatusTests.run(["more"], on: repositories)
    #expect(run.status == .done, "\(run.errors)")
    #expect(run.output.contains("Page 2 of 2 · 1–5 of 25"), "\(run.output)")
    #expect(chat.pages.withLock { $0 } == 2, "the page shown, then the next one")
  }
}

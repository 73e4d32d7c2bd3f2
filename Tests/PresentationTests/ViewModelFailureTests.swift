import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// Every view model on a store that fails: the screen says the store could not be used
/// (the path and the cause, as the store gave them), shows what it showed before, and
/// never crashes. The store is the in-memory store behind the failing fake, so each screen
/// first holds real data, then the disk "fails".
@MainActor
@Suite("Screens on a store that fails")
struct ViewModelFailureTests {
  /// The store's errors and the message each must become.
  nonisolated static let failures: [(DomainError, Message)] = [
    (
      FailingStore.unavailable,
      .storageFailed(path: "/store/pocket.sqlite", reason: .system("disk I/O error"))
    ),
    (
      FailingStore.corrupt,
      .storageFailed(
        path: "/store/pocket.json",
        reason: StoreProblem(.inLine(3, .system("unexpected end of file"))))
    ),
  ]

  let failing = FailingStore(base: InMemoryStore().repositories)
  var store: Repositories { failing.repositories }
  let clock = ManualClock()
  var now: @Sendable () -> Date { { Fixtures.referenceDate } }

  @Test(arguments: failures)
  func rates(error: DomainError, message: Message) async {
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: NewerRates(), now: now)
    failing.fail(with: error)
    await viewModel.load()
    #expect(viewModel.state == .init(message: message))

    failing.recover()
    await viewModel.load()
    let loaded = viewModel.state
    #expect(loaded.quotes.count == 162)
    failing.fail(with: error, on: .writes)
    var expected = loaded
    expected.message = message
    await viewModel.toggleFavorite("KRW")
    #expect(viewModel.state == expected)
    await viewModel.refresh(force: true)
    #expect(viewModel.state == expected, "a refresh that cannot store is the store's failure")
  }

  @Test(arguments: failures)
  func calculator(error: DomainError, message: Message) async {
    let viewModel = CalculatorViewModel(
      rates: store.rates, seed: BundledRateSource(), language: .en)
    failing.fail(with: error)
    #expect(await viewModel.open("KRW") == false)
    #expect(viewModel.state == .init(message: message))

    failing.recover()
    #expect(await viewModel.open("KRW"))
    var expected = viewModel.state
    expected.message = message
    failing.fail(with: error)
    await viewModel.convert("100")
    #expect(viewModel.state == expected)
  }

  @Test(arguments: failures)
  func stopwatch(error: DomainError, message: Message) async {
    let viewModel = StopwatchViewModel(stopwatch: store.stopwatch, timeline: .manual(clock))
    failing.fail(with: error)
    await viewModel.load()
    #expect(viewModel.state.message == message)

    failing.recover()
    await viewModel.startTapped()
    clock.advance(by: .seconds(3))
    await viewModel.lapTapped()
    let shown = viewModel.state
    #expect(shown.lapCount == 1)
    failing.fail(with: error, on: .writes)
    var expected = shown
    expected.message = message
    await viewModel.lapTapped()
    #expect(viewModel.state == expected)
    await viewModel.stopTapped()
    #expect(viewModel.state == expected)
    await viewModel.resetTapped()
    #expect(viewModel.state == expected)
    failing.recover()
    await viewModel.load()
    #expect(viewModel.state.lapCount == 1 && viewModel.state.status == .running)
  }

  @Test(arguments: failures)
  func notices(error: DomainError, message: Message) async {
    let viewModel = NoticesViewModel(
      catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    failing.fail(with: error)
    await viewModel.load()
    #expect(viewModel.state == .init(message: message))

    failing.recover()
    await viewModel.load()
    var expected = viewModel.state
    expected.message = message
    failing.fail(with: error, on: .writes)
    await viewModel.toggleBookmark(number: 2)
    #expect(viewModel.state == expected)
    #expect(viewModel.state.items.allSatisfy { !$0.isBookmarked })
  }

  @Test(arguments: failures)
  func bookmarks(error: DomainError, message: Message) async throws {
    let notice = SampleNotices.all[0]
    _ = try await ToggleBookmark(bookmarks: store.bookmarks, now: now)(notice)
    let viewModel = BookmarksViewModel(bookmarks: store.bookmarks)
    failing.fail(with: error)
    await viewModel.load()
    #expect(viewModel.state == .init(message: message))

    failing.recover()
    await viewModel.load()
    #expect(viewModel.state.page.items.map(\.title) == [notice.title])
    var expected = viewModel.state
    expected.message = message
    failing.fail(with: error, on: .writes)
    await viewModel.rename(number: 1, to: "Read later")
    #expect(viewModel.state == expected)
    await viewModel.remove(number: 1)
    #expect(viewModel.state == expected)
    await viewModel.clear()
    #expect(viewModel.state == expected)
  }

  /// The store says the item is gone (another process removed it): the screen says so,
  /// a refusal, not a store failure.
  @Test func anItemTheStoreNoLongerHasIsNotFound() async throws {
    _ = try await ToggleBookmark(bookmarks: store.bookmarks, now: now)(SampleNotices.all[0])
    let viewModel = BookmarksViewModel(bookmarks: store.bookmarks)
    await viewModel.load()
    failing.fail(with: .notFound, on: .writes)
    await viewModel.rename(number: 1, to: "Read later")
    #expect(viewModel.state.message == .notFound)
    #expect(viewModel.state.page.items.map(\.title) == [SampleNotices.all[0].title])
  }

  @Test(arguments: failures)
  func mindLog(error: DomainError, message: Message) async {
    let viewModel = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await viewModel.add(score: "7", note: "walk")
    failing.fail(with: error)
    await viewModel.load()
    #expect(viewModel.state.message == message)

    failing.recover()
    await viewModel.load()
    #expect(viewModel.state.page.items.map(\.note) == ["walk"])
    var expected = viewModel.state
    expected.message = message
    failing.fail(with: error, on: .writes)
    await viewModel.add(score: "3", note: "rain")
    #expect(viewModel.state == expected)
    await viewModel.edit(number: 1, score: "8", note: "run")
    #expect(viewModel.state == expected)
    await viewModel.delete(number: 1)
    #expect(viewModel.state == expected)
  }

  @Test(arguments: failures)
  func chat(error: DomainError, message: Message) async {
    let viewModel = ChatViewModel(chat: store.chat, now: now)
    await viewModel.send("hello")
    failing.fail(with: error)
    await viewModel.load()
    #expect(viewModel.state.message == message)

    failing.recover()
    await viewModel.load()
    #expect(viewModel.state.page.items.map(\.content) == ["hello"])
    var expected = viewModel.state
    expected.message = message
    failing.fail(with: error, on: .writes)
    await viewModel.send("lost")
    #expect(viewModel.state == expected)
    await viewModel.edit(number: 1, to: "changed")
    #expect(viewModel.state == expected)
    await viewModel.delete(number: 1)
    #expect(viewModel.state == expected)
  }

  @Test(arguments: failures)
  func router(error: DomainError, message: Message) async {
    let viewModel = RouterViewModel(screens: store.screens)
    failing.fail(with: error)
    await viewModel.restoreLastScreen()
    #expect(viewModel.state == .init(screen: .rates, message: message))

    failing.recover()
    #expect(await viewModel.show(.calculator(currency: "KRW")))
    failing.fail(with: error, on: .writes)
    #expect(await viewModel.show(.chat) == false)
    #expect(
      viewModel.state
        == .init(
          screen: .calculator(currency: "KRW"), lastCalculatorCurrency: "KRW", message: message)
    )
    #expect(await viewModel.back() == false)
    #expect(viewModel.state.screen == .calculator(currency: "KRW"))
  }
}

/// The bundled rates published a day later: a refresh from it stores them.
private struct NewerRates: ExchangeRateSource {
  var name: String { "newer" }
  func fetch() async throws -> RateSnapshot {
    var snapshot = try await BundledRateSource().fetch()
    snapshot.publishedAt += 86_400
    snapshot.nextUpdateAt += 86_400
    return snapshot
  }
}

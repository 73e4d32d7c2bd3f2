import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// A reload after another process's change that answers late never lands over what an
/// intent did since: the intent's result stays on screen. The fake store answers the
/// reload's reads late on a manual clock, and the intent runs while the reload waits for
/// its first read, then for its second, and so on to its last: every order a slow store
/// can give. Each view model that follows the store is checked, with an intent that
/// changes what the reload reads.
@MainActor @Suite(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ReloadRaceTests {
  /// A view model on a fresh store, the intent to race its reload with, and what the
  /// screen must show after both.
  struct Race<Model: FollowsStore> {
    var model: Model
    var intent: () async -> Void
    var check: () -> Void
  }

  let now: @Sendable () -> Date = { Fixtures.referenceDate }

  /// Races `make`'s reload and intent with the intent at each read of the reload in turn;
  /// returns how many reads the reload makes (every one was raced). The test waits for each
  /// read on the clock (`waitForSleepers`), never by polling: on a main actor busy with
  /// the rest of the run, every poll would wait its turn behind all of it.
  func raceAtEveryRead<Model>(
    _ make: (_ store: FailingStore, _ clock: ManualClock) async throws -> Race<Model>
  ) async throws -> Int {
    let counted = FailingStore.inMemory(clock: ManualClock())
    let model = try await make(counted, ManualClock()).model
    let before = counted.calls(.reads)
    await model.reload()
    let reads = counted.calls(.reads) - before
    for position in 1..<(reads + 1) {
      let clock = ManualClock()
      let store = FailingStore.inMemory(clock: clock)
      let race = try await make(store, clock)
      store.delay(.seconds(1), on: .reads)
      let reload = Task { await race.model.reload() }
      for _ in 1..<position {
        try await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
      }
      try await clock.waitForSleepers()
      store.delay(.zero)
      await race.intent()
      clock.advance(by: .seconds(1))
      await reload.value
      race.check()
    }
    return reads
  }

  @Test func aMessageSentWhileTheChatReloadsStays() async throws {
    let reads = try await raceAtEveryRead { store, _ in
      let chat = ChatViewModel(chat: store.repositories.chat, now: now)
      await chat.load()
      return Race(model: chat, intent: { await chat.send("typed by the user") }) {
        #expect(chat.state.page.items.map(\.content) == ["typed by the user"])
        #expect(chat.state.message == nil)
      }
    }
    #expect(reads >= 2)
  }

  @Test func anEntryAddedWhileTheMindLogReloadsStays() async throws {
    let reads = try await raceAtEveryRead { store, _ in
      let mindLog = MindLogViewModel(
        mindLogs: store.repositories.mindLogs, now: now, language: .en, timeZone: .gmt)
      await mindLog.load()
      return Race(model: mindLog, intent: { await mindLog.add(score: "7", note: "walk") }) {
        #expect(mindLog.state.page.items.map(\.note) == ["walk"])
        #expect(mindLog.state.mood.daysLogged == 1)
      }
    }
    #expect(reads >= 2)
  }

  @Test func aBookmarkRenamedWhileTheListReloadsStaysRenamed() async throws {
    let reads = try await raceAtEveryRead { store, _ in
      try await store.repositories.bookmarks.toggleOn(
        Bookmark(
          url: "https://n.example/1", title: "Old", noticeDate: now(), bookmarkedAt: now()))
      let bookmarks = BookmarksViewModel(bookmarks: store.repositories.bookmarks)
      await bookmarks.load()
      return Race(model: bookmarks, intent: { await bookmarks.rename(number: 1, to: "New") }) {
        #expect(bookmarks.state.page.items.map(\.title) == ["New"])
      }
    }
    #expect(reads >= 1)
  }

  @Test func aLapTakenWhileTheStopwatchReloadsStays() async throws {
    let reads = try await raceAtEveryRead { store, clock in
      let stopwatch = StopwatchViewModel(
        stopwatch: store.repositories.stopwatch, timeline: .manual(clock))
      await stopwatch.startTapped()
      return Race(model: stopwatch, intent: { await stopwatch.lapTapped() }) {
        #expect(stopwatch.state.lapCount == 1)
        #expect(stopwatch.state.status == .running)
      }
    }
    #expect(reads >= 1)
  }

  @Test func aCurrencyPinnedWhileTheRatesReloadStaysPinned() async throws {
    let reads = try await raceAtEveryRead { store, _ in
      let rates = RatesViewModel(
        rates: store.repositories.rates, seed: BundledRateSource(), source: nil, now: now)
      await rates.load()
      return Race(model: rates, intent: { await rates.toggleFavorite("EUR") }) {
        #expect(rates.state.quotes.first?.code == "EUR")
        #expect(rates.state.quotes.first?.isFavorite == true)
      }
    }
    #expect(reads >= 1)
  }

  @Test func anAmountConvertedWhileTheCalculatorReloadsStays() async throws {
    let reads = try await raceAtEveryRead { store, _ in
      let calculator = CalculatorViewModel(
        rates: store.repositories.rates, seed: BundledRateSource(), language: .en)
      await calculator.open("KRW")
      await calculator.convert("100")
      return Race(model: calculator, intent: { await calculator.convert("250") }) {
        #expect(calculator.state.conversion?.amount == 250)
      }
    }
    #expect(reads >= 1)
  }
}

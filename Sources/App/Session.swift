import Data
import Domain
import Foundation
import Presentation

/// How a command ended.
package enum Outcome: Equatable, Sendable {
  /// Done; the screen shows, with an optional confirmation.
  case done(Message?)
  /// Refused; nothing changed. The message says why.
  case refused(Message)
  /// Text to print instead of a screen (help).
  case text(String)
  case quit
}

/// The dispatcher: owns the router and one view model per screen, and turns each
/// `Command` into view-model intents. Only the store commands (`store`, `export`,
/// `import`), which have no screen, call their use cases from here.
@MainActor
package final class Session {
  let router: RouterViewModel
  let rates: RatesViewModel
  let calculator: CalculatorViewModel
  let stopwatch: StopwatchViewModel
  let notices: NoticesViewModel
  let bookmarks: BookmarksViewModel
  let mindLog: MindLogViewModel
  let chat: ChatViewModel
  let storeViewModel: StoreViewModel
  let store: OpenedStore
  private let strings: Strings

  package init(
    store: OpenedStore, timeline: Timeline, strings: Strings,
    rateSource: any ExchangeRateSource, bundledRates seed: any ExchangeRateSource,
    archiveFiles: any ArchiveFileRepository, notices catalog: [Notice]
  ) {
    self.store = store
    self.strings = strings
    let repositories = store.repositories
    let language = strings.language
    let now: @Sendable () -> Date = { timeline.now() }
    router = RouterViewModel(screens: repositories.screens)
    rates = RatesViewModel(rates: repositories.rates, seed: seed, source: rateSource, now: now)
    calculator = CalculatorViewModel(rates: repositories.rates, seed: seed, language: language)
    stopwatch = StopwatchViewModel(stopwatch: repositories.stopwatch, timeline: timeline)
    notices = NoticesViewModel(catalog: catalog, bookmarks: repositories.bookmarks, now: now)
    bookmarks = BookmarksViewModel(bookmarks: repositories.bookmarks)
    mindLog = MindLogViewModel(mindLogs: repositories.mindLogs, now: now, language: language)
    chat = ChatViewModel(chat: repositories.chat, now: now)
    storeViewModel = StoreViewModel(
      archive: repositories.archive, files: archiveFiles, kind: store.kind.rawValue,
      path: store.path, version: store.schemaVersion)
  }

  /// Restores the screen seen last and loads it.
  /// - Returns: a refusal when the store could not be read.
  package func launch() async -> Message? {
    await router.launch(calculator: calculator)
    if let message = router.state.message { return message }
    return await load(router.state.screen)
  }

  /// What the current screen shows, with the stopwatch read off the clock now.
  package var content: ScreenContent {
    switch router.state.screen {
    case .rates: .rates(rates.state)
    case .calculator: .calculator(calculator.state)
    case .stopwatch:
      .stopwatch(
        {
          stopwatch.tick()
          return stopwatch.state
        }())
    case .notices: .notices(notices.state)
    case .bookmarks: .bookmarks(bookmarks.state)
    case .mindLog: .mindLog(mindLog.state)
    case .chat: .chat(chat.state)
    }
  }

  package func execute(_ command: Command) async -> Outcome {
    switch command {
    case .show: return outcome(await load(router.state.screen))
    case .rates(let query): return await perform(on: .rates) { await rates.search(query) }
    case .favorite(let code): return await perform(on: .rates) { await rates.toggleFavorite(code) }
    case .refresh(let force): return await perform(on: .rates) { await rates.refresh(force: force) }
    case .calc(let code):
      guard await calculator.open(code) else { return refusal(calculator.state.message) }
      return await navigate(to: .calculator(currency: calculator.state.currency))
    case .convert(let amount, let from):
      guard let currency = router.state.lastCalculatorCurrency else {
        return .refused(.noCalculator)
      }
      return await perform(on: .calculator(currency: currency)) {
        await calculator.convert(amount, from: from)
      }
    case .back:
      await router.back()
      if let message = router.state.message { return .refused(message) }
      return outcome(await load(router.state.screen))
    case .stopwatch: return await navigate(to: .stopwatch)
    case .start: return await perform(on: .stopwatch) { await stopwatch.startTapped() }
    case .stop: return await perform(on: .stopwatch) { await stopwatch.stopTapped() }
    case .lap: return await perform(on: .stopwatch) { await stopwatch.lapTapped() }
    case .reset: return await perform(on: .stopwatch) { await stopwatch.resetTapped() }
    case .notices: return await navigate(to: .notices)
    case .bookmark(let number):
      return await perform(on: .notices) { await notices.toggleBookmark(number: number) }
    case .bookmarks: return await navigate(to: .bookmarks)
    case .rename(let number, let title):
      return await perform(on: .bookmarks) { await bookmarks.rename(number: number, to: title) }
    case .remove(let number):
      return await perform(on: .bookmarks) { await bookmarks.remove(number: number) }
    case .clear: return await perform(on: .bookmarks) { await bookmarks.clear() }
    case .mindLog: return await navigate(to: .mindLog)
    case .add(let score, let note):
      return await perform(on: .mindLog) { await mindLog.add(score: score, note: note) }
    case .chat: return await navigate(to: .chat)
    case .say(let text): return await perform(on: .chat) { await chat.send(text) }
    case .edit(let number, let text, let score, let note):
      switch router.state.screen {
      case .chat: return await perform(on: .chat) { await chat.edit(number: number, to: text) }
      case .mindLog:
        return await perform(on: .mindLog) {
          await mindLog.edit(number: number, score: score, note: note)
        }
      default: return .refused(.notOnThisScreen(command: "edit"))
      }
    case .delete(let number):
      switch router.state.screen {
      case .chat: return await perform(on: .chat) { await chat.delete(number: number) }
      case .mindLog: return await perform(on: .mindLog) { await mindLog.delete(number: number) }
      default: return .refused(.notOnThisScreen(command: "delete"))
      }
    case .help(let topic): return .text(HelpText.text(for: topic))
    case .quit: return .quit
    case .storeInfo: return await maintain { await storeViewModel.summarize() }
    case .export(let path): return await maintain { await storeViewModel.export(to: path) }
    case .importArchive(let path, let replace):
      let outcome = await maintain {
        await storeViewModel.importArchive(from: path, replace: replace)
      }
      guard case .text = outcome else { return outcome }
      // The store holds new records: every screen loads them again.
      if let failure = await launch() { return .refused(failure) }
      return outcome
    }
  }

  // MARK: Store maintenance: not a screen; its view model's report is printed as text.

  private func maintain(_ intent: () async -> Void) async -> Outcome {
    await intent()
    if let message = storeViewModel.state.message { return .refused(message) }
    return .text(Renderer(strings: strings).render(storeViewModel.state))
  }

  /// Shows `screen` with fresh data.
  private func navigate(to screen: Screen) async -> Outcome {
    if let message = await load(screen) { return .refused(message) }
    guard await router.show(screen) else { return refusal(router.state.message) }
    return .done(nil)
  }

  /// Runs an intent of `screen`'s view model; on success that screen comes up. A refused
  /// intent leaves the screen as it was.
  private func perform(on screen: Screen, _ intent: () async -> Void) async -> Outcome {
    if screen != router.state.screen, let message = await load(screen) {
      return .refused(message)
    }
    await intent()
    if let message = message(of: screen), message.isRefusal { return .refused(message) }
    guard await router.show(screen) else { return refusal(router.state.message) }
    return .done(message(of: screen))
  }

  /// Loads a screen's view model. Returns its refusal when the store failed.
  private func load(_ screen: Screen) async -> Message? {
    switch screen {
    case .rates: await rates.load()
    case .calculator(let code):
      if calculator.state.currency != code { await calculator.open(code) }
    case .stopwatch: await stopwatch.load()
    case .notices: await notices.load()
    case .bookmarks: await bookmarks.load()
    case .mindLog: await mindLog.load()
    case .chat: await chat.load()
    }
    return message(of: screen).flatMap { $0.isRefusal ? $0 : nil }
  }

  private func message(of screen: Screen) -> Message? {
    switch screen {
    case .rates: rates.state.message
    case .calculator: calculator.state.message
    case .stopwatch: stopwatch.state.message
    case .notices: notices.state.message
    case .bookmarks: bookmarks.state.message
    case .mindLog: mindLog.state.message
    case .chat: chat.state.message
    }
  }

  private func outcome(_ refusal: Message?) -> Outcome {
    refusal.map(Outcome.refused) ?? .done(nil)
  }

  private func refusal(_ message: Message?) -> Outcome {
    .refused(message ?? .notFound)
  }
}

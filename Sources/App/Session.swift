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
  let store: OpenedStore
  private let strings: Strings

  package init(
    store: OpenedStore, timeline: Timeline, strings: Strings,
    rateSource: any ExchangeRateSource, notices catalog: [Notice]
  ) {
    let seed = BundledRateSource()
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
  }

  /// Restores the screen seen last and loads it.
  /// - Returns: a refusal when the store could not be read.
  package func launch() async -> Message? {
    await router.restoreLastScreen()
    if let message = router.state.message { return message }
    if case .calculator(let code) = router.state.screen, await !calculator.open(code) {
      // The cached rates no longer list the currency: fall back to the list.
      await router.show(.rates)
    }
    return await load(router.state.screen)
  }

  /// What the current screen shows, with the stopwatch's time read off the clock now. A pure
  /// read: rendering it inside `withObservationTracking` changes nothing it observes.
  package var content: ScreenContent {
    switch router.state.screen {
    case .rates: .rates(rates.state)
    case .calculator: .calculator(calculator.state)
    case .stopwatch: .stopwatch(stopwatch.stateNow)
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
    case .edit(let number, let text): return await edit(number, text)
    case .delete(let number):
      switch router.state.screen {
      case .chat: return await perform(on: .chat) { await chat.delete(number: number) }
      case .mindLog: return await perform(on: .mindLog) { await mindLog.delete(number: number) }
      default: return .refused(.notOnThisScreen(command: "delete"))
      }
    case .help(let topic): return .text(HelpText.text(for: topic))
    case .quit: return .quit
    case .storeInfo: return await storeInfo()
    case .export(let path): return await export(to: path)
    case .importArchive(let path, let replace):
      return await importArchive(from: path, replace: replace)
    }
  }

  // MARK: Store maintenance: not screens, so they call their use cases from here.

  private func storeInfo() async -> Outcome {
    do {
      let archive = try await ExportStore(archive: store.repositories.archive)()
      return .text(
        strings.storeSummary(
          kind: store.kind.rawValue, path: store.path, version: store.schemaVersion,
          counts: archive.counts))
    } catch {
      return .refused(Message(error))
    }
  }

  private func export(to path: String) async -> Outcome {
    let archive: StoreArchive
    do {
      archive = try await ExportStore(archive: store.repositories.archive)()
    } catch {
      return .refused(Message(error))
    }
    do {
      try ArchiveFile.write(archive, to: path)
    } catch {
      return .refused(Self.fileFailure(error, path))
    }
    return .text(strings.exported(archive.counts.total, to: path) + "\n")
  }

  private func importArchive(from path: String, replace: Bool) async -> Outcome {
    let archive: StoreArchive
    do {
      archive = try ArchiveFile.read(path)
    } catch {
      return .refused(Self.fileFailure(error, path))
    }
    do {
      try await ImportStore(archive: store.repositories.archive)(archive, replace: replace)
    } catch {
      return .refused(Message(error))
    }
    if let failure = await launch() { return .refused(failure) }
    return .text(strings.imported(archive.counts.total, from: path) + "\n")
  }

  private static func fileFailure(_ error: DomainError, _ path: String) -> Message {
    switch error {
    case .storageUnavailable(_, let reason), .corruptStore(_, let reason):
      .fileFailed(path: path, reason: reason)
    default:
      Message(error)
    }
  }

  private func edit(_ number: Int, _ text: String) async -> Outcome {
    switch router.state.screen {
    case .chat:
      return await perform(on: .chat) { await chat.edit(number: number, to: text) }
    case .mindLog:
      let score = text.prefix { !$0.isWhitespace }
      let note = text.dropFirst(score.count).trimmingCharacters(in: .whitespaces)
      return await perform(on: .mindLog) {
        await mindLog.edit(number: number, score: String(score), note: note.isEmpty ? nil : note)
      }
    default:
      return .refused(.notOnThisScreen(command: "edit"))
    }
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

import Foundation
import PocketDomain
import PocketPresentation

/// How a command ended.
package enum Outcome: Equatable, Sendable {
  /// Done; the screen shows, with an optional confirmation.
  case done(Message?)
  /// Refused; nothing changed. The message says why.
  case refused(Message)
  /// Text to print instead of a screen (help, the store commands).
  case text(String)
  case quit
}

/// The dispatcher: owns the router, one feature per registered screen (`ScreenRegistry`) and the
/// store's view model, and turns each `Command` into view-model intents. What a command
/// means to a screen is the screen's feature's; the dispatcher carries out every screen's
/// actions the same way and knows no screen by name.
@MainActor
package final class Session {
  let router: RouterViewModel
  /// The screens, their commands and tabs.
  let registry: ScreenRegistry
  /// The screens' features, each made the first time the session needs it (its screen is
  /// shown or restored, or a command is offered to it): a one-shot `say` makes the chat's
  /// view model and no other screen's.
  private var made: [(any ScreenFeature)?]
  private let dependencies: ScreenDependencies
  /// The store's view model, made when a store command first needs it: a postgres store's
  /// name and version are known once its server is reached. It holds the store's parts,
  /// never the session.
  private(set) lazy var storeViewModel = StoreViewModel(
    archive: store.repositories.archive, files: archiveFiles, kind: store.kind.rawValue,
    path: store.path, version: store.schemaVersion, changes: store.repositories.changes,
    now: { [timeline] in timeline.now() }, rateSettings: dependencies.rateRefreshing?.settings,
    chosenRateSource: dependencies.rateRefreshing?.chosen)
  private let archiveFiles: any ArchiveFileRepository
  let store: OpenedStore
  /// The clocks the screens read the time from: what "now" and "today" are for this
  /// session.
  let timeline: Timeline
  private let strings: Strings
  /// Where a long import shows how far it has come; `nil`: nowhere (not a terminal).
  package var progressLine: ProgressLine?
  /// The numbered rows the user saw last (`showed`): what the numbers of the next command
  /// stand for. At launch, the ones the store kept from this terminal's run before.
  private(set) var shown: ShownList?
  /// The rows the store holds as this terminal's.
  private var savedShown: ShownList?
  /// The terminal whose screen, page and numbers this session's are (`ShownList`).
  let terminal: TerminalKey
  /// Keeps a reload after another process's change out of the way of commands.
  let gate = IntentGate()

  /// - Parameters:
  ///   - rateSource: where `refresh` fetches rates from; `nil` when none is configured.
  ///   - rateRefreshing: the source remembered once chosen, and refreshes when due.
  ///   - seed: the rates shown before the first refresh.
  ///   - archiveFiles: where `export` writes and `import` reads.
  ///   - catalog: the notices of the notice board.
  ///   - terminal: the terminal the session runs in (`ThisTerminal.key`).
  package convenience init(
    store: OpenedStore, timeline: Timeline, strings: Strings,
    rateSource: (any ExchangeRateSource)?, rateRefreshing: RateRefreshing? = nil,
    bundledRates seed: any ExchangeRateSource, archiveFiles: any ArchiveFileRepository,
    notices catalog: [Notice], terminal: TerminalKey = ThisTerminal.key
  ) {
    self.init(
      store: store, timeline: timeline, strings: strings, rateSource: rateSource,
      rateRefreshing: rateRefreshing, bundledRates: seed, archiveFiles: archiveFiles,
      notices: catalog, registry: .standard, terminal: terminal)
  }

  /// A session over the screens of `registry`.
  init(
    store: OpenedStore, timeline: Timeline, strings: Strings,
    rateSource: (any ExchangeRateSource)?, rateRefreshing: RateRefreshing? = nil,
    bundledRates seed: any ExchangeRateSource, archiveFiles: any ArchiveFileRepository,
    notices catalog: [Notice], registry: ScreenRegistry, terminal: TerminalKey = ThisTerminal.key
  ) {
    self.registry = registry
    self.terminal = terminal
    self.store = store
    self.strings = strings
    self.timeline = timeline
    let repositories = store.repositories
    dependencies = ViewModelDependencies(
      repositories: repositories, timeline: timeline, language: strings.language,
      timeZone: strings.timeZone, currencyNames: strings.names, bundledRates: seed,
      rateSource: rateSource, rateRefreshing: rateRefreshing, notices: catalog)
    router = RouterViewModel(screens: repositories.screens)
    made = Array(repeating: nil, count: registry.features.count)
    self.archiveFiles = archiveFiles
  }

  /// Restores the screen seen last and loads it, unless `command`, which runs next, reads
  /// its screen itself. The screen seen last is the store's (whichever terminal showed it),
  /// but for a one-shot command (`resumingTerminal`) in a terminal that showed something:
  /// then it is that terminal's screen, at the page it showed.
  /// - Returns: a refusal when the store could not be read.
  /// A screen that can no longer be shown (a calculator's currency the cached rates no longer
  /// list, a screen no registered feature shows) gives way to the rates list, which is saved
  /// as the screen shown.
  package func launch(before command: Command? = nil, resumingTerminal: Bool = false) async
    -> Message?
  {
    await router.restoreLastScreen()
    if let message = router.state.message { return message }
    do {
      shown = try await store.repositories.screens.shownList(for: terminal)
      savedShown = shown
    } catch {
      return Message(error)
    }
    if resumingTerminal, let shown, registry.features.contains(where: { $0.shows(shown.screen) }) {
      guard await router.show(shown.screen) else { return router.state.message ?? .notFound }
    }
    // A command that reads its screen itself (`ScreenAction.performFresh`) comes next: the
    // screen restored is not read only to be read again. The first run on a store (nothing
    // shown yet) reads it as every first launch does: the rates list fills the cache from the
    // bundled rates then, whatever the command.
    let restored = router.state.screen
    let restoredFeature = registry.features.firstIndex { $0.shows(restored) }.map(feature(at:))
    if shown != nil, restoredFeature != nil, let command,
      case .performFresh? = action(for: command)?.action
    {
      return nil
    }
    if let shown, shown.screen == restored, let page = shown.page {
      restoredFeature?.resume(page: page)
    }
    let reopened = await restoredFeature?.reopen(restored)
    if reopened != true {
      await router.show(.rates)
      if let message = router.state.message { return message }
    }
    return await load(router.state.screen)
  }

  /// What the current screen shows, with the stopwatch's time read off the clock now. A pure
  /// read: rendering it inside `withObservationTracking` changes nothing it observes.
  package var content: ScreenContent {
    feature(for: router.state.screen).content
  }

  /// The user now sees `content`: the numbers of the next command stand for its rows, and
  /// `more` turns from its page.
  package func showed(_ content: ScreenContent) {
    shown = ShownList(
      screen: content.screen, items: content.state.shownItems,
      page: content.state.paging?.number)
  }

  /// Keeps what this terminal showed last in the store when it changed since, so that a
  /// number typed to the next run in this terminal means what this one showed, and `more`
  /// turns from its page. A one-shot command saves what it printed; a session (line or
  /// live) saves once, when it ends. Another terminal's list is never changed. A store that
  /// cannot take it cannot take a numbered command's change either, which reports it.
  ///
  /// The first save of a terminal the store held no list of drops the lists of terminals
  /// that no longer exist (`ThisTerminal.isGone`), never its own: a new terminal is when old ones may have
  /// closed, and it costs a look at each list's terminal once per terminal, not per command.
  package func saveShown() async {
    guard let shown, shown != savedShown else { return }
    let screens = store.repositories.screens
    guard (try? await screens.save(shown, for: terminal)) != nil else { return }
    if savedShown == nil {
      // Never this terminal's own list, whatever the system says of its session.
      let own = terminal
      try? await screens.dropShownLists(where: { $0 != own && ThisTerminal.isGone($0) })
    }
    savedShown = shown
  }

  /// Runs `command` with `row` standing for its number: an input line the live view opened
  /// on a row acts on that row's item, whatever the screen showed meanwhile.
  func execute(_ command: Command, on row: ShownItem) async -> Outcome {
    await gate.intent { await self.execute(command, pinning: row) }
  }

  private func execute(_ command: Command, pinning row: ShownItem) async -> Outcome {
    let before = shown
    var pinned = ShownList(screen: router.state.screen, items: [row])
    if let before, before.screen == pinned.screen {
      pinned.items = before.items.filter { $0.number != row.number } + [row]
    }
    shown = pinned
    let outcome = await executeNow(command)
    // Unless the screen was shown again meanwhile, the numbers mean what they meant.
    if shown == pinned { shown = before }
    return outcome
  }

  /// Runs `command`. When it is done, its screen is what a front end shows next (line mode
  /// prints it, the live view draws it): the numbers of the next command stand for its
  /// rows, as they do for any screen a front end shows (`showed`).
  package func execute(_ command: Command) async -> Outcome {
    await gate.intent { await self.executeNow(command) }
  }

  /// Runs `body`, the steps of one command as a front end takes it (its question, its
  /// printing), with no reload after another process's change coming between them.
  package func asOneCommand<Result>(_ body: () async -> Result) async -> Result {
    await gate.intent(body)
  }

  private func executeNow(_ command: Command) async -> Outcome {
    let outcome = await run(command)
    if case .done = outcome { showed(content) }
    return outcome
  }

  private func run(_ command: Command) async -> Outcome {
    switch command {
    case .show: return outcome(await load(router.state.screen))
    case .back:
      await router.back()
      if let message = router.state.message { return .refused(message) }
      return outcome(await load(router.state.screen))
    case .help(let topic):
      // The cached rates' base (the seed's, USD, before any rates are cached).
      let base = (try? await store.repositories.rates.latest())?.base ?? "USD"
      return .text(
        HelpText.text(for: topic, language: strings.language, base: base, registry: registry))
    case .quit: return .quit
    case .storeInfo: return await maintain { await storeViewModel.summarize() }
    case .rateSource(let forget):
      return await maintain { await storeViewModel.rateSource(forget: forget) }
    case .export(let path):
      return await showingProgress {
        await maintain { await storeViewModel.export(to: path) }
      }
    case .importArchive(let path, let replace):
      let outcome = await showingProgress {
        await maintain { await storeViewModel.importArchive(from: path, replace: replace) }
      }
      guard case .text = outcome else { return outcome }
      // The store holds new records: every screen loads them again.
      if let failure = await launch() { return .refused(failure) }
      return outcome
    default:
      return await dispatch(command)
    }
  }

  /// `body`'s outcome, the progress it reports shown on `progressLine` (when there is one)
  /// and wiped before the outcome is printed.
  private func showingProgress(_ body: () async -> Outcome) async -> Outcome {
    guard let progressLine else { return await body() }
    progressLine.begin()
    defer { progressLine.finish() }
    return await ArchiveProgress.$sink.withValue(ArchiveProgress.Sink(progressLine.show)) {
      await body()
    }
  }

  /// Hands `command` to the screen showing, then to the others, and carries out the first
  /// action one of them makes of it.
  private func dispatch(_ command: Command) async -> Outcome {
    if let (feature, action) = action(for: command) {
      switch action {
      case .navigate(let screen): return await navigate(to: screen)
      case .perform(let screen, let intent): return await perform(on: screen, intent)
      case .performFresh(let screen, let intent):
        return await perform(on: screen, readingFirst: false, intent)
      case .open(let intent):
        guard let screen = await intent() else { return refusal(feature.message) }
        return await navigate(to: screen)
      case .refuse(let message): return .refused(message)
      }
    }
    // Only the commands bound to a screen's list are left unclaimed elsewhere: the
    // refusal names how to open the tabs whose screens would take them.
    var open: [String] = []
    for feature in features {
      guard let tab = type(of: feature).tab else { continue }
      let there = ScreenContext(current: tab.screen, lastCalculatorCurrency: nil)
      if feature.action(for: command, in: there) != nil { open.append(tab.opener) }
    }
    guard !open.isEmpty else { preconditionFailure("No screen takes \(command)") }
    return .refused(.notOnThisScreen(command: command.word, open: open))
  }

  /// What `command` means, and the feature whose meaning it is: the screen showing's, else
  /// the first other screen's that takes it.
  private func action(for command: Command) -> (feature: any ScreenFeature, action: ScreenAction)? {
    let context = ScreenContext(
      current: router.state.screen, lastCalculatorCurrency: router.state.lastCalculatorCurrency,
      shown: shown)
    let current = feature(for: context.current)
    if let action = current.action(for: command, in: context) { return (current, action) }
    for index in registry.features.indices {
      let feature = feature(at: index)
      guard feature !== current else { continue }
      if let action = feature.action(for: command, in: context) { return (feature, action) }
    }
    return nil
  }

  /// The command that does what `question` asks to confirm, and how to type it, when
  /// `question` is one (`clear`, `reset` of more than one item): the screens' to say. A
  /// question comes from a feature already made.
  package func confirmed(_ question: Message) -> (command: Command, typed: String)? {
    made.lazy.compactMap { $0?.confirmed(question) }.first
  }

  /// Every screen's feature, each made now where it was not yet.
  var features: [any ScreenFeature] { registry.features.indices.map(feature(at:)) }

  /// The features made so far, in the registry's order.
  var madeFeatures: [any ScreenFeature] { made.compactMap { $0 } }

  /// The feature of the screen `registry.features[index]`, made the first time.
  func feature(at index: Int) -> any ScreenFeature {
    if let feature = made[index] { return feature }
    let feature = registry.features[index].init(dependencies)
    made[index] = feature
    return feature
  }

  /// The feature of the screen showing.
  var currentFeature: any ScreenFeature { feature(for: router.state.screen) }

  /// The feature that shows `screen`.
  private func feature(for screen: Screen) -> any ScreenFeature {
    guard let index = registry.features.firstIndex(where: { $0.shows(screen) }) else {
      preconditionFailure("No registered feature shows \(screen)")
    }
    return feature(at: index)
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
  /// intent leaves the screen as it was. `screen` is read first when another screen shows,
  /// unless `readingFirst` is false (`ScreenAction.performFresh`).
  private func perform(
    on screen: Screen, readingFirst: Bool = true, _ intent: () async -> Void
  ) async -> Outcome {
    if readingFirst, screen != router.state.screen, let message = await load(screen) {
      return .refused(message)
    }
    await intent()
    let message = feature(for: screen).message
    if let message, message.isRefusal { return .refused(message) }
    guard await router.show(screen) else { return refusal(router.state.message) }
    return .done(message)
  }

  /// Loads a screen's view model. Returns its refusal when the store failed.
  private func load(_ screen: Screen) async -> Message? {
    let feature = feature(for: screen)
    await feature.load(screen)
    return feature.message.flatMap { $0.isRefusal ? $0 : nil }
  }

  private func outcome(_ refusal: Message?) -> Outcome {
    refusal.map(Outcome.refused) ?? .done(nil)
  }

  private func refusal(_ message: Message?) -> Outcome {
    .refused(message ?? .notFound)
  }
}

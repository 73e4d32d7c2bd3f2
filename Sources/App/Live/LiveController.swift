import Foundation
import Observation
import PocketDomain
import PocketPresentation

/// What the live view does with keys, without a terminal: it keeps the view's own state
/// (`LiveState`), turns each key into a `Command` for `Session` (or an edit of that
/// state), and lays out frames. Tests drive it with keys and read its frames.
@MainActor
final class LiveController {
  let session: Session
  private(set) var renderer: Renderer {
    didSet { drawn = nil }
  }
  private(set) var layout: LiveLayout
  /// The lines last drawn and the state they show: a key that changes no view model's
  /// state (a selection moved, a page scrolled) draws the screen from them, not anew.
  private var drawn: (content: ScreenContent, lines: [ScreenLine])?
  let state: LiveState
  /// How the view ends; set by `q`, Ctrl-C, Ctrl-D, a signal or an unusable store.
  var exit: ExitStatus?
  /// The reason of an unusable store, said once the terminal is given back.
  private(set) var farewell: String?
  /// Whether a store call waits for another program's lock: said on the status row.
  let storeWait: StoreWaitViewModel
  /// Whether a shared store's server answers: `offline` on the tab line while it does not.
  let storeCopy: StoreCopyViewModel

  init(session: Session, renderer: Renderer, size: TerminalSize) {
    self.session = session
    var renderer = renderer
    renderer.isLive = true
    self.renderer = renderer
    layout = LiveLayout(renderer: renderer)
    state = LiveState(size: size)
    storeWait = StoreWaitViewModel(waits: session.store.repositories.waits)
    storeCopy = StoreCopyViewModel(observation: session.store.repositories.changes)
    // The screen seen last opens as a screen shown by a key does (the chat at its bottom).
    state.pinned = true
    settle()
  }

  /// Lays out with the widths the terminal draws East Asian Ambiguous characters in, as it
  /// answered (`CursorReport`).
  /// `content`'s lines, drawn once for each state it shows.
  func screenLines(_ content: ScreenContent) -> [ScreenLine] {
    if let drawn, drawn.content == content { return drawn.lines }
    let lines = renderer.screenLines(content)
    drawn = (content, lines)
    return lines
  }

  func measured(ambiguousIsWide: Bool) {
    renderer.ambiguousIsWide = ambiguousIsWide
    layout = LiveLayout(renderer: renderer)
  }

  var strings: Strings { renderer.strings }
  var registry: ScreenRegistry { session.registry }

  /// Whether the screen showing changes with time alone (a running stopwatch).
  var isTicking: Bool { session.currentFeature.isTicking }

  func tick() { session.currentFeature.tick() }

  /// The frame for the state now.
  /// What it shows is what the numbers of the next command stand for (`Session.showed`).
  func frame() -> Frame {
    let content = session.content
    session.showed(content)
    let lines = screenLines(content)
    var overlay = state.overlay
    overlay.waiting = storeWait.state.waitingOn.map(strings.waitingForStore)
    if state.offline { overlay.offline = strings.offlineMark }
    if state.input != nil {
      overlay.hasHistory = !state.history.lines(historyKey).isEmpty
      overlay.yanks = !state.killed.isEmpty
    }
    return layout.frame(
      screen: lines, overlay: overlay, keys: barKeys(body: Array(lines.dropFirst())),
      size: state.size, tab: registry.tabIndex(of: content.screen))
  }

  /// The key bar of the screen showing, `body` its lines: its own keys its handler acts on
  /// now (`KeyHelp.acts`: `Enter edit` only with a row selected), then the shared ones,
  /// `↑↓ select` only with a list to move in (`navigate`'s test).
  private func barKeys(body: [ScreenLine]) -> [KeyHelp] {
    let feature = session.currentFeature
    let kind = type(of: feature)
    let screen = session.content.screen
    let selected = state.selection.flatMap { LiveLayout.lineIndex(ofItem: $0, in: body) }
      .flatMap { body[$0].item }
    let own = kind.keys.filter { feature.offers($0, on: screen, selected: selected) }
    return own
      + LiveKeys.everywhere(
        tabs: registry.tabs.count, digitsType: kind.typesDigits,
        hasList: LiveLayout.itemCount(body) > 0)
  }

  func handle(_ key: Key) async {
    // A line break is typed only on a line that takes one; anywhere else it is Enter.
    if key == .newLine, state.input?.allowsLineBreaks != true {
      await handle(.enter)
      return
    }
    switch key {
    // On an input line they cancel the line (`edit`).
    case .control("c") where state.input == nil, .control("d") where state.input == nil:
      exit = .done
      return
    default: break
    }
    // The screen does not show: only q acts (Ctrl-L and a resize are the view's).
    if LiveLayout.isTooSmall(state.size) {
      if key == .character("q") { exit = .done }
      return
    }
    if let question = state.question {
      state.question = nil
      if case .character(let answer) = key, ["y", "Y", "ㅇ"].contains(answer) {
        let (command, row) = renumbered(question)
        await run(command, on: row)
        await refill()
      } else {
        // Line mode's refusal says how to do it anyway (`reset --yes`); here a no is an answer.
        state.status = LiveStatus(text: question.declined)
      }
      return
    }
    if state.page != nil {
      turnPage(key)
      return
    }
    if state.detail != nil {
      moveDetail(key)
      return
    }
    if state.input != nil {
      await edit(key)
      if state.input == nil { await refill() }
      return
    }
    let feature = session.currentFeature
    if let action = feature.liveAction(
      for: key, on: session.content.screen, selected: selectedItem)
    {
      await perform(action)
    } else if !(await navigate(key)) {
      await handleShared(key)
    }
    await refill()
  }

  /// The command `question` runs and the row it acts on, numbered as the list shows that
  /// item now: another process may have renumbered it since the question was asked, and
  /// the confirmation then names it by its current number (and its text, as before).
  private func renumbered(_ question: LiveQuestion) -> (Command, ShownItem?) {
    guard var row = question.row,
      let now = session.content.state.shownItems.first(where: { $0.identity == row.identity }),
      now.number != row.number
    else { return (question.command, question.row) }
    let command: Command
    switch question.command {
    case .delete: command = .delete(number: now.number)
    case .remove: command = .remove(number: now.number)
    default: return (question.command, question.row)
    }
    // What the row showed stays what the command checks the item against.
    row.number = now.number
    return (command, row)
  }

  /// The keys every screen shares.
  private func handleShared(_ key: Key) async {
    let tabs = registry.tabs.map(\.tab)
    let current = registry.tabIndex(of: session.content.screen) ?? 0
    switch key {
    case .character("q"): exit = .done
    case .character("?"):
      state.pageTop = 0
      state.page = LiveKeys.help(
        strings.language, registry: registry, showing: type(of: session.currentFeature),
        hasList: LiveLayout.itemCount(body) > 0)
    case .character(":"):
      state.input = InputRequest(
        prompt: LiveKeys.commandPrompt, words: "", limit: InputRequest.commandLimit)
    case .character(let digit)
    where digit.wholeNumberValue.map { (1...tabs.count).contains($0) } ?? false:
      await show(tabs[(digit.wholeNumberValue ?? 1) - 1])
    case .tab, .right, .wordRight: await show(tabs[(current + 1) % tabs.count])
    case .backTab, .left, .wordLeft: await show(tabs[(current + tabs.count - 1) % tabs.count])
    default: sayUnknown(key)
    }
  }

  /// Opens `tab`'s screen as its opening words typed would.
  private func show(_ tab: TabSpec) async {
    guard let command = try? CommandParser.parse(tab.opener, registry: registry) else {
      preconditionFailure("A tab's opener is one of the registry's commands: \(tab.opener)")
    }
    await run(command)
  }

  /// Runs what a key means. A number it holds stands for the selected row's item, whatever
  /// the screen shows by the time it runs (an input line stays open while the list
  /// changes).
  private func perform(_ action: LiveAction) async {
    let row = selectedRow
    switch action {
    case .run(let command): await run(command, on: row)
    case .start(let command): Task { await self.run(command) }
    case .input(var request):
      request.row = row
      state.input = request
      if request.isLive { await runLive(request) }
    case .confirm(let command, let question):
      state.question = LiveQuestion(
        command: command, text: "\(question.text(strings.language)) \(strings.yesOrNo)",
        declined: AppText.declined(nil).text(strings.language), row: row)
    }
  }

  // MARK: Commands

  /// Shows on the status row what the store warns of without failing (a screen not kept
  /// on a full disk; a postgres store shown from this machine's copy while its server does
  /// not answer), and, once such a server answers again, that it does. While it does not,
  /// the tab line says `offline`.
  func showWarnings() async {
    for warning in await session.store.takeWarnings() {
      state.status = LiveStatus(text: strings.warning(warning), isError: true)
    }
    await storeCopy.refresh()
    state.offline = storeCopy.state.offline
    if storeCopy.state.answersAgain {
      state.status = LiveStatus(text: strings.serverAnswersAgain, isError: false)
    }
  }

  /// Runs `command` as line mode does and says its outcome on the status line. `row`: the
  /// row its number stands for, when it was typed on an input line opened on one.
  @discardableResult
  func run(_ command: Command, on row: ShownItem? = nil) async -> Outcome {
    let before = session.content.screen
    let pageBefore = session.content.state.paging?.number
    let outcome =
      if let row { await session.execute(command, on: row) } else {
        await session.execute(command)
      }
    var moved: AppText?
    let page = session.content.state.paging
    if session.content.screen != before {
      state.clearSelection()
      state.scroll = 0
      // A list whose newest item is at the bottom (the chat) opens there.
      state.pinned = true
      state.newestShown = nil
      state.mark = nil
    } else if let page, page.number != pageBefore {
      // The command showed another page (`say` shows the newest): the selected item is on
      // the page left, not gone; on the chat's newest page the view is at its bottom.
      state.clearSelection()
      state.pinned = page.olderIsAbove && page.number == 1
      state.mark = nil
      state.newestShown = nil
    } else {
      moved = followSelectedRow()
      if case .say = command, page?.olderIsAbove == true { showSent() }
    }
    await showWarnings()
    switch outcome {
    case .done(let message):
      state.status = message.map { LiveStatus(text: strings.text($0)) }
      // A change this command did not ask for moved the selection: say so.
      if message == nil, let moved {
        state.status = LiveStatus(text: moved.text(strings.language))
      } else if message == nil, case .say = command,
        let number = session.content.state.shownItems.map(\.number).max()
      {
        // Line mode shows the chat, the message last; the live view may show it scrolled.
        state.status = LiveStatus(text: AppText.messageSent(number: number).text(strings.language))
      } else if message == nil, case .add(_, _, let day) = command {
        state.status = LiveStatus(text: entryAdded(on: day).text(strings.language))
      }
    case .refused(let message):
      if let confirmed = session.confirmed(message) {
        state.question = LiveQuestion(
          command: confirmed.command, text: "\(strings.text(message)) \(strings.yesOrNo)",
          declined: AppText.declined(message).text(strings.language))
      } else {
        state.status = LiveStatus(text: strings.text(message), isError: true)
      }
      endIfUnusable(message)
    case .text(let text):
      state.pageTop = 0
      state.page = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    case .quit:
      exit = .done
    }
    return outcome
  }

  /// As chat apps do, a message sent shows at the bottom, the view pinned there; the
  /// selection stays on its message when that shows there too.
  private func showSent() {
    let viewport = viewport
    let lines = state.selection.flatMap { LiveLayout.lines(ofItem: $0, in: viewport.lines) }
    if let lines, lines.lowerBound < viewport.bottom { state.clearSelection() }
    state.pinned = true
    state.mark = nil
  }

  /// What the status row says of an entry just added on `day` (`nil`: today): its day in
  /// words, in the time zone the screens show.
  private func entryAdded(on day: EntryDay?) -> AppText {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = strings.timeZone
    let date = try? (day ?? .today).date(now: Date(), in: calendar)
    return .entryAdded(day: date.map { strings.dayInWords($0) })
  }

  /// What a reload after another process's change came to (`Session.followStore`): the
  /// selection follows its item, and says so when the item is gone; a store that cannot
  /// be read is said on the status line, and one that is unusable or gone ends the view.
  func followed(_ outcome: Outcome?) {
    switch outcome {
    case .done:
      if let moved = followSelectedRow() {
        state.status = LiveStatus(text: moved.text(strings.language))
      }
      settle()
    case .refused(let message):
      state.status = LiveStatus(text: strings.text(message), isError: true)
      endIfUnusable(message)
    case .text, .quit, nil:
      break
    }
  }

  /// A store that cannot be used (gone, damaged, unreachable) ends the view; its reason is
  /// said once the terminal is given back.
  func endIfUnusable(_ refusal: Message) {
    guard ExitStatus(for: .refused(refusal)) == .storeUnusable else { return }
    exit = .storeUnusable
    farewell = strings.text(refusal)
  }
}

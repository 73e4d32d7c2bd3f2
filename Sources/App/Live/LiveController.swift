import Domain
import Foundation
import Observation
import Presentation

/// What the live view does with keys, without a terminal: it keeps the view's own state
/// (`LiveState`), turns each key into a `Command` for `Session` (or an edit of that
/// state), and lays out frames. Tests drive it with keys and read its frames.
@MainActor
final class LiveController {
  let session: Session
  let renderer: Renderer
  let layout: LiveLayout
  let state: LiveState
  /// How the view ends; set by `q`, Ctrl-C, Ctrl-D, a signal or an unusable store.
  var exit: ExitStatus?
  /// The reason of an unusable store, said once the terminal is given back.
  private(set) var farewell: String?

  init(session: Session, renderer: Renderer, size: TerminalSize) {
    self.session = session
    self.renderer = renderer
    layout = LiveLayout(renderer: renderer)
    state = LiveState(size: size)
  }

  private var strings: Strings { renderer.strings }
  private var registry: ScreenRegistry { session.registry }

  /// Whether the screen showing changes with time alone (a running stopwatch).
  var isTicking: Bool { session.currentFeature.isTicking }

  func tick() { session.currentFeature.tick() }

  /// The frame for the state now.
  /// What it shows is what the numbers of the next command stand for (`Session.showed`).
  func frame() -> Frame {
    let feature = session.currentFeature
    let content = session.content
    session.showed(content)
    return layout.frame(
      screen: renderer.screenLines(content), overlay: state.overlay,
      keys: type(of: feature).keys, size: state.size)
  }

  func handle(_ key: Key) async {
    switch key {
    case .control("c"), .control("d"):
      exit = .done
      return
    default: break
    }
    if let question = state.question {
      state.question = nil
      if case .character(let answer) = key, ["y", "Y", "ㅇ"].contains(answer) {
        await run(question.command)
      } else {
        state.status = LiveStatus(
          text: strings.text(.notConfirmed(question.message, command: question.typed)),
          isError: true)
      }
      return
    }
    if state.page != nil {
      state.page = nil
      return
    }
    if state.input != nil {
      await edit(key)
      return
    }
    let feature = session.currentFeature
    if let action = feature.liveAction(
      for: key, on: session.content.screen, selected: selectedItem)
    {
      await perform(action)
      return
    }
    await handleShared(key)
  }

  /// The keys every screen shares.
  private func handleShared(_ key: Key) async {
    let tabs = registry.tabs.map(\.tab)
    let current = registry.tabIndex(of: session.content.screen) ?? 0
    switch key {
    case .character("q"): exit = .done
    case .character("?"):
      state.page =
        LiveKeys.all(strings.language, registry: registry).map {
          "\($0.key)  \($0.does.text(strings.language))"
        }
        + [""] + screenKeys()
    case .character(":"):
      state.input = InputRequest(
        prompt: LiveKeys.commandPrompt, words: "", limit: InputRequest.commandLimit)
    case .character(let digit)
    where digit.wholeNumberValue.map { (1...tabs.count).contains($0) } ?? false:
      await show(tabs[(digit.wholeNumberValue ?? 1) - 1])
    case .tab, .right: await show(tabs[(current + 1) % tabs.count])
    case .backTab, .left: await show(tabs[(current + tabs.count - 1) % tabs.count])
    case .up: await moveSelection(by: -1)
    case .down: await moveSelection(by: 1)
    case .home: await moveSelection(to: 0)
    case .end: await moveSelection(to: Int.max)
    case .pageUp: await turnPage(by: -1)
    case .pageDown: await turnPage(by: 1)
    default: break
    }
  }

  /// The keys of every screen, for `?`: one line a screen, named by the command that
  /// opens it, so the list fits a small terminal.
  private func screenKeys() -> [String] {
    registry.features.compactMap { feature in
      guard !feature.keys.isEmpty, let name = feature.commands.first?.name else { return nil }
      let keys = feature.keys.map { "\($0.key) \($0.does.text(strings.language))" }
      return "\(name): " + keys.joined(separator: " · ")
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
    }
  }

  // MARK: The input line

  /// Edits the open input line in place (`state.input?.line`: no copy of the text is held
  /// meanwhile), so a key costs what it adds however long the line is; past the field's
  /// limit a key is counted and dropped (`InputLine`).
  private func edit(_ key: Key) async {
    guard let isLive = state.input?.isLive else { return }
    // A live line is short (`InputRequest.shortLimit`): its text is compared to run it only
    // when it changed.
    let before = isLive ? state.input?.text : nil
    switch key {
    case .character(let character): state.input?.line.append(character)
    case .paste(let text): state.input?.line.append(text)
    case .backspace: state.input?.line.removeLast()
    case .control("u"): state.input?.line.removeAll()
    case .escape:
      state.input = nil
      return
    case .enter:
      guard let input = state.input else { return }
      state.input = nil
      if !input.isLive { await submit(input.words + input.text, on: input.row) }
      return
    default: return
    }
    if isLive, let input = state.input, input.text != before { await runLive(input) }
  }

  /// A live line runs at every change; a word it cannot use yet (an empty amount) waits.
  private func runLive(_ input: InputRequest) async {
    guard let command = try? CommandParser.parse(input.words + input.text, registry: registry)
    else {
      state.status = nil
      return
    }
    await run(command)
  }

  /// Runs a typed line as line mode does: a usage error is said on the status line. `row`:
  /// the row the line was opened on, which its number stands for.
  private func submit(_ line: String, on row: ShownItem? = nil) async {
    guard line.utf8.count <= Pocket.maxLineBytes else {
      state.status = LiveStatus(
        text: strings.text(.lineTooLong(limit: Pocket.maxLineBytes)), isError: true)
      return
    }
    do {
      guard let command = try CommandParser.parse(line, registry: registry) else { return }
      await run(command, on: row)
    } catch {
      state.status = LiveStatus(
        text: error.text(strings.language, registry: registry), isError: true)
    }
  }

  // MARK: Commands

  /// Runs `command` as line mode does and says its outcome on the status line. `row`: the
  /// row its number stands for, when it was typed on an input line opened on one.
  private func run(_ command: Command, on row: ShownItem? = nil) async {
    let before = session.content.screen
    let outcome =
      if let row { await session.execute(command, on: row) } else {
        await session.execute(command)
      }
    var moved: AppText?
    if session.content.screen != before {
      state.selection = nil
      state.selectedRow = nil
      state.scroll = 0
    } else {
      moved = followSelectedRow()
    }
    for warning in await session.store.takeWarnings() {
      state.status = LiveStatus(text: strings.warning(warning), isError: true)
    }
    switch outcome {
    case .done(let message):
      state.status = message.map { LiveStatus(text: strings.text($0)) }
      // A change this command did not ask for moved the selection: say so.
      if message == nil, let moved {
        state.status = LiveStatus(text: moved.text(strings.language))
      }
    case .refused(let message):
      if let confirmed = session.confirmed(message) {
        state.question = LiveQuestion(
          message: message, command: confirmed.command, typed: confirmed.typed,
          text: "\(strings.text(message)) \(strings.yesOrNo)")
      } else {
        state.status = LiveStatus(text: strings.text(message), isError: true)
      }
      endIfUnusable(message)
    case .text(let text):
      state.page = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    case .quit:
      exit = .done
    }
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
    case .refused(let message):
      state.status = LiveStatus(text: strings.text(message), isError: true)
      endIfUnusable(message)
    case .text, .quit, nil:
      break
    }
  }

  /// A store that cannot be used (gone, damaged, unreachable) ends the view; its reason is
  /// said once the terminal is given back.
  private func endIfUnusable(_ refusal: Message) {
    guard ExitStatus(for: .refused(refusal)) == .storeUnusable else { return }
    exit = .storeUnusable
    farewell = strings.text(refusal)
  }

  // MARK: Selection

  /// The screen's body: its lines under the tab line.
  private var body: [ScreenLine] {
    Array(renderer.screenLines(session.content).dropFirst())
  }

  private var selectedItem: ListItem? {
    let body = body
    guard let selection = state.selection,
      let line = LiveLayout.lineIndex(ofItem: selection, in: body)
    else { return nil }
    return body[line].item
  }

  /// The row the selection is on, as the screen shows it now.
  private var selectedRow: ShownItem? {
    guard let number = selectedItem?.number else { return nil }
    return session.content.state.shownItems.first { $0.number == number }
  }

  private func moveSelection(by step: Int) async {
    let count = LiveLayout.itemCount(body)
    guard count > 0 else { return }
    // Down from nothing selects the first item, up the last.
    let target = state.selection.map { $0 + step } ?? (step > 0 ? 0 : count - 1)
    await moveSelection(to: target)
  }

  private func moveSelection(to target: Int) async {
    let body = body
    let count = LiveLayout.itemCount(body)
    guard count > 0 else { return }
    select(min(max(0, target), count - 1), in: body)
    await followSelection()
  }

  /// Selects the item at `index` among `body`'s items, scrolled into view, and remembers
  /// the row it shows, which the selection then follows.
  private func select(_ index: Int, in body: [ScreenLine]) {
    state.selection = index
    state.selectedRow = nil
    guard let line = LiveLayout.lineIndex(ofItem: index, in: body) else { return }
    state.scroll = LiveLayout.scroll(
      state.scroll, showing: line, height: LiveLayout.bodyRows(state.size))
    state.selectedRow = selectedRow
  }

  /// Keeps the selection on the item it was on, wherever the list now shows it (a message
  /// sent above it, an entry re-sorted by its new day). When that item is gone, the
  /// selection moves to the nearest place and the returned text says so.
  private func followSelectedRow() -> AppText? {
    guard let selected = state.selectedRow, let index = state.selection else {
      clampSelection()
      return nil
    }
    let body = body
    let rows = session.content.state.shownItems
    let numbers = body.compactMap { $0.item?.number }
    if let row = rows.first(where: { $0.identity == selected.identity }),
      let place = numbers.firstIndex(of: row.number)
    {
      select(place, in: body)
      return nil
    }
    let count = LiveLayout.itemCount(body)
    guard count > 0 else {
      state.selection = nil
      state.selectedRow = nil
      return .selectionMoved(gone: selected.text, to: nil)
    }
    select(min(index, count - 1), in: body)
    guard let now = state.selectedRow else { return nil }
    return .selectionMoved(gone: selected.text, to: (now.number, now.text))
  }

  /// What the screen showing makes of the selection's move (`ScreenFeature.followSelection`).
  private func followSelection() async {
    guard let item = selectedItem,
      let command = session.currentFeature.followSelection(to: item)
    else { return }
    await run(command)
  }

  private func clampSelection() {
    guard let selection = state.selection else { return }
    let count = LiveLayout.itemCount(body)
    state.selection = count == 0 ? nil : min(selection, count - 1)
  }

  /// The previous or next page of a list with pages; a list without pages (the rates)
  /// scrolls by a screenful.
  private func turnPage(by step: Int) async {
    if let paging = session.content.state.paging {
      let target = paging.number + step
      guard (1...paging.count).contains(target) else { return }
      await run(.page(number: target))
      state.selection = nil
      state.selectedRow = nil
      state.scroll = 0
    } else {
      let height = LiveLayout.bodyRows(state.size)
      let limit = max(0, body.count - height)
      state.scroll = min(max(0, state.scroll + step * height), limit)
      state.selection = nil
      state.selectedRow = nil
    }
  }
}

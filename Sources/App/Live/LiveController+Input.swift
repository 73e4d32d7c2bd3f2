import PocketDomain
import PocketPresentation

extension LiveController {
  /// Edits the open input line in place (`state.input?.line`: no copy of the text is held
  /// meanwhile), so a key typed at the end costs what it adds however long the line is;
  /// past the field's limit a key is counted and dropped (`InputLine`).
  ///
  /// Enter runs the line; a refusal leaves it open as it was, the reason on the status row.
  /// Ctrl-W, Ctrl-U and Ctrl-K cut, and Ctrl-Y types back what was cut last.
  /// Esc and Ctrl-C cancel it, and so does Ctrl-D on an empty line; ↑ and ↓ recall the
  /// lines submitted earlier on this screen (`InputHistory`). Bytes that are not UTF-8 are
  /// never typed: a paste holding them is taken back whole, and the status row says so.
  func edit(_ key: Key) async {
    guard let isLive = state.input?.isLive else { return }
    // A live line is short (`InputRequest.shortLimit`): its text is compared to run it only
    // when it changed.
    let before = isLive ? state.input?.text : nil
    switch key {
    case .paste, .notUTF8: break
    default: if state.input?.beforePaste != nil { state.input?.beforePaste = nil }
    }
    switch key {
    case .character(let character): state.input?.line.insert(character)
    case .pasteStarted:
      // Read first: the line cannot be read while it is being written.
      let line = state.input?.line
      state.input?.beforePaste = line
    case .paste(let text):
      let breaks = state.input?.allowsLineBreaks == true
      state.input?.line.insert(text, newlinesAsSpaces: !breaks)
    case .notUTF8(let shown, let pasted):
      // Nothing of a paste that is not UTF-8 stays: the line is as it was before it.
      if pasted, let line = state.input?.beforePaste { state.input?.line = line }
      state.input?.beforePaste = nil
      sayNotUTF8(shown: shown, pasted: pasted)
    default:
      // Every other key the line takes is in the table `?` lists.
      guard let edit = LiveKeys.lineEdit(for: key) else { return }
      guard await apply(edit) else { return }
    }
    if isLive, let input = state.input, input.text != before { await runLive(input) }
  }

  /// Makes `edit` on the open line.
  /// - Returns: false when it closed the line (Enter, Esc).
  private func apply(_ edit: LineEdit) async -> Bool {
    switch edit {
    case .lineBreak: state.input?.line.insert(Character("\n"))
    case .deleteBackward: state.input?.line.deleteBackward()
    case .deleteForward: state.input?.line.deleteForward()
    case .deleteOrCancel:
      guard state.input?.text.isEmpty == false else {
        await cancelInput()
        return false
      }
      state.input?.line.deleteForward()
    case .cutWord: kill(state.input?.line.deleteWordBackward())
    case .cutToStart: kill(state.input?.line.deleteToStart())
    case .cutToEnd: kill(state.input?.line.deleteToEnd())
    case .yank: yank()
    case .left: state.input?.line.moveLeft()
    case .right: state.input?.line.moveRight()
    case .start: state.input?.line.moveToStart()
    case .end: state.input?.line.moveToEnd()
    case .wordLeft: state.input?.line.moveWordLeft()
    case .wordRight: state.input?.line.moveWordRight()
    case .earlier: recall(by: -1)
    case .later: recall(by: 1)
    case .cancel:
      await cancelInput()
      return false
    case .submit:
      await submitInput()
      return false
    }
    return true
  }

  /// Keeps what Ctrl-W, Ctrl-U or Ctrl-K cut for Ctrl-Y: a kill ring of one, as readline's
  /// at its simplest. A key that cut nothing keeps what was cut before.
  private func kill(_ cut: String?) {
    guard let cut, !cut.isEmpty else { return }
    state.killed = cut
  }

  /// Ctrl-Y: types what was cut last at the cursor, as a paste would (its line breaks kept
  /// only on a line that takes them), up to the line's limit.
  private func yank() {
    let killed = state.killed
    guard !killed.isEmpty, let breaks = state.input?.allowsLineBreaks else { return }
    state.input?.line.insert(killed, newlinesAsSpaces: !breaks)
  }

  /// The history list of the line open: the `:` line's own, else the screen's feature's.
  var historyKey: String {
    guard state.input?.words.isEmpty == false else { return ":" }
    return String(describing: type(of: session.currentFeature))
  }

  /// ↑ (`step` -1) or ↓ (1): the line submitted before or after the one showing; ↓ past
  /// the newest gives back the line that was being typed.
  private func recall(by step: Int) {
    guard let input = state.input else { return }
    let lines = state.history.lines(historyKey)
    let limit = input.line.limit
    switch (input.browsing, step < 0) {
    case (nil, true):
      guard let last = lines.indices.last else { return }
      state.input?.browsing = HistoryBrowsing(index: last, draft: input.line)
      state.input?.line = InputLine(lines[last], limit: limit)
    case (let browsing?, true):
      guard browsing.index > 0, browsing.index - 1 < lines.count else { return }
      state.input?.browsing?.index -= 1
      state.input?.line = InputLine(lines[browsing.index - 1], limit: limit)
    case (let browsing?, false):
      if browsing.index + 1 < lines.count {
        state.input?.browsing?.index += 1
        state.input?.line = InputLine(lines[browsing.index + 1], limit: limit)
      } else {
        state.input?.browsing = nil
        state.input?.line = browsing.draft
      }
    case (nil, false):
      return
    }
  }

  /// Closes the line without running it. A live line has changed the screen as it was
  /// typed: what the screen showed before it opened comes back (`InputRequest.restore`).
  private func cancelInput() async {
    guard let input = state.input else { return }
    state.input = nil
    if input.isLive, let restore = input.restore { await run(restore) }
  }

  /// Enter: a live line has run already and closes; another line runs, and stays open as
  /// it was when its command is refused.
  private func submitInput() async {
    guard var input = state.input else { return }
    state.history.record(input.text, in: historyKey)
    state.input = nil
    guard !input.isLive else { return }
    let refused = await submit(input.words + input.text, on: input.row)
    if refused, exit == nil, state.input == nil, state.question == nil, state.page == nil {
      input.browsing = nil
      state.input = input
    }
  }

  /// A live line runs at every change; a word it cannot use yet (an empty amount) waits.
  func runLive(_ input: InputRequest) async {
    guard let command = try? CommandParser.parse(input.words + input.text, registry: registry)
    else {
      state.status = nil
      return
    }
    await run(command)
  }

  /// Runs a typed line as line mode does: a usage error is said on the status line. `row`:
  /// the row the line was opened on, which its number stands for.
  /// - Returns: whether the line was refused (a usage error, or a refusal that is not a
  ///   question).
  @discardableResult
  func submit(_ line: String, on row: ShownItem? = nil) async -> Bool {
    guard line.utf8.count <= Pocket.maxLineBytes else {
      state.status = LiveStatus(
        text: strings.text(.lineTooLong(limit: Pocket.maxLineBytes)), isError: true)
      return true
    }
    do {
      guard let command = try CommandParser.parse(line, registry: registry) else { return false }
      guard case .refused(let message) = await run(command, on: row) else { return false }
      return session.confirmed(message) == nil
    } catch {
      state.status = LiveStatus(
        text: error.text(strings.language, registry: registry), isError: true)
      return true
    }
  }
}

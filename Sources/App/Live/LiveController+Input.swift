import Domain
import Presentation

extension LiveController {
  /// Edits the open input line in place (`state.input?.line`: no copy of the text is held
  /// meanwhile), so a key costs what it adds however long the line is; past the field's
  /// limit a key is counted and dropped (`InputLine`).
  func edit(_ key: Key) async {
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
  func submit(_ line: String, on row: ShownItem? = nil) async {
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
}

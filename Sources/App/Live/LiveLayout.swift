import Domain
import Presentation

/// What the live view shows besides the screen: its own state, a value.
struct LiveOverlay: Equatable {
  /// The input line open, and what is typed in it.
  var input: InputRequest?
  /// The last command's confirmation or refusal.
  var status: LiveStatus?
  /// A question that waits for y or n (`reset`, `clear` of more than one item).
  var question: String?
  /// Text that stands in for the screen until a key is pressed (`?`, `help`, `store`).
  var page: [String]?
  /// The selected list item, by its place among the screen's items; `nil`: none.
  var selection: Int?
  /// The first line of the screen's body shown.
  var scroll = 0
}

/// A line the live view says on its status row.
struct LiveStatus: Equatable {
  var text: String
  var isError = false
}

/// Lays out one frame of the live view: the tab line, the screen's lines under it
/// (scrolled so the selection shows, the selected item marked `›` and, in colour, in
/// reverse video), a status line, and the key bar on the last row. Pure: the same
/// screen lines and overlay give the same frame, so frames are tested as text and styles.
struct LiveLayout {
  let renderer: Renderer
  /// The smallest terminal the view draws in; a smaller one gets a line saying so.
  static let minimum = TerminalSize(rows: 8, columns: 30)
  /// Rows that are not the body: the tab line, the status line and the key bar.
  static let chromeRows = 3

  var language: Language { renderer.strings.language }

  /// How many rows of body a terminal of `size` shows.
  static func bodyRows(_ size: TerminalSize) -> Int { max(1, size.rows - chromeRows) }

  func frame(
    screen lines: [ScreenLine], overlay: LiveOverlay, keys: [KeyHelp], size: TerminalSize
  ) -> Frame {
    guard size.rows >= Self.minimum.rows, size.columns >= Self.minimum.columns else {
      return Frame(lines: tooSmall(size).map { styled(ScreenLine($0, as: .error)) }, cursor: nil)
    }
    let tabLine = lines.first ?? ""
    let body = Array(lines.dropFirst())
    let height = Self.bodyRows(size)
    var rows: [StyledLine] = [styled(tabLine)]
    if let page = overlay.page {
      rows += page.prefix(height).map { styled(ScreenLine("  " + $0)) }
    } else {
      let selected = overlay.selection.flatMap { Self.lineIndex(ofItem: $0, in: body) }
      let first = min(max(0, overlay.scroll), max(0, body.count - height))
      for index in first..<min(body.count, first + height) {
        rows.append(bodyLine(body[index], isSelected: index == selected))
      }
    }
    // The status row says the last outcome (above an input line too, so a live line's
    // refusal shows as it is typed), or what an input line cut; the last row is the key
    // bar, or the input line. Both stand at the bottom however tall the terminal is.
    var bottom: [StyledLine] = []
    if let question = overlay.question {
      bottom.append(styled(ScreenLine(question, as: .error)))
    } else if let line = overlay.input?.line, line.cut > 0 {
      bottom.append(styled(ScreenLine(line.cutNotice(language), as: .error)))
    } else if let status = overlay.status {
      bottom.append(styled(ScreenLine(status.text, as: status.isError ? .error : nil)))
    } else if overlay.input != nil {
      bottom.append(styled(ScreenLine(keyBar(keys, overlay), as: .hint)))
    } else {
      bottom.append("")
    }
    var cursor: Frame.Cursor?
    if let input = overlay.input {
      let prompt = input.prompt.text(language) + ": "
      let promptWidth = renderer.width(prompt)
      // The part of the line around the cursor shows; the last column is kept for the
      // cursor after the last character.
      let shown = window(of: input.line, fitting: size.columns - 1 - promptWidth)
      bottom.append(styled(ScreenLine(prompt, as: .hint) + ScreenLine(shown.text)))
      cursor = Frame.Cursor(
        row: size.rows - 1, column: min(promptWidth + shown.cursor, size.columns - 1))
    } else {
      bottom.append(styled(ScreenLine(keyBar(keys, overlay), as: .hint)))
    }
    return Frame(lines: rows, bottom: bottom, cursor: cursor)
  }

  /// What shows of `line` in a field of `columns` display columns: the characters around
  /// its cursor, escaped, with `…` where the line goes on beyond the field; its width; and
  /// the column of the cursor in it. A line that fits shows whole; else the cursor keeps a
  /// third of the field after it (the cursor at the end: none), and the field fills from
  /// the start when the start is close enough. Looks at no more characters than fit, so a
  /// long line costs what shows.
  func window(of line: InputLine, fitting columns: Int) -> (text: String, width: Int, cursor: Int) {
    guard columns > 0 else { return ("", 0, 0) }
    let text = line.text
    let ellipsis = "…"
    let ellipsisWidth = renderer.width(ellipsis)
    func piece(_ index: String.Index) -> (String, Int) {
      let piece = TerminalText.escaping(String(text[index]), keepingNewlines: false)
      return (piece, renderer.width(piece))
    }
    // A line of characters that take no column would never fill the field: at most this
    // many characters are looked at on each side.
    let most = columns + 64
    // A line that fits shows whole.
    var whole: [String] = []
    var wholeWidth = 0
    var cursorColumn = 0
    var index = text.startIndex
    while index < text.endIndex, whole.count < most, wholeWidth <= columns {
      if index == line.cursor { cursorColumn = wholeWidth }
      let (shown, width) = piece(index)
      whole.append(shown)
      wholeWidth += width
      index = text.index(after: index)
    }
    if index == text.endIndex, wholeWidth <= columns {
      return (whole.joined(), wholeWidth, line.isAtEnd ? wholeWidth : cursorColumn)
    }
    // Before the cursor: as much as fits beside the room kept after it.
    let under = line.isAtEnd ? 0 : piece(line.cursor).1
    let kept = line.isAtEnd ? 0 : min(columns, max(under + ellipsisWidth, columns / 3))
    var before: [String] = []
    var beforeWidth = 0
    var start = line.cursor
    while start > text.startIndex, before.count < most {
      let previous = text.index(before: start)
      let (shown, width) = piece(previous)
      // Room for the ellipsis unless this is the first character.
      let room = columns - kept - (previous == text.startIndex ? 0 : ellipsisWidth)
      guard beforeWidth + width <= room else { break }
      before.append(shown)
      beforeWidth += width
      start = previous
    }
    if start > text.startIndex, beforeWidth + ellipsisWidth <= columns - kept {
      before.append(ellipsis)
      beforeWidth += ellipsisWidth
    }
    // From the cursor on: what the rest of the field holds.
    var after: [String] = []
    var afterWidth = 0
    var end = line.cursor
    while end < text.endIndex, after.count < most {
      let next = text.index(after: end)
      let (shown, width) = piece(end)
      let room = columns - beforeWidth - (next == text.endIndex ? 0 : ellipsisWidth)
      guard afterWidth + width <= room else { break }
      after.append(shown)
      afterWidth += width
      end = next
    }
    if end < text.endIndex, beforeWidth + afterWidth + ellipsisWidth <= columns {
      after.append(ellipsis)
      afterWidth += ellipsisWidth
    }
    return (before.reversed().joined() + after.joined(), beforeWidth + afterWidth, beforeWidth)
  }

  /// The place among `body`'s lines of the first line of item `item` (counted among the
  /// lines that show an item).
  static func lineIndex(ofItem item: Int, in body: [ScreenLine]) -> Int? {
    var seen = -1
    for (index, line) in body.enumerated() where line.item != nil {
      seen += 1
      if seen == item { return index }
    }
    return nil
  }

  /// How many items `body` shows.
  static func itemCount(_ body: [ScreenLine]) -> Int {
    body.reduce(0) { $0 + ($1.item == nil ? 0 : 1) }
  }

  /// The scroll that keeps `line` in view, moving as little as possible from `scroll`.
  static func scroll(_ scroll: Int, showing line: Int, height: Int) -> Int {
    if line < scroll { return line }
    if line >= scroll + height { return line - height + 1 }
    return scroll
  }

  private func bodyLine(_ line: ScreenLine, isSelected: Bool) -> StyledLine {
    var styled = styled(ScreenLine(isSelected ? "› " : "  ") + line)
    if isSelected, renderer.palette != nil {
      for index in styled.spans.indices { styled.spans[index].style.reverse = true }
    }
    return styled
  }

  private func styled(_ line: ScreenLine) -> StyledLine {
    renderer.palette?.styled(line)
      ?? StyledLine(TerminalText.escaping(line.text, keepingNewlines: false))
  }

  /// The last row: what the keys do here, then the keys of every screen.
  private func keyBar(_ keys: [KeyHelp], _ overlay: LiveOverlay) -> String {
    let shown: [KeyHelp]
    if let input = overlay.input {
      shown = LiveKeys.input(isLive: input.isLive)
    } else if overlay.question != nil {
      shown = LiveKeys.question
    } else if overlay.page != nil {
      shown = LiveKeys.page(language)
    } else {
      shown = keys + LiveKeys.everywhere(tabs: renderer.registry.tabs.count)
    }
    return shown.map { "\($0.key) \($0.does.text(language))" }.joined(separator: " · ")
  }

  /// Two short lines, so a narrow terminal shows them whole.
  private func tooSmall(_ size: TerminalSize) -> [String] {
    let need = "\(Self.minimum.columns)×\(Self.minimum.rows)"
    let have = "\(size.columns)×\(size.rows)"
    return AppText.tooSmall(have: have, need: need).text(language)
      .split(separator: "\n").map(String.init)
  }
}

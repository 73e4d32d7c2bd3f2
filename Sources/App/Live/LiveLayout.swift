import PocketDomain
import PocketPresentation

/// What the live view shows besides the screen: its own state, a value.
struct LiveOverlay: Equatable {
  /// The input line open, and what is typed in it.
  var input: InputRequest?
  /// The last command's confirmation or refusal.
  var status: LiveStatus?
  /// A question that waits for y or n (`reset`, `clear` of more than one item).
  var question: String?
  /// Text that stands in for the screen until q, Esc or Enter closes it (`?`, `help`,
  /// `store`); it scrolls when it does not fit.
  var page: [String]?
  /// The first line of `page` shown.
  var pageTop = 0
  /// The selected list item, by its place among the screen's items; `nil`: none.
  var selection: Int?
  /// The first line of the screen's body shown.
  var scroll = 0
  /// A mark held at the bottom of the body (`new messages ↓`), when something new is below
  /// what shows.
  var mark: String?
  /// An item shown whole over the screen's body (`v`).
  var detail: LiveDetail?
  /// What the status row says while a store call waits for another program's lock
  /// (`StoreWaitViewModel`), over anything else it would say.
  var waiting: String?
  /// Whether ↑ on the input line open brings back an earlier line.
  var hasHistory = false
  /// Whether Ctrl-Y on the input line open types something back.
  var yanks = false
  /// Said at the end of the tab line while the store is shown from this machine's copy
  /// because its server does not answer (`offline`).
  var offline: String?
}

/// An item shown whole in place of the screen's body: its lines, wrapped to the terminal's
/// width, from `scroll` down.
struct LiveDetail: Equatable {
  var lines: [String]
  var scroll = 0
  /// Which item of the list it is, as the key bar says it: `3 of 74`.
  var position: String?
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

  /// Whether a terminal of `size` is too small to draw in: it says so, and only the keys
  /// that quit or redraw act, since the screen they would act on does not show.
  static func isTooSmall(_ size: TerminalSize) -> Bool {
    size.rows < minimum.rows || size.columns < minimum.columns
  }

  /// The lines of a page overlay a terminal of `size` shows at once.
  static func pageRows(_ size: TerminalSize) -> Int { bodyRows(size) }

  /// The first line of a page of `count` lines shown, from `top` asked for: the last
  /// screenful at most.
  static func pageTop(_ top: Int, count: Int, size: TerminalSize) -> Int {
    min(max(0, top), max(0, count - pageRows(size)))
  }

  /// `tab`: the tab of the screen showing (its place on the tab line), which the tab line
  /// always shows whole however narrow the terminal.
  func frame(
    screen lines: [ScreenLine], overlay: LiveOverlay, keys: [KeyHelp], size: TerminalSize,
    tab: Int? = nil
  ) -> Frame {
    guard !Self.isTooSmall(size) else {
      return Frame(lines: tooSmall(size).map { styled(ScreenLine($0, as: .error)) }, cursor: nil)
    }
    var tabLine = lines.first ?? ""
    // A store shown from its copy while its server does not answer says so at the end of
    // the tab line, where it fits beside the current tab; the status row says it whole.
    let offline = overlay.offline.map { ScreenLine("  " + $0, as: .error) }
    let tabColumns = size.columns - (offline.map { renderer.width($0.text) } ?? 0)
    if renderer.width(tabLine.text) > tabColumns {
      tabLine = renderer.tabLine(tab, fitting: max(tabColumns, 1))
    }
    if let offline, renderer.width(tabLine.text) <= tabColumns { tabLine = tabLine + offline }
    if renderer.width(tabLine.text) > size.columns {
      tabLine = renderer.tabLine(tab, fitting: size.columns)
    }
    let body = Array(lines.dropFirst())
    // The status row says the last outcome (above an input line too, so a live line's
    // refusal shows as it is typed), or what an input line cut, on two rows when it is
    // long; the last row is the key bar, or the input line. Both stand at the bottom
    // however tall the terminal is, and the body has the rows left.
    var bottom: [StyledLine] = []
    let pageShown = overlay.page.map {
      pageWindow(pageLines($0, columns: size.columns), top: overlay.pageTop, size: size)
    }
    if let waiting = overlay.waiting {
      bottom += statusRows(waiting, role: .hint, columns: size.columns)
    } else if let question = overlay.question {
      bottom += statusRows(question, role: .error, columns: size.columns)
    } else if let line = overlay.input?.line, line.cut > 0 {
      bottom += statusRows(line.cutNotice(language), role: .error, columns: size.columns)
    } else if let mark = pageShown?.mark {
      bottom.append(styled(ScreenLine(mark, as: .hint)))
    } else if let status = overlay.status {
      // Over a page, one row: the page's rows are counted without it.
      bottom += statusRows(
        status.text, role: status.isError ? .error : nil, columns: size.columns,
        limit: pageShown == nil ? Self.statusRowLimit : 1)
    } else if overlay.input != nil {
      bottom.append(styled(ScreenLine(keyBar(keys, overlay, columns: size.columns), as: .hint)))
    } else {
      bottom.append("")
    }
    var cursor: Frame.Cursor?
    if let input = overlay.input {
      let prompt = Self.prompt(input.prompt.text(language))
      let promptWidth = renderer.width(prompt)
      // The part of the line around the cursor shows; the last column is kept for the
      // cursor after the last character.
      let shown = window(of: input.line, fitting: size.columns - 1 - promptWidth)
      bottom.append(styled(ScreenLine(prompt, as: .hint) + ScreenLine(shown.text)))
      cursor = Frame.Cursor(
        row: size.rows - 1, column: min(promptWidth + shown.cursor, size.columns - 1))
    } else {
      let hasMore =
        pageShown.map { $0.mark != nil }
        ?? overlay.detail.map { $0.lines.count > Self.bodyRows(size) } ?? false
      bottom.append(
        styled(
          ScreenLine(keyBar(keys, overlay, columns: size.columns, pageScrolls: hasMore), as: .hint)
        ))
    }
    let height = max(1, size.rows - 1 - bottom.count)
    var rows: [StyledLine] = [styled(tabLine)]
    if let pageShown {
      rows += pageShown.lines.prefix(height).map { styled(ScreenLine("  " + $0)) }
    } else if let detail = overlay.detail {
      let first = min(max(0, detail.scroll), max(0, detail.lines.count - height))
      rows += detail.lines.dropFirst(first).prefix(height).map { styled(ScreenLine("  " + $0)) }
    } else {
      let mark = overlay.mark.map { ScreenLine($0, as: .hint) }
      let viewport = Self.viewport(body, rows: height, mark: mark)
      let selected = overlay.selection.flatMap { Self.lineIndex(ofItem: $0, in: viewport.lines) }
      var first = viewport.clamped(overlay.scroll)
      // A status on two rows takes one from the body: the selection still shows.
      if let selected, selected >= first + viewport.height {
        first = selected - viewport.height + 1
      }
      rows += viewport.head(showing: first).map { styled(ScreenLine("  ") + $0) }
      for index in first..<min(viewport.lines.count, first + viewport.height) {
        rows.append(bodyLine(viewport.lines[index], isSelected: index == selected))
      }
      let position = viewport.position(showing: first).map {
        ScreenLine(AppText.rowsPosition(first: $0.first, last: $0.last, of: $0.of).text(language))
      }
      rows += (viewport.footer + (position.map { [$0] } ?? [])).map {
        styled(ScreenLine("  ") + $0)
      }
    }
    return Frame(lines: rows, bottom: bottom, cursor: cursor)
  }

  /// The input line's prompt as it shows before the text: a word and `: ` (`Message: `),
  /// or a mark that is a prompt by itself as it is (`:`).
  static func prompt(_ text: String) -> String {
    text.hasSuffix(":") ? text : text + ": "
  }

  /// The lines of `page` shown from `top`, and the position mark when they are not all of
  /// it (`12–30 of 64`).
  private func pageWindow(
    _ page: [String], top: Int, size: TerminalSize
  ) -> (lines: ArraySlice<String>, mark: String?) {
    let rows = Self.pageRows(size)
    let first = Self.pageTop(top, count: page.count, size: size)
    let lines = page[first..<min(page.count, first + rows)]
    guard page.count > rows else { return (lines, nil) }
    let mark = AppText.pagePosition(first: first + 1, last: first + lines.count, of: page.count)
    return (lines, mark.text(language))
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
      // A line break typed (Ctrl-J) shows as ↵: the input line is one row.
      let piece =
        text[index].isNewline
        ? "↵" : TerminalText.escaping(String(text[index]), keepingNewlines: false)
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
    // The characters one side of the cursor shows, nearest first, and their width: as many
    // as fit in `room` (with room for the ellipsis unless the side's last character is
    // shown), stepping from the cursor towards `end` (`step` gives the character to show
    // and the position past it), then the ellipsis when some are left and it fits.
    func side(
      room: Int, end: String.Index,
      step: (String.Index) -> (shown: String.Index, next: String.Index)
    ) -> (pieces: [String], width: Int) {
      var pieces: [String] = []
      var width = 0
      var position = line.cursor
      while position != end, pieces.count < most {
        let (at, next) = step(position)
        let (shown, shownWidth) = piece(at)
        guard width + shownWidth <= room - (next == end ? 0 : ellipsisWidth) else { break }
        pieces.append(shown)
        width += shownWidth
        position = next
      }
      if position != end, width + ellipsisWidth <= room {
        pieces.append(ellipsis)
        width += ellipsisWidth
      }
      return (pieces, width)
    }
    let before = side(room: columns - kept, end: text.startIndex) {
      let previous = text.index(before: $0)
      return (previous, previous)
    }
    // From the cursor on: what the rest of the field holds.
    let after = side(room: columns - before.width, end: text.endIndex) {
      ($0, text.index(after: $0))
    }
    return (
      before.pieces.reversed().joined() + after.pieces.joined(), before.width + after.width,
      before.width
    )
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

  /// The lines of item `item` among `body`'s: its first line and the indented lines under
  /// it that belong to no other item (a notice's address, a bookmark's).
  static func lines(ofItem item: Int, in body: [ScreenLine]) -> ClosedRange<Int>? {
    guard let first = lineIndex(ofItem: item, in: body) else { return nil }
    var last = first
    while last + 1 < body.count, body[last + 1].item == nil, body[last + 1].text.first == " " {
      last += 1
    }
    return first...last
  }

  /// The scroll that keeps `lines` in view, moving as little as possible from `scroll`; the
  /// first of them when they are more than `height`.
  static func scroll(_ scroll: Int, showing lines: ClosedRange<Int>, height: Int) -> Int {
    var scroll = scroll
    if lines.upperBound >= scroll + height { scroll = lines.upperBound - height + 1 }
    if lines.lowerBound < scroll { scroll = lines.lowerBound }
    return scroll
  }

  /// `text` in rows of at most `columns` display columns, broken after a space where one is
  /// in the row, else inside a word; escaped as every row is.
  func wrapped(_ text: String, columns: Int) -> [String] {
    let text = TerminalText.escaping(text, keepingNewlines: false)
    guard columns > 0, renderer.width(text) > columns else { return [text] }
    var rows: [String] = []
    var row: [Character] = []
    var rowWidth = 0
    for character in text {
      let width = renderer.width(String(character))
      if rowWidth + width > columns, !row.isEmpty {
        // Break after the row's last space when there is one, so words stay whole.
        if let space = row.lastIndex(of: " "), space > 0 {
          rows.append(String(row[...space]))
          row = Array(row[(space + 1)...])
        } else {
          rows.append(String(row))
          row = []
        }
        rowWidth = row.reduce(0) { $0 + renderer.width(String($1)) }
      }
      row.append(character)
      rowWidth += width
    }
    if !row.isEmpty { rows.append(String(row)) }
    return rows
  }

  private func bodyLine(_ line: ScreenLine, isSelected: Bool) -> StyledLine {
    var styled = styled(ScreenLine(isSelected ? "› " : "  ") + line)
    if isSelected, renderer.palette != nil {
      for index in styled.spans.indices { styled.spans[index].style.reverse = true }
    }
    return styled
  }

  func styled(_ line: ScreenLine) -> StyledLine {
    renderer.palette?.styled(line)
      ?? StyledLine(TerminalText.escaping(line.text, keepingNewlines: false))
  }

  /// Two short lines, so a narrow terminal shows them whole.
  private func tooSmall(_ size: TerminalSize) -> [String] {
    let need = "\(Self.minimum.columns)×\(Self.minimum.rows)"
    let have = "\(size.columns)×\(size.rows)"
    return AppText.tooSmall(have: have, need: need).text(language)
      .split(separator: "\n").map(String.init)
  }
}

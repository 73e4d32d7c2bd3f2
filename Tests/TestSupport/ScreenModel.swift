import PocketApp

/// A small VT interpreter: fed the bytes a program wrote to its terminal, it keeps what a
/// person would see, so a test can check the screen rather than the escape sequences.
///
/// Understands printable text (wide characters take two cells, by App's `DisplayWidth`;
/// combining marks join the cell before), CR, LF (scrolling at the bottom), BS, TAB, CUP
/// `ESC[r;cH`, cursor moves (CUU/CUD/CUF/CUB, CHA, VPA), EL `ESC[K`/`ESC[1K`/`ESC[2K`, ED
/// `ESC[J`/`ESC[1J`/`ESC[2J`, SGR (the style is kept per cell), DECSC/DECRC, the modes
/// `?1049` (alternate screen: the main screen's contents and cursor are kept across), `?25`
/// (cursor), `?2004` (bracketed paste), `?2026` (synchronized output) and `?7` (wrap), and
/// DSR 6 (`ESC[6n`: a Cursor Position Report `ESC[row;colR` is queued in `replies`, for the
/// terminal to send back). OSC strings and other sequences are skipped. Writing past the last
/// column wraps, as xterm does.
package struct ScreenModel: Sendable {
  package struct Cell: Equatable, Sendable {
    /// The text in the cell; "" for the right half of a wide character.
    package var text: String
    package var style: TextStyle

    package static let blank = Cell(text: " ", style: .plain)
  }

  package private(set) var rows: Int
  package private(set) var columns: Int
  package private(set) var cursorRow = 0
  package private(set) var cursorColumn = 0
  package private(set) var isAlternateScreen = false
  package private(set) var cursorVisible = true
  package private(set) var bracketedPaste = false
  package private(set) var synchronizedOutput = false
  /// How many times the program switched to the alternate screen and back.
  package private(set) var alternateScreenEntries = 0
  package private(set) var alternateScreenExits = 0
  /// The cells of the screen shown now.
  package private(set) var cells: [[Cell]]
  /// What the terminal answers and has not sent yet (Cursor Position Reports).
  package private(set) var replies: [UInt8] = []
  /// How many times the program asked where the cursor is (DSR 6).
  package private(set) var cursorReportsAsked = 0

  private var otherCells: [[Cell]]  // the buffer not shown (main while alternate is shown)
  private var savedCursor = (row: 0, column: 0)
  private var mainCursor = (row: 0, column: 0)
  private var style = TextStyle.plain
  private var pendingWrap = false
  private var autoWrap = true
  private var pending: [UInt8] = []
  private let width: DisplayWidth

  package init(rows: Int = 24, columns: Int = 80, ambiguousIsWide: Bool = false) {
    self.rows = max(1, rows)
    self.columns = max(1, columns)
    self.width = DisplayWidth(ambiguousIsWide: ambiguousIsWide)
    cells = Self.blankGrid(rows: self.rows, columns: self.columns)
    otherCells = cells
  }

  /// The rows as text, trailing blanks trimmed (wide characters once).
  package var lines: [String] {
    cells.map { row in
      // The blank cells at the end are left out before the join, not trimmed after it.
      let end = row.lastIndex { $0.text != " " && !$0.text.isEmpty }.map { $0 + 1 } ?? 0
      var line = row[..<end].map { $0.text }.joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The screen as one text, rows joined by newlines, trailing empty rows left out.
  package var text: String {
    var lines = lines
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Whether some row shows `text`.
  package func contains(_ text: String) -> Bool {
    lines.contains { $0.firstRange(of: text) != nil }
  }

  /// The foreground colour of the first cell of the first place `text` is shown (nil when
  /// it is shown in the default colour or not at all; see `style(of:)` to tell the two apart).
  package func colour(of text: String) -> PaletteColor? {
    style(of: text)?.foreground
  }

  /// The style of the first cell of the first place `text` is shown, nil when it is not.
  package func style(of text: String) -> TextStyle? {
    for row in cells {
      let texts = row.map(\.text)
      let line = texts.joined()
      guard let range = line.firstRange(of: text) else { continue }
      let offset = line.distance(from: line.startIndex, to: range.lowerBound)
      var counted = 0
      for (index, cellText) in texts.enumerated() {
        if counted >= offset, !cellText.isEmpty { return row[index].style }
        counted += cellText.count
      }
    }
    return nil
  }

  /// Changes the size as a terminal would (contents kept where they fit).
  package mutating func resize(rows newRows: Int, columns newColumns: Int) {
    let newRows = max(1, newRows)
    let newColumns = max(1, newColumns)
    func fit(_ grid: [[Cell]]) -> [[Cell]] {
      (0..<newRows).map { row in
        (0..<newColumns).map { column in
          row < grid.count && column < grid[row].count ? grid[row][column] : .blank
        }
      }
    }
    cells = fit(cells)
    otherCells = fit(otherCells)
    rows = newRows
    columns = newColumns
    cursorRow = min(cursorRow, rows - 1)
    cursorColumn = min(cursorColumn, columns - 1)
    pendingWrap = false
  }

  package mutating func feed(_ text: String) { feed(Array(text.utf8)) }

  /// The answers queued so far, which the caller sends; they are forgotten here.
  package mutating func takeReplies() -> [UInt8] {
    defer { replies.removeAll() }
    return replies
  }

  package mutating func feed(_ bytes: some Sequence<UInt8>) {
    pending.append(contentsOf: bytes)
    var index = 0
    var text: [UInt8] = []
    while index < pending.count {
      let byte = pending[index]
      if byte >= 0x20, byte != 0x7F {
        if byte >= 0x80 {
          let length = Self.utf8Length(byte)
          if index + length > pending.count { break }  // the rest of it comes later
          text.append(contentsOf: pending[index..<(index + length)])
          index += length
        } else {
          text.append(byte)
          index += 1
        }
        continue
      }
      put(text)
      text.removeAll()
      if byte == 0x1B {
        guard let consumed = escape(at: index) else { break }
        index += consumed
        continue
      }
      control(byte)
      index += 1
    }
    put(text)
    pending.removeFirst(index)
  }

  // MARK: - Interpreting

  private mutating func put(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    for character in String(decoding: bytes, as: UTF8.self) {
      let characterWidth = width.of(character)
      if characterWidth == 0 {
        joinPrevious(character)
        continue
      }
      if pendingWrap || cursorColumn + characterWidth > columns {
        if autoWrap {
          cursorColumn = 0
          lineFeed()
        } else {
          cursorColumn = max(0, columns - characterWidth)
        }
        pendingWrap = false
      }
      clearWide(at: cursorColumn)
      cells[cursorRow][cursorColumn] = Cell(text: String(character), style: style)
      if characterWidth == 2, cursorColumn + 1 < columns {
        clearWide(at: cursorColumn + 1)
        cells[cursorRow][cursorColumn + 1] = Cell(text: "", style: style)
      }
      cursorColumn += characterWidth
      if cursorColumn >= columns {
        cursorColumn = columns - 1
        pendingWrap = true
      }
    }
  }

  /// Before a cell is overwritten: the other half of a wide character there becomes blank.
  private mutating func clearWide(at column: Int) {
    guard column < columns else { return }
    if cells[cursorRow][column].text.isEmpty, column > 0 {
      cells[cursorRow][column - 1] = .blank
    } else if column + 1 < columns, cells[cursorRow][column + 1].text.isEmpty,
      width.of(cells[cursorRow][column].text) == 2
    {
      cells[cursorRow][column + 1] = .blank
    }
  }

  private mutating func joinPrevious(_ character: Character) {
    var column = pendingWrap ? cursorColumn : cursorColumn - 1
    while column > 0, cells[cursorRow][column].text.isEmpty { column -= 1 }
    guard column >= 0 else { return }
    cells[cursorRow][column].text.append(character)
  }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x0D:
      cursorColumn = 0
      pendingWrap = false
    case 0x0A, 0x0B, 0x0C:
      lineFeed()
      pendingWrap = false
    case 0x08:
      if pendingWrap { pendingWrap = false } else { cursorColumn = max(0, cursorColumn - 1) }
    case 0x09:
      cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
      pendingWrap = false
    default: break  // BEL and the rest: nothing to show
    }
  }

  private mutating func lineFeed() {
    if cursorRow == rows - 1 {
      cells.removeFirst()
      cells.append(Array(repeating: .blank, count: columns))
    } else {
      cursorRow += 1
    }
  }

  /// The sequence at `start` (an ESC): how many bytes it takes, nil when unfinished.
  private mutating func escape(at start: Int) -> Int? {
    guard start + 1 < pending.count else { return nil }
    let next = pending[start + 1]
    switch next {
    case UInt8(ascii: "["):
      var end = start + 2
      while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
      guard end < pending.count else { return nil }
      let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
      csi(parameters, final: pending[end])
      return end - start + 1
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
      var end = start + 2
      while end < pending.count {
        if pending[end] == 0x07 { return end - start + 1 }
        if pending[end] == 0x1B {
          guard end + 1 < pending.count else { return nil }
          return end - start + 2
        }
        end += 1
      }
      return nil
    case UInt8(ascii: "7"):
      savedCursor = (cursorRow, cursorColumn)
      return 2
    case UInt8(ascii: "8"):
      (cursorRow, cursorColumn) = savedCursor
      pendingWrap = false
      return 2
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"):
      return start + 2 < pending.count ? 3 : nil
    default:
      return 2
    }
  }

  private mutating func csi(_ parameters: String, final: UInt8) {
    let isPrivate = parameters.hasPrefix("?")
    let numbers = parameters.drop { $0 == "?" || $0 == ">" || $0 == "=" }
      .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func number(_ index: Int, default value: Int) -> Int {
      guard index < numbers.count, let number = numbers[index], number != 0 else { return value }
      return number
    }
    let count = number(0, default: 1)
    if final != UInt8(ascii: "m") { pendingWrap = false }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      cursorRow = min(rows, number(0, default: 1)) - 1
      cursorColumn = min(columns, number(1, default: 1)) - 1
    case UInt8(ascii: "A"): cursorRow = max(0, cursorRow - count)
    case UInt8(ascii: "B"): cursorRow = min(rows - 1, cursorRow + count)
    case UInt8(ascii: "C"): cursorColumn = min(columns - 1, cursorColumn + count)
    case UInt8(ascii: "D"): cursorColumn = max(0, cursorColumn - count)
    case UInt8(ascii: "G"): cursorColumn = min(columns, count) - 1
    case UInt8(ascii: "d"): cursorRow = min(rows, count) - 1
    case UInt8(ascii: "K"):
      switch numbers.first ?? 0 {
      case 1: erase(row: cursorRow, from: 0, through: cursorColumn)
      case 2: erase(row: cursorRow, from: 0, through: columns - 1)
      default: erase(row: cursorRow, from: cursorColumn, through: columns - 1)
      }
    case UInt8(ascii: "J"):
      switch numbers.first ?? 0 {
      case 1:
        for row in 0..<cursorRow { erase(row: row, from: 0, through: columns - 1) }
        erase(row: cursorRow, from: 0, through: cursorColumn)
      case 2, 3:
        for row in 0..<rows { erase(row: row, from: 0, through: columns - 1) }
      default:
        erase(row: cursorRow, from: cursorColumn, through: columns - 1)
        for row in (cursorRow + 1)..<rows { erase(row: row, from: 0, through: columns - 1) }
      }
    case UInt8(ascii: "m"): selectGraphicRendition(numbers.map { $0 ?? 0 })
    case UInt8(ascii: "n") where !isPrivate && numbers.first == 6:
      cursorReportsAsked += 1
      replies += Array("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R".utf8)
    case UInt8(ascii: "h"), UInt8(ascii: "l"):
      guard isPrivate else { return }
      let on = final == UInt8(ascii: "h")
      for mode in numbers.compactMap({ $0 }) { setMode(mode, on) }
    default: break
    }
  }

  private mutating func setMode(_ mode: Int, _ on: Bool) {
    switch mode {
    case 25: cursorVisible = on
    case 2004: bracketedPaste = on
    case 2026: synchronizedOutput = on
    case 7: autoWrap = on
    case 47, 1047, 1049:
      guard on != isAlternateScreen else { return }
      if on {
        mainCursor = (cursorRow, cursorColumn)
        swap(&cells, &otherCells)
        cells = Self.blankGrid(rows: rows, columns: columns)
        alternateScreenEntries += 1
      } else {
        swap(&cells, &otherCells)
        if mode == 1049 { (cursorRow, cursorColumn) = mainCursor }
        alternateScreenExits += 1
      }
      isAlternateScreen = on
      pendingWrap = false
    default: break
    }
  }

  private mutating func selectGraphicRendition(_ codes: [Int]) {
    var index = 0
    let codes = codes.isEmpty ? [0] : codes
    while index < codes.count {
      let code = codes[index]
      switch code {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 22:
        style.bold = false
        style.dim = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 30...37:
        style.foreground = PaletteColor(rawValue: code - 30)
        style.bright = false
      case 90...97:
        style.foreground = PaletteColor(rawValue: code - 90)
        style.bright = true
      case 39:
        style.foreground = nil
        style.bright = false
      case 40...47: style.background = PaletteColor(rawValue: code - 40)
      case 100...107: style.background = PaletteColor(rawValue: code - 100)
      case 49: style.background = nil
      case 38, 48:  // 256-colour and RGB forms: skipped (Pocket never writes them)
        index += index + 1 < codes.count && codes[index + 1] == 2 ? 4 : 2
      default: break
      }
      index += 1
    }
  }

  private mutating func erase(row: Int, from first: Int, through last: Int) {
    guard row >= 0, row < rows, first <= last else { return }
    for column in max(0, first)...min(columns - 1, last) {
      cells[row][column] = Cell(text: " ", style: TextStyle(background: style.background))
    }
  }
}

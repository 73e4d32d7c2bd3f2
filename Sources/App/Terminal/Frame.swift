/// A run of text in one style. `text` is shown escaped (`TerminalText.escaping`, newlines
/// too): the frame writer escapes every span, so hostile text cannot move the cursor.
package struct StyledSpan: Equatable, Sendable {
  package var text: String
  package var style: TextStyle

  package init(_ text: String, style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

/// One row of the screen: spans of styled text.
package struct StyledLine: Equatable, Sendable, ExpressibleByStringLiteral {
  package var spans: [StyledSpan]

  package init(_ spans: [StyledSpan]) { self.spans = spans }
  package init(_ text: String, style: TextStyle = .plain) {
    self.spans = [StyledSpan(text, style: style)]
  }
  package init(stringLiteral value: String) { self.init(value) }

  /// The plain text.
  package var text: String { spans.map(\.text).joined() }
}

/// The size of a terminal in character cells.
package struct TerminalSize: Equatable, Sendable {
  package var rows: Int
  package var columns: Int
}

/// What the screen shows: styled lines from the top row down (`lines`), lines that end on
/// the last row whatever the terminal's height (`bottom`: a status line, a key bar), blank
/// rows between, and where the cursor stands when it is visible (an input line), else the
/// cursor is hidden. Blank rows are not stored, so a frame costs what it shows, not the
/// terminal's height.
package struct Frame: Equatable, Sendable {
  /// A cell on the screen, both counted from 0; `column` in display columns.
  package struct Cursor: Equatable, Sendable {
    package var row: Int
    package var column: Int
  }

  package var lines: [StyledLine]
  package var bottom: [StyledLine]
  package var cursor: Cursor?

  package init(lines: [StyledLine], bottom: [StyledLine] = [], cursor: Cursor? = nil) {
    self.lines = lines
    self.bottom = bottom
    self.cursor = cursor
  }

  /// The rows that show something on a terminal `rows` tall, top to bottom, each with its
  /// row (from 0): `bottom` ends on the last row and wins where it meets `lines`; lines
  /// below the terminal and blank lines are left out. O(lines + bottom), not O(rows).
  package func shownRows(_ rows: Int) -> [(row: Int, line: StyledLine)] {
    let bottomStart = rows - bottom.count
    var shown: [(row: Int, line: StyledLine)] = []
    for (row, line) in lines.prefix(max(0, min(rows, bottomStart))).enumerated()
    where !line.isBlank {
      shown.append((row, line))
    }
    for (index, line) in bottom.enumerated() where bottomStart + index >= 0 && !line.isBlank {
      shown.append((bottomStart + index, line))
    }
    return shown
  }

  /// Every row of a terminal `rows` tall, blank ones as empty lines: for tests and
  /// comparisons, never for drawing.
  package func rows(_ rows: Int) -> [StyledLine] {
    var all = Array(repeating: StyledLine(""), count: max(0, rows))
    for (row, line) in shownRows(rows) { all[row] = line }
    return all
  }
}

extension StyledLine {
  /// Whether the line shows nothing.
  var isBlank: Bool { spans.allSatisfy(\.text.isEmpty) }
}

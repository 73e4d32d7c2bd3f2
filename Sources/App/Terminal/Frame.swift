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

  package init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}

/// What the screen shows: one styled line per row (fewer lines: the rest blank), and where
/// the cursor stands when it is visible (an input line), else the cursor is hidden.
package struct Frame: Equatable, Sendable {
  /// A cell on the screen, both counted from 0; `column` in display columns.
  package struct Cursor: Equatable, Sendable {
    package var row: Int
    package var column: Int

    package init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  package var lines: [StyledLine]
  package var cursor: Cursor?

  package init(lines: [StyledLine], cursor: Cursor? = nil) {
    self.lines = lines
    self.cursor = cursor
  }
}

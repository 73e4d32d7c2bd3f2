/// Turns frames into the bytes that update a terminal showing `previous` into `next`.
///
/// Only rows that changed are rewritten (cursor to the row, erase to end of line, the row's
/// spans with SGR when `colour`), and only the rows either frame shows are looked at
/// (`Frame.shownRows`), so an update costs what the frames show, not the terminal's height;
/// a row `previous` showed and `next` leaves blank is erased. Every line is cut to
/// `size.columns` display columns (`DisplayWidth`: CJK and emoji two columns, ambiguous
/// per `ambiguousIsWide`) with `…` when cut, and a wide character never straddles the edge.
/// The whole update is one string wrapped in synchronized output (`ESC[?2026h` …
/// `ESC[?2026l`), to be written in one write(2); terminals without it ignore the two modes.
/// `previous == nil` (first frame, after a resize or a resume) clears and draws everything.
/// When nothing changed the update is empty: nothing to write.
package struct FrameWriter: Sendable {
  private let width: DisplayWidth
  private let colour: Bool

  package init(ambiguousIsWide: Bool, colour: Bool) {
    self.width = DisplayWidth(ambiguousIsWide: ambiguousIsWide)
    self.colour = colour
  }

  package func update(from previous: Frame?, to next: Frame, size: TerminalSize) -> String {
    var body = ""
    let rows = max(0, size.rows)
    let new = next.shownRows(rows)
    if let previous {
      // Each changed row is erased, then written: erasing after a line that fills the row
      // would erase its last column, where the cursor waits to wrap.
      for (row, line) in Self.changes(from: previous.shownRows(rows), to: new) {
        body += "\u{1B}[\(row + 1);1H\u{1B}[K"
        if let line { body += render(line, columns: size.columns) }
      }
    } else {
      body += (colour ? TextStyle.plain.sgr : "") + "\u{1B}[H\u{1B}[2J"
      for (row, line) in new {
        body += "\u{1B}[\(row + 1);1H" + render(line, columns: size.columns)
      }
    }
    if previous?.cursor != next.cursor || previous == nil || !body.isEmpty {
      if let cursor = next.cursor, (0..<rows).contains(cursor.row) {
        let column = min(max(0, cursor.column), max(0, size.columns - 1))
        body += "\u{1B}[\(cursor.row + 1);\(column + 1)H\u{1B}[?25h"
      } else {
        body += "\u{1B}[?25l"
      }
    }
    guard !body.isEmpty else { return "" }
    return "\u{1B}[?2026h" + body + "\u{1B}[?2026l"
  }

  /// The rows whose line differs between two lists of shown rows (each sorted by row), with
  /// the line to show there (`nil`: blank). Walks the two lists once.
  package static func changes(
    from old: [(row: Int, line: StyledLine)], to new: [(row: Int, line: StyledLine)]
  ) -> [(row: Int, line: StyledLine?)] {
    var changes: [(row: Int, line: StyledLine?)] = []
    var (oldIndex, newIndex) = (0, 0)
    while oldIndex < old.count || newIndex < new.count {
      let oldRow = oldIndex < old.count ? old[oldIndex].row : Int.max
      let newRow = newIndex < new.count ? new[newIndex].row : Int.max
      let row = min(oldRow, newRow)
      let before = oldRow == row ? old[oldIndex].line : nil
      let after = newRow == row ? new[newIndex].line : nil
      if oldRow == row { oldIndex += 1 }
      if newRow == row { newIndex += 1 }
      if before != after { changes.append((row, after)) }
    }
    return changes
  }

  /// One line, escaped, cut to `columns`, with its styles when colouring (and the style
  /// reset after it, so the next row's erase uses the default background).
  func render(_ line: StyledLine, columns: Int) -> String {
    let spans = line.spans.map {
      StyledSpan(TerminalText.escaping($0.text, keepingNewlines: false), style: $0.style)
    }
    let fits = spans.reduce(0) { $0 + width.of($1.text) } <= columns
    let ellipsis: Character = "…"
    let budget = fits ? columns : columns - width.of(ellipsis)
    var used = 0
    var output = ""
    var styled = false
    var cut = false
    for span in spans {
      guard !cut else { break }
      var text = ""
      for character in span.text {
        let characterWidth = width.of(character)
        if used + characterWidth > budget {
          cut = true
          break
        }
        text.append(character)
        used += characterWidth
      }
      if cut, budget >= 0 {
        // Pad where a wide character did not fit, so the ellipsis ends at the edge.
        text += String(repeating: " ", count: max(0, budget - used)) + String(ellipsis)
      }
      guard !text.isEmpty else { continue }
      if colour, span.style != .plain || styled {
        output += span.style.sgr
        styled = span.style != .plain
      }
      output += text
    }
    if styled { output += TextStyle.plain.sgr }
    return output
  }
}

/// The live view's chrome around the screen: the key bar laid out by priority, and the
/// status row wrapped at words.
extension LiveLayout {
  /// The most rows the status takes; a longer one is cut at a word with `…`.
  static let statusRowLimit = 2

  /// The last row: the keys of the screen showing (`keys`: its own, then those every screen
  /// shares), or of the input line, question or page open. Fitted to `columns`: the least
  /// important keys give way first (the later first among equals), with `…` where they
  /// were; `? keys` and `q quit` always stay.
  func keyBar(
    _ keys: [KeyHelp], _ overlay: LiveOverlay, columns: Int, pageScrolls: Bool = false
  ) -> String {
    let shown: [KeyHelp]
    if let input = overlay.input {
      shown = LiveKeys.input(isLive: input.isLive, lineBreaks: input.allowsLineBreaks)
    } else if overlay.question != nil {
      shown = LiveKeys.question
    } else if overlay.page != nil {
      shown = LiveKeys.page(scrolls: pageScrolls)
    } else {
      shown = keys
    }
    return fitted(shown, columns: columns)
  }

  /// `keys` as one line of at most `columns` columns, by priority.
  func fitted(_ keys: [KeyHelp], columns: Int) -> String {
    let words = keys.map { "\($0.key) \($0.does.text(language))" }
    var kept = Array(repeating: true, count: keys.count)
    func line() -> String {
      var parts: [String] = []
      for index in keys.indices {
        if kept[index] {
          parts.append(words[index])
        } else if parts.last != "…" {
          parts.append("…")
        }
      }
      return parts.joined(separator: " · ")
    }
    let dropOrder = keys.indices.filter { keys[$0].priority != .essential }
      .sorted { (keys[$0].priority.rawValue, -$0) < (keys[$1].priority.rawValue, -$1) }
    var text = line()
    for index in dropOrder where renderer.width(text) > columns {
      kept[index] = false
      text = line()
    }
    return text
  }

  /// `text` on the status row: one row, or two when it is longer (wrapped at spaces, never
  /// inside a word that fits a row), and cut at a word with `…` past two.
  func statusRows(
    _ text: String, role: TextRole?, columns: Int, limit: Int = statusRowLimit
  ) -> [StyledLine] {
    let escaped = TerminalText.escaping(text, keepingNewlines: false)
    return wrapped(escaped, columns: columns, rows: limit).map {
      styled(ScreenLine($0, as: role))
    }
  }

  /// `text` in rows of at most `columns` columns and at most `rows` rows, broken at spaces;
  /// a word wider than a row is broken where the row ends. Text that does not fit in
  /// `rows` rows ends at the last word that fits with `…` after it.
  func wrapped(_ text: String, columns: Int, rows: Int) -> [String] {
    guard renderer.width(text) > columns, columns > 1, rows > 0 else { return [text] }
    var lines: [String] = []
    var line = ""
    var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var index = 0
    while index < words.count {
      let word = words[index]
      let candidate = line.isEmpty ? word : line + " " + word
      if renderer.width(candidate) <= columns {
        line = candidate
        index += 1
        continue
      }
      if line.isEmpty {
        // A word wider than a row: as much as fits, the rest on the next row.
        let (head, rest) = split(word, columns: columns)
        line = head
        words[index] = rest
      }
      lines.append(line)
      line = ""
      if lines.count == rows { break }
    }
    if lines.count < rows, !line.isEmpty {
      lines.append(line)
      return lines
    }
    guard index < words.count || !line.isEmpty, var last = lines.popLast() else { return lines }
    // More than fits: the last row ends at a word that leaves room for `…`.
    let ellipsis = "…"
    while renderer.width(last + ellipsis) > columns {
      guard let space = last.lastIndex(of: " ") else {
        last = split(last, columns: columns - renderer.width(ellipsis)).head
        break
      }
      last = String(last[..<space])
    }
    lines.append(last + ellipsis)
    return lines
  }

  /// The first characters of `word` that fit `columns`, and the rest.
  private func split(_ word: String, columns: Int) -> (head: String, rest: String) {
    var used = 0
    var end = word.startIndex
    while end < word.endIndex {
      let width = renderer.width(String(word[end]))
      guard used + width <= columns else { break }
      used += width
      end = word.index(after: end)
    }
    if end == word.startIndex, end < word.endIndex { end = word.index(after: end) }
    return (String(word[..<end]), String(word[end...]))
  }
}

/// The live view's chrome around the screen: the key bar laid out by priority, and the
/// status row wrapped at words.
extension LiveLayout {
  /// The most rows the status takes; a longer one is cut at a word with `…`.
  static let statusRowLimit = 2

  /// The last row: the keys of the screen showing (`keys`: its own, then those every screen
  /// shares), or of the input line, question, page or item shown whole (`v`, after its
  /// position) open: only the keys that act there. Fitted to `columns`: the least
  /// important keys give way first (the later first among equals), with `…` where they
  /// were; `? keys` and `q quit` always stay. `pageScrolls`: whether the page or the item
  /// shown whole is longer than its rows.
  func keyBar(
    _ keys: [KeyHelp], _ overlay: LiveOverlay, columns: Int, pageScrolls: Bool = false
  ) -> String {
    if let input = overlay.input {
      let shown = LiveKeys.input(
        isLive: input.isLive, lineBreaks: input.allowsLineBreaks, history: overlay.hasHistory,
        yanks: overlay.yanks)
      return fitted(shown, columns: columns)
    } else if overlay.question != nil {
      return fitted(LiveKeys.question, columns: columns)
    } else if overlay.page != nil {
      return fitted(LiveKeys.page(scrolls: pageScrolls), columns: columns)
    } else if let detail = overlay.detail {
      let shown = LiveKeys.detail(scrolls: pageScrolls)
      guard let position = detail.position else { return fitted(shown, columns: columns) }
      let room = columns - renderer.width(position) - 3
      return position + " · " + fitted(shown, columns: room)
    }
    return fitted(keys, columns: columns)
  }

  /// `page`'s lines as rows of a terminal `columns` wide (less the two columns the page is
  /// indented by): a line too long for a row wraps at spaces, its further rows indented
  /// two more than it is, so `?` and `help` show whole at any width.
  func pageLines(_ page: [String], columns: Int) -> [String] {
    let width = columns - 2
    guard width > 4 else { return page }
    return page.flatMap { line -> [String] in
      guard renderer.width(line) > width else { return [line] }
      let rows = wrapped(line, columns: width)
      guard rows.count > 1 else { return rows }
      let indent = min(line.prefix { $0 == " " }.count + 2, width / 2)
      let rest = rows.dropFirst().joined()
      let more = wrapped(rest, columns: width - indent).map {
        String(repeating: " ", count: indent) + $0
      }
      return ([rows[0]] + more).map(Self.trailingSpacesDropped)
    }
  }

  private static func trailingSpacesDropped(_ row: String) -> String {
    var row = row
    while row.last == " " { row.removeLast() }
    return row
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

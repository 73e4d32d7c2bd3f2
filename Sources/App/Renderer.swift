import Foundation
import PocketDomain
import PocketPresentation

/// Plain-text screens: a pure function of view-model state and the string table. Each
/// screen's own lines are drawn in its folder (`App/Screens/<Name>/`); this is what every
/// screen shares: the tab line, the message line, and the layout helpers.
package struct Renderer {
  let strings: Strings
  /// The colours of a terminal; `nil`: text alone (not a terminal, NO_COLOR, --color never).
  let palette: Palette?
  /// The screens: the tabs of the tab line and each screen's hint line.
  let registry: ScreenRegistry
  /// Whether East Asian Ambiguous characters (★ · ›) take two columns. The live view sets
  /// what the terminal answered (`CursorReport`); line mode cannot ask, and guesses two in
  /// Korean, as terminals set up for Korean may draw them.
  var ambiguousIsWide: Bool
  /// Whether the screens are drawn for the live view, where a line may name a key (the
  /// rates' `Filter: krw · Esc clears`); line mode names none.
  var isLive = false

  package init(strings: Strings, palette: Palette? = nil) {
    self.init(strings: strings, palette: palette, registry: .standard)
  }

  init(strings: Strings, palette: Palette? = nil, registry: ScreenRegistry) {
    self.strings = strings
    self.palette = palette
    self.registry = registry
    ambiguousIsWide = strings.language == .ko
  }

  /// The tab line, the screen, the screen's hint line, and a last line for `message` when
  /// there is one.
  package func render(_ content: ScreenContent, message: Message? = nil) -> String {
    var lines = screenLines(content)
    if let hint = registry.feature(showing: content.screen)?.tab?.hint {
      lines += ["", ScreenLine(strings.commandsHint(hint), as: .hint)]
    }
    if let message {
      lines += ["", ScreenLine(strings.text(message), as: message.isRefusal ? .error : nil)]
    }
    return lines.map(text).concatenated(separator: "\n") + "\n"
  }

  /// The tab line and the screen's own lines, styled, without the hint line: what both
  /// presenters draw (the live view puts its key bar where line mode puts the hint).
  package func screenLines(_ content: ScreenContent) -> [ScreenLine] {
    [tabLine(registry.tabIndex(of: content.screen)), ""] + content.state.lines(self)
  }

  /// A line as text. A line break inside a field (a message, a title) would fake a row of
  /// its own, so every control is escaped.
  package func text(_ line: ScreenLine) -> String {
    palette?.text(line) ?? TerminalText.escaping(line.text, keepingNewlines: false)
  }

  /// The titles of the tabs, the one at `current` marked.
  func tabLine(_ current: Int?) -> ScreenLine {
    tabLine(current, titles: registry.tabs.map { $0.tab.title.text(strings.language) })
  }

  /// The tab line cut to `columns` so the current tab always shows whole: the others are
  /// shortened to their first letters, as few as fit (`Rat  [Stopwatch]  Not  Boo…`), and
  /// at the narrowest the tabs farthest from the current one give way to `…`.
  func tabLine(_ current: Int?, fitting columns: Int) -> ScreenLine {
    let titles = registry.tabs.map { $0.tab.title.text(strings.language) }
    let full = tabLine(current, titles: titles)
    guard width(full.text) > columns, let current else { return full }
    let longest = titles.map(\.count).max() ?? 0
    for letters in stride(from: longest - 1, through: 1, by: -1) {
      let short = titles.enumerated().map {
        $0.offset == current ? $0.element : Self.abbreviated($0.element, letters)
      }
      let line = tabLine(current, titles: short)
      if width(line.text) <= columns { return line }
    }
    // Tabs give way from the far ends, the farther first, until the rest fit.
    let short = titles.enumerated().map {
      $0.offset == current ? $0.element : Self.abbreviated($0.element, 1)
    }
    var (first, last) = (0, titles.count - 1)
    while first < last {
      if current - first >= last - current { first += 1 } else { last -= 1 }
      let line = tabLine(current, titles: short, showing: first...last)
      if width(line.text) <= columns { return line }
    }
    return tabLine(current, titles: short, showing: current...current)
  }

  /// The first `letters` characters of `title`, without a space at their end.
  private static func abbreviated(_ title: String, _ letters: Int) -> String {
    String(title.prefix(letters)).trimmingCharacters(in: .whitespaces)
  }

  /// `titles` as a tab line, the one at `current` marked, only those in `shown` (all by
  /// default), `…` where some are left out.
  private func tabLine(
    _ current: Int?, titles: [String], showing shown: ClosedRange<Int>? = nil
  ) -> ScreenLine {
    let shown = shown ?? 0...max(0, titles.count - 1)
    var line = ScreenLine(shown.lowerBound > 0 ? "…  " : "")
    for (index, title) in titles.enumerated() where shown.contains(index) {
      if index > shown.lowerBound { line.append("  ") }
      line.append(index == current ? ScreenLine("[\(title)]", as: .currentTab) : ScreenLine(title))
    }
    if shown.upperBound < titles.count - 1 { line.append("  …") }
    return line
  }

  /// Rows numbered by their place in the whole list; continuation lines are indented under
  /// the first. When the list has more than one page, a last line says which page shows.
  func numbered<Item>(
    _ page: Page<Item>, page number: Int, of count: Int, _ row: (Item) -> [ScreenLine]
  ) -> [ScreenLine] {
    let width = String(page.offset + page.items.count).count
    var lines: [ScreenLine] = []
    for (index, item) in page.items.enumerated() {
      let parts = row(item)
      let number = page.offset + index + 1
      var first: ScreenLine = "\(rightAligned(String(number), width))  \(parts[0])"
      first.item = parts[0].item ?? ListItem(number: number)
      first.item?.number = number
      first.item?.total = page.total
      lines.append(first)
      lines += parts.dropFirst().map { "\(String(repeating: " ", count: width + 2))\($0)" }
    }
    return lines
      + pageLine(number, of: count, offset: page.offset, shown: page.items.count, total: page.total)
  }

  /// `text` a line each where it breaks (`\n`, or `\r\n`): a message or a note written
  /// over several lines; one line (the text) when it does not break.
  static func lines(of text: String) -> [String] {
    // `\r\n` is one `Character`: split on it as on `\n`.
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
  }

  /// A blank line and which page of a long list shows; nothing for a list of one page.
  func pageLine(_ number: Int, of count: Int, offset: Int, shown: Int, total: Int) -> [ScreenLine] {
    guard count > 1, shown > 0 else { return [] }
    var line = ScreenLine(
      strings.pageLine(
        number, of: count, items: (offset + 1)...(offset + shown), total: total, live: isLive))
    line.isPageLine = true
    return ["", line]
  }

  /// How wide text shows: ambiguous-width characters (★) as `ambiguousIsWide` says (see
  /// `DisplayWidth`).
  var displayWidth: DisplayWidth { DisplayWidth(ambiguousIsWide: ambiguousIsWide) }

  /// The terminal columns `text` takes.
  func width(_ text: String) -> Int { displayWidth.of(text) }

  /// `text` filled with spaces on its left to `width` columns (numbers).
  func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - self.width(text))) + text
  }

  /// `text` filled with spaces on its right to `width` columns (labels).
  func leftAligned(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - self.width(text)))
  }

  /// The favourite mark, or blanks as wide as the mark shows.
  func star(_ isMarked: Bool) -> ScreenLine {
    ScreenLine(leftAligned(isMarked ? "★" : "", width("★")), as: isMarked ? .favourite : nil)
  }
}

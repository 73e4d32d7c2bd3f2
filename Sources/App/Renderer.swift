import Domain
import Foundation
import Presentation

/// Plain-text screens: a pure function of view-model state and the string table. Each
/// screen's own lines are drawn in its folder (`App/Screens/<Name>/`); this is what every
/// screen shares: the tab line, the message line, and the layout helpers.
package struct Renderer {
  let strings: Strings
  /// The colours of a terminal; `nil`: text alone (not a terminal, NO_COLOR, --color never).
  let palette: Palette?
  /// The screens: the tabs of the tab line and each screen's hint line.
  let registry: ScreenRegistry
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
  }

  /// The tab line, the screen, the screen's hint line, and a last line for `message` when
  /// there is one.
  package func render(_ content: ScreenContent, message: Message? = nil) -> String {
    var lines = screenLines(content)
    if let hint = registry.feature(showing: content.screen)?.tab?.hint {
      lines += ["", ScreenLine(strings.commandsHint(hint.text(strings.language)), as: .hint)]
    }
    if let message {
      lines += ["", ScreenLine(strings.text(message), as: message.isRefusal ? .error : nil)]
    }
    return lines.map(text).joined(separator: "\n") + "\n"
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
    var line = ScreenLine("")
    for (index, tab) in registry.tabs.enumerated() {
      if index > 0 { line.append("  ") }
      let title = tab.tab.title.text(strings.language)
      line.append(
        index == current ? ScreenLine("[\(title)]", as: .currentTab) : ScreenLine(title))
    }
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
      lines.append(first)
      lines += parts.dropFirst().map { "\(String(repeating: " ", count: width + 2))\($0)" }
    }
    return lines
      + pageLine(number, of: count, offset: page.offset, shown: page.items.count, total: page.total)
  }

  /// A blank line and which page of a long list shows; nothing for a list of one page.
  func pageLine(_ number: Int, of count: Int, offset: Int, shown: Int, total: Int) -> [ScreenLine] {
    guard count > 1, shown > 0 else { return [] }
    return [
      "",
      ScreenLine(
        strings.pageLine(number, of: count, items: (offset + 1)...(offset + shown), total: total)),
    ]
  }

  /// How wide text shows: ambiguous-width characters (★) count as wide in Korean, as
  /// terminals set up for Korean show them (see `DisplayWidth`).
  var displayWidth: DisplayWidth { DisplayWidth(ambiguousIsWide: strings.language == .ko) }

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

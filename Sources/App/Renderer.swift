import Domain
import Foundation
import Presentation

/// Plain-text screens: a pure function of view-model state and the string table. Each
/// screen's own lines are drawn in its folder (`App/Screens/<Name>/`); this is what every
/// screen shares: the tab line, the message line, and the layout helpers.
package struct Renderer {
  let strings: Strings

  package init(strings: Strings) { self.strings = strings }

  /// The tab line, the screen, the screen's hint line, and a last line for `message` when
  /// there is one.
  package func render(_ content: ScreenContent, message: Message? = nil) -> String {
    var lines = [tabLine(content.screen.tab), ""] + content.state.lines(self)
    if let hint = strings.hint(content.screen) {
      lines += ["", hint]
    }
    if let message {
      lines += ["", strings.text(message)]
    }
    // A line break inside a field (a message, a title) would fake a row of its own.
    return lines.map { TerminalText.escaping($0, keepingNewlines: false) }
      .joined(separator: "\n") + "\n"
  }

  func tabLine(_ current: Tab) -> String {
    Tab.allCases.map { $0 == current ? "[\(strings.title($0))]" : strings.title($0) }
      .joined(separator: "  ")
  }

  /// Rows numbered by their place in the whole list; continuation lines are indented under
  /// the first. When the list has more than one page, a last line says which page shows.
  func numbered<Item>(
    _ page: Page<Item>, page number: Int, of count: Int, _ row: (Item) -> [String]
  ) -> [String] {
    let width = String(page.offset + page.items.count).count
    var lines: [String] = []
    for (index, item) in page.items.enumerated() {
      let parts = row(item)
      lines.append("\(rightAligned(String(page.offset + index + 1), width))  \(parts[0])")
      lines += parts.dropFirst().map { String(repeating: " ", count: width + 2) + $0 }
    }
    return lines
      + pageLine(number, of: count, offset: page.offset, shown: page.items.count, total: page.total)
  }

  /// A blank line and which page of a long list shows; nothing for a list of one page.
  func pageLine(_ number: Int, of count: Int, offset: Int, shown: Int, total: Int) -> [String] {
    guard count > 1, shown > 0 else { return [] }
    return [
      "", strings.pageLine(number, of: count, items: (offset + 1)...(offset + shown), total: total),
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
  func star(_ isMarked: Bool) -> String {
    leftAligned(isMarked ? "★" : "", width("★"))
  }
}

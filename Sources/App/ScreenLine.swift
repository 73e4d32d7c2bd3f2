import Foundation

/// What a part of a screen's text means. The renderers say it; a presenter that colours
/// gives each role a style (`Palette`), and one that does not shows the text alone, so
/// nothing is said by colour only: the marks and words are in the text either way.
package enum TextRole: Sendable, Hashable {
  /// A rate that rose (🔼).
  case rise
  /// A rate that fell (🔽).
  case fall
  /// The fastest lap's mark.
  case fastest
  /// The slowest lap's mark.
  case slowest
  /// A favourite currency or a bookmarked notice (★).
  case favourite
  /// The tab of the screen showing.
  case currentTab
  /// A refusal's reason.
  case error
  /// The running lap, whose time is still counting.
  case running
  /// Lines that say how to go on (the hint line, the key bar).
  case hint
}

/// The item of a list a screen line shows, as commands name it, so a presenter can act on a
/// selected row with the same commands a user types.
package struct ListItem: Equatable, Sendable {
  /// The number commands take (`delete 3`): its place in the whole list.
  package var number: Int?
  /// The currency code, for a rate.
  package var code: String?
  /// The text a user would edit (a message, a note, a title).
  package var text: String?
  /// The item's day, for a mind-log entry.
  package var date: Date?
  /// How many items the whole list has, when it shows a page of them: the `v` view says
  /// `3 of 74`. `nil`: the items the screen shows.
  package var total: Int?
  /// Its row in the whole list, from the top, for the live view's position line (`rows
  /// 54–73 of 1,000`), and how many rows the whole list has: `nil` when they are its number
  /// and `total` (a lap's number counts from the bottom).
  package var place: Int?
  package var rows: Int?

  package init(number: Int? = nil, code: String? = nil, text: String? = nil, date: Date? = nil) {
    self.number = number
    self.code = code
    self.text = text
    self.date = date
  }

  /// Whether `other` shows the same item on a screen without numbered rows (`ShownItem`):
  /// the same currency on the rates, the same lap (a lap's number is its own, not its
  /// place) on the stopwatch.
  package func isSameItem(as other: ListItem) -> Bool {
    if let code { return code == other.code }
    return number != nil && number == other.number
  }
}

/// One line of a screen: its text in runs, each with what it means, and the list item it
/// shows when it is the first line of one. Written as a string literal or interpolation:
/// `"\(number)  \(mark, as: .fastest)"`.
package struct ScreenLine: Equatable, Sendable, ExpressibleByStringInterpolation {
  package struct Run: Equatable, Sendable {
    package var text: String
    package var role: TextRole?
  }

  package private(set) var runs: [Run]
  package var item: ListItem?
  /// Whether this is the line that says which page of a list shows: the live view keeps it
  /// in sight when the list is taller than the terminal.
  package var isPageLine = false

  package init(_ text: String, as role: TextRole? = nil, item: ListItem? = nil) {
    runs = text.isEmpty ? [] : [Run(text: text, role: role)]
    self.item = item
  }

  package init(stringLiteral text: String) { self.init(text) }

  package init(stringInterpolation: Interpolation) {
    self = stringInterpolation.line
  }

  /// The text alone, as line mode prints it without colour.
  package var text: String { runs.map(\.text).concatenated() }

  /// This line marked as the first line of `item`.
  package func showing(_ item: ListItem?) -> ScreenLine {
    var line = self
    line.item = item
    return line
  }

  package static func + (lhs: ScreenLine, rhs: ScreenLine) -> ScreenLine {
    var line = lhs
    line.append(rhs)
    return line
  }

  package mutating func append(_ other: ScreenLine) {
    for run in other.runs { append(run.text, as: run.role) }
    item = item ?? other.item
  }

  fileprivate mutating func append(_ text: String, as role: TextRole?) {
    guard !text.isEmpty else { return }
    if let last = runs.last, last.role == role {
      runs[runs.count - 1].text += text
    } else {
      runs.append(Run(text: text, role: role))
    }
  }

  package struct Interpolation: StringInterpolationProtocol {
    fileprivate var line = ScreenLine("")

    package init(literalCapacity: Int, interpolationCount: Int) {}

    package mutating func appendLiteral(_ literal: String) { line.append(literal, as: nil) }

    package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      line.append(value.description, as: nil)
    }

    package mutating func appendInterpolation(_ text: String, as role: TextRole?) {
      line.append(text, as: role)
    }

    package mutating func appendInterpolation(_ other: ScreenLine) { line.append(other) }
  }
}

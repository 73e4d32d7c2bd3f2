import PocketPresentation

/// The body as the live view shows it: the screen's own lines above its list (its header,
/// held at the top), the lines that scroll and the rows they have, and the lines held at
/// the bottom whatever the scroll (the `new messages ↓` mark, then which rows of the
/// whole list show) when the list does not fit its rows.
struct LiveViewport {
  /// The lines above the list's first item, held at the top while the list scrolls under
  /// them: empty when they all scroll (a list that fits, or a terminal too short to hold
  /// them and the list).
  var head: [ScreenLine] = []
  var lines: [ScreenLine]
  var height: Int
  var footer: [ScreenLine] = []
  /// Whether the last row says which rows of the whole list show (`rows 54–73 of 1,000`).
  var showsPosition = false

  /// The scroll that shows the last line.
  var bottom: Int { max(0, lines.count - height) }

  /// `scroll` kept within the lines.
  func clamped(_ scroll: Int) -> Int { min(max(0, scroll), bottom) }

  /// The head as it shows with the lines from `first` under it: its last line, when it
  /// names a part of the list (the chat's day), names the part the first line shown is
  /// in, so the day of the messages in view is always in sight.
  func head(showing first: Int) -> [ScreenLine] {
    guard var last = head.last, Self.isSection(last), first > 0, first <= lines.count else {
      return head
    }
    if let section = lines[..<first].last(where: Self.isSection) { last = section }
    return head.dropLast() + [last]
  }

  /// A line that names the part of the list under it: not an item, not blank, not
  /// indented (an item's second line is).
  private static func isSection(_ line: ScreenLine) -> Bool {
    line.item == nil && !line.isPageLine && !(line.text.first?.isWhitespace ?? true)
  }

  /// The rows of the whole list the items showing from `first` are, and how many it has:
  /// `nil` when the position is not shown, or no item starts in view.
  func position(showing first: Int) -> (first: Int, last: Int, of: Int)? {
    guard showsPosition else { return nil }
    let shown = lines.indices.dropFirst(first).prefix(height)
    var place = lines[..<first].filter { $0.item != nil }.count
    var low: Int?
    var high = 0
    var count = 0
    for index in shown {
      guard let item = lines[index].item else { continue }
      place += 1
      let row = item.place ?? item.number ?? place
      low = min(low ?? row, row)
      high = max(high, row)
      count = item.rows ?? item.total ?? LiveLayout.itemCount(lines)
    }
    return low.map { ($0, high, count) }
  }
}

extension LiveLayout {
  /// How `body` shows in `rows` rows, with `mark` under it. A one-shot command's page line
  /// is left out: the live view scrolls through the whole list and, for a list read a
  /// window at a time, says which rows show instead, on the last row, when the list does
  /// not fit (or the whole list has more items than the body holds). The lines above the first item (the chat's count and day) are
  /// held at the top when they take at most half the rows.
  static func viewport(_ body: [ScreenLine], rows: Int, mark: ScreenLine?) -> LiveViewport {
    var lines = body
    if let last = lines.last, last.isPageLine {
      lines.removeLast()
      if lines.last?.text.isEmpty == true { lines.removeLast() }
    }
    let items = itemCount(lines)
    // A list read a window at a time says how long it is whole; the others are all here.
    let whole = lines.first { $0.item != nil }?.item.flatMap { $0.rows ?? $0.total }
    let all = lines.count + (mark == nil ? 0 : 1)
    guard all > rows || (whole ?? 0) > items else {
      return LiveViewport(lines: lines + (mark.map { [$0] } ?? []), height: rows)
    }
    var footer = mark.map { [$0] } ?? []
    var showsPosition = whole != nil
    // The smallest terminal has rows for the footer and a line of the list.
    if footer.count + (showsPosition ? 1 : 0) >= rows { showsPosition = false }
    while footer.count >= rows { footer.removeFirst() }
    var height = rows - footer.count - (showsPosition ? 1 : 0)
    var head: [ScreenLine] = []
    if let firstItem = lines.firstIndex(where: { $0.item != nil }), firstItem > 0,
      firstItem * 2 <= height
    {
      head = Array(lines[..<firstItem])
      lines.removeFirst(firstItem)
      height -= head.count
    }
    return LiveViewport(
      head: head, lines: lines, height: height, footer: footer, showsPosition: showsPosition)
  }
}

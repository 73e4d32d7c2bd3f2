/// The lines submitted on the live view's input lines in this session, one list for each
/// screen's feature and one for the `:` line, oldest first: what ↑ and ↓ recall, as a
/// shell's history does. Kept in memory only, the last `limit` of each list.
struct InputHistory: Equatable {
  /// The most lines one list keeps.
  static let limit = 100

  private var lists: [String: [String]] = [:]

  /// The lines of list `key`, oldest first.
  func lines(_ key: String) -> [String] { lists[key] ?? [] }

  /// Adds `line` to list `key`, unless it is empty or repeats the newest.
  mutating func record(_ line: String, in key: String) {
    guard !line.isEmpty, lists[key]?.last != line else { return }
    lists[key, default: []].append(line)
    if let count = lists[key]?.count, count > Self.limit {
      lists[key]?.removeFirst(count - Self.limit)
    }
  }
}

/// Where ↑ and ↓ stand in the history while an input line is open: the line recalled, and
/// the line that was being typed, which ↓ past the newest gives back.
struct HistoryBrowsing: Equatable {
  var index: Int
  var draft: InputLine
}

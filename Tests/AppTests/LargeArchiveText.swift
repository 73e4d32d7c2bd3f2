import Foundation
import PocketData

/// The text `pocket export` writes for a store holding `count` records of each kind asked
/// for, written here by hand from the format (two-space indentation, keys sorted, an empty
/// list as `[`, a blank line, `]`), so that a test can compare an export with it byte for
/// byte without asking the encoder under test.
struct LargeArchiveText {
  enum Kind: String, CaseIterable, Sendable {
    case laps, bookmarks, mindLogs, messages
  }

  var count: Int
  var kinds: Set<Kind>

  /// The first date written, 2024-01-01; record `i` is `i` seconds later.
  static let firstDateMs: Int64 = 1_704_067_200_000

  private func has(_ kind: Kind) -> Bool { kinds.contains(kind) }

  /// Appends the list of `count` records, `record(i)` giving record `i`'s lines (each
  /// without the indentation of the list's depth `indent`).
  private func list(_ text: inout String, indent: String, _ record: (Int) -> [String]) {
    guard count > 0 else {
      text += "[\n\n\(indent)]"
      return
    }
    text += "[\n"
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += "\(indent)  {\n"
      for line in record(index) { text += "\(indent)    \(line)\n" }
      text += "\(indent)  }"
    }
    text += "\n\(indent)]"
  }

  private func listOrEmpty(
    _ kind: Kind, _ text: inout String, indent: String, _ record: (Int) -> [String]
  ) {
    if has(kind) {
      list(&text, indent: indent, record)
    } else {
      text += "[\n\n\(indent)]"
    }
  }

  var text: String {
    var text = "{\n  \"bookmarks\" : "
    text.reserveCapacity(count * 140 * kinds.count + 1_000)
    listOrEmpty(.bookmarks, &text, indent: "  ") { index in
      let date = Self.firstDateMs + Int64(index) * 1_000
      return [
        "\"bookmarkedAtMs\" : \(date),", "\"noticeDateMs\" : \(date - 86_400_000),",
        "\"title\" : \"Notice number \(index)\",",
        "\"url\" : \"https://example.com/notices/\(index)\"",
      ]
    }
    let messages = has(.messages) ? count : 0
    text += ",\n  \"chat\" : {\n    \"lastID\" : \(messages),\n    \"messages\" : "
    listOrEmpty(.messages, &text, indent: "    ") { index in
      [
        "\"content\" : \"Benchmark message \(index)\",",
        "\"dateMs\" : \(Self.firstDateMs + Int64(index) * 1_000),", "\"id\" : \(index + 1),",
        "\"isEdited\" : \(index % 7 == 3)",
      ]
    }
    text += "\n  },\n  \"format\" : \"pocket-json\",\n  \"laps\" : "
    listOrEmpty(.laps, &text, indent: "  ") { index in
      // Lap n takes 1000 + n % 500 ms, so its total is the sum of those before.
      let lapTime = 1_000 + index % 500
      return [
        "\"lapTimeMs\" : \(lapTime),", "\"number\" : \(index + 1),",
        "\"totalMs\" : \(Self.lapTotal(index + 1))",
      ]
    }
    let entries = has(.mindLogs) ? count : 0
    text += ",\n  \"mindLog\" : {\n    \"entries\" : "
    listOrEmpty(.mindLogs, &text, indent: "    ") { index in
      [
        "\"dateMs\" : \(Self.firstDateMs + Int64(index) * 1_000),", "\"id\" : \(index + 1),",
        "\"note\" : \"Feeling number \(index)\",", "\"score\" : \"\(index % 11)\"",
      ]
    }
    text += ",\n    \"lastID\" : \(entries)\n  },\n"
    text += "  \"rates\" : {\n    \"favorites\" : [\n\n    ]\n  },\n"
    let accumulated = has(.laps) ? Self.lapTotal(count) : 0
    text += "  \"stopwatch\" : {\n    \"accumulatedMs\" : \(accumulated)\n  },\n"
    text += "  \"version\" : \(ArchiveFile.formatVersion)\n}\n"
    return text
  }

  /// The total of lap `number`: the sum of the lap times 1000 + i % 500 for i below it.
  static func lapTotal(_ number: Int) -> Int {
    let whole = number / 500
    let rest = number % 500
    return number * 1_000 + whole * (499 * 500 / 2) + (rest * (rest - 1)) / 2
  }
}

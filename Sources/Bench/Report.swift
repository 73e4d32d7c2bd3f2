import Foundation

/// Timings of one measured point, in microseconds.
struct Samples: Equatable, Sendable {
  /// Sorted, fastest first.
  let microseconds: [Double]

  init(_ durations: [Duration]) {
    microseconds = durations.map(Self.microseconds).sorted()
  }

  static func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }

  var median: Double {
    let count = microseconds.count
    guard count > 0 else { return 0 }
    if count % 2 == 1 { return microseconds[count / 2] }
    return (microseconds[count / 2 - 1] + microseconds[count / 2]) / 2
  }

  /// The nearest-rank 99th percentile: the smallest sample at or above 99 % of them.
  var p99: Double {
    guard !microseconds.isEmpty else { return 0 }
    let rank = Int((0.99 * Double(microseconds.count)).rounded(.up))
    return microseconds[max(0, rank - 1)]
  }

  var mean: Double {
    microseconds.isEmpty ? 0 : microseconds.reduce(0, +) / Double(microseconds.count)
  }

  /// Operations per second at the mean time of one.
  var opsPerSecond: Double { mean > 0 ? 1e6 / mean : 0 }
}

/// A target from the issue, and whether a figure met it.
struct Goal: Equatable, Sendable {
  var text: String
  var met: Bool

  /// Several goals of one row: met when each is.
  static func all(_ goals: [Goal]) -> Goal? {
    guard !goals.isEmpty else { return nil }
    return Goal(
      text: goals.map(\.text).joined(separator: "; "), met: goals.allSatisfy(\.met))
  }
}

/// One row of the report: a (workload, store, rows) point. Figures that do not apply are nil.
struct BenchResult: Equatable, Sendable {
  var workload: String
  var store: String
  var rows: Int?
  var medianMicroseconds: Double?
  var p99Microseconds: Double?
  var opsPerSecond: Double?
  var peakRSSKilobytes: Int?
  /// CPU time per action (user plus system), where it is measured.
  var cpuMicroseconds: Double?
  /// The figure a goal compares, when it is a ratio (bulk: of raw SQLite; memory: of empty).
  var ratio: Double?
  /// What the ratio is taken against, in the same unit as the figure it divides (µs, or
  /// KiB for memory), measured in the same run.
  var baseline: Double?
  /// The baseline's name (`bench-hello`, `sqlite3`, `raw commit`, `1,000 rows`, …).
  var baselineName: String?
  var goal: Goal?
  /// What a row without a goal says of its figure (its ratio, its rounds), or why it has
  /// none.
  var note: String?

  init(
    workload: String, store: String, rows: Int?, samples: Samples? = nil,
    opsPerSecond: Double? = nil, peakRSSKilobytes: Int? = nil, ratio: Double? = nil,
    goal: Goal? = nil
  ) {
    self.workload = workload
    self.store = store
    self.rows = rows
    self.medianMicroseconds = samples?.median
    self.p99Microseconds = samples?.p99
    self.opsPerSecond = opsPerSecond ?? samples?.opsPerSecond
    self.peakRSSKilobytes = peakRSSKilobytes
    self.ratio = ratio
    self.goal = goal
  }

  /// The row of a goal that was not measured here: `<workload> (skipped: <why>)`, which
  /// the README summary lists among the rows without a figure.
  static func skipped(_ workload: String, _ why: String, store: String = "sqlite")
    -> BenchResult
  {
    BenchResult(workload: "\(workload) (skipped: \(why))", store: store, rows: nil)
  }

  /// One JSON object on one line, keys in a fixed order; figures that do not apply are left
  /// out.
  var jsonLine: String {
    var fields = ["\"workload\":\(Self.quoted(workload))", "\"store\":\(Self.quoted(store))"]
    if let rows { fields.append("\"rows\":\(rows)") }
    if let medianMicroseconds { fields.append("\"median_us\":\(Self.number(medianMicroseconds))") }
    if let p99Microseconds { fields.append("\"p99_us\":\(Self.number(p99Microseconds))") }
    if let opsPerSecond { fields.append("\"ops_per_s\":\(Self.number(opsPerSecond))") }
    if let peakRSSKilobytes { fields.append("\"peak_rss_kb\":\(peakRSSKilobytes)") }
    if let cpuMicroseconds { fields.append("\"cpu_us\":\(Self.number(cpuMicroseconds))") }
    if let ratio { fields.append("\"ratio\":\(Self.number(ratio, digits: 3))") }
    if let baseline { fields.append("\"baseline\":\(Self.number(baseline))") }
    if let baselineName { fields.append("\"baseline_name\":\(Self.quoted(baselineName))") }
    if let goal {
      fields.append("\"goal\":\(Self.quoted(goal.text))")
      fields.append("\"pass\":\(goal.met)")
    }
    if let note { fields.append("\"note\":\(Self.quoted(note))") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  private static func number(_ value: Double, digits: Int = 1) -> String {
    guard value.isFinite else { return "null" }
    return String(format: "%.\(digits)f", value)
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

/// Prints results as they come: a table for people, or JSON lines.
struct TableFormat {
  private static let columns: [(title: String, width: Int, left: Bool)] = [
    ("workload", 21, true), ("store", 10, true), ("rows", 9, false), ("median µs", 12, false),
    ("p99 µs", 12, false), ("ops/s", 10, false), ("peak RSS KiB", 13, false), ("goal", 0, true),
  ]

  static var header: String {
    let titles = line(columns.map(\.title))
    let rule = String(repeating: "-", count: titles.count + 30)
    return titles + "\n" + rule
  }

  static func row(_ result: BenchResult) -> String {
    var goal = result.goal.map { "\($0.met ? "✓" : "✗") \($0.text)" } ?? result.note ?? ""
    if let baseline = result.baseline {
      // The baseline side by side: what it is and its own figure from the same run.
      goal +=
        " [baseline \(result.baselineName ?? "")\(result.baselineName == nil ? "" : ": ")"
        + "\(decimal(baseline))]"
    }
    return line([
      result.workload, result.store, result.rows.map(grouped) ?? "",
      result.medianMicroseconds.map(decimal) ?? "", result.p99Microseconds.map(decimal) ?? "",
      result.opsPerSecond.map(decimal) ?? "", result.peakRSSKilobytes.map(grouped) ?? "", goal,
    ])
  }

  private static func line(_ cells: [String]) -> String {
    zip(columns, cells).map { column, cell in
      let padding = String(repeating: " ", count: max(0, column.width - cell.count))
      return column.left ? cell + padding : padding + cell
    }
    .joined(separator: " ")
  }

  static func grouped(_ value: Int) -> String {
    value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }

  /// Whole numbers from 100 on, one decimal below.
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    if value >= 100 { return grouped(Int(value.rounded())) }
    return String(format: "%.1f", value)
  }
}

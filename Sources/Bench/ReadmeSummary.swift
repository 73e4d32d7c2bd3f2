import Foundation

/// The README's performance figures, from the same `--process --markdown` run as the
/// benchmarks page: a short table (goal, figure, verdict) with the machine and the time of
/// the run, written between two markers of the README so the prose around it stays as
/// written.
struct ReadmeSummary: Sendable {
  static let beginMarker = "<!-- pocket-bench readme begin -->"
  static let endMarker = "<!-- pocket-bench readme end -->"

  var command: String
  var machine: String
  var date: Date
  /// Whether the run was `--quick` (small stores: the figures are only indicative).
  var quick: Bool
  var results: [BenchResult]

  init(_ report: MarkdownReport) {
    command = report.command
    machine = report.machine
    date = report.date
    quick = report.quick
    results = report.results
  }

  /// What each goal of `pocket-bench --process` is called.
  static let goalNames = [
    1: "Start-up against bench-hello", 2: "`say` against the sqlite3 shell",
    3: "Durable actions against a raw commit", 4: "Flat at a million", 5: "The json store",
    6: "Export and import of every kind", 7: "The live view", 8: "The store followed",
    9: "The live view's keys", 10: "The postgres store", 11: "The installed binary",
  ]

  /// The block, markers included: one row per goal measured, in the order the run gave
  /// them. Its figure names every measurement that missed its goal (or that was not
  /// measured), each with its headline figure; a goal met everywhere says how many it met.
  var block: String {
    var lines = [
      Self.beginMarker,
      "Measured by `\(command)` on \(MarkdownReport.timestamp(date)) UTC, \(machine)."
        + (quick
          ? " A `--quick` run: stores of 10,000 records where the goals name 100,000 or a"
            + " million, so the figures are indicative."
          : ""),
      "",
      "| goal | figure | verdict |",
      "| --- | --- | --- |",
    ]
    var order: [Int] = []
    var rows: [Int: [BenchResult]] = [:]
    for result in results {
      guard let number = Int(result.workload.prefix { $0.isNumber }) else { continue }
      if rows[number] == nil { order.append(number) }
      rows[number, default: []].append(result)
    }
    let names = Dictionary(grouping: results, by: \.workload).mapValues(\.count)
    for number in order {
      let group = rows[number] ?? []
      let judged = group.filter { $0.goal != nil }
      let unmeasured = group.filter {
        $0.goal == nil && ($0.workload.contains("skipped") || $0.workload.contains("failed"))
      }
      guard !judged.isEmpty || !unmeasured.isEmpty else { continue }
      let met = judged.filter { $0.goal?.met == true }.count
      func name(_ result: BenchResult) -> String {
        let bare = String(result.workload.drop { $0.isNumber }.drop { $0 == " " })
        return (names[result.workload] ?? 0) > 1 ? "\(bare) (\(result.store))" : bare
      }
      let missed = judged.filter { $0.goal?.met == false }.map {
        "\(name($0)): \(Self.headline($0.goal?.text ?? ""))"
      }
      let figure =
        missed.isEmpty && unmeasured.isEmpty
        ? "\(met) of \(judged.count) measurements within their goals"
        : (missed + unmeasured.map { "\(name($0)): not measured" }).joined(separator: "; ")
      let verdict =
        met == judged.count && unmeasured.isEmpty
        ? "✓ met"
        : "✗ \(met) of \(judged.count + unmeasured.count) met"
      lines.append(Self.row("\(number). \(Self.goalNames[number] ?? "")", figure, verdict))
    }
    lines.append(Self.endMarker)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A goal's text without what it says of its rounds (`StableRounds.describe`) and
  /// anything after.
  static func headline(_ text: String) -> String {
    guard let match = text.firstMatch(of: /; [0-9]+ rounds?,\s/) else { return text }
    return String(text[..<match.range.lowerBound])
  }

  private static func row(_ cells: String...) -> String {
    "| "
      + cells.map {
        $0.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
      }
      .joined(separator: " | ") + " |"
  }

  /// `readme` with this block in place of the one between the markers.
  /// - Throws: when `readme` has not both markers, in that order: where the figures go in a
  ///   README is for its writer to say.
  func splice(into readme: String) throws(BenchError) -> String {
    guard
      let replaced = MarkdownReport.replace(
        Self.beginMarker, Self.endMarker, in: readme, with: block)
    else {
      throw .failed("the README has no \(Self.beginMarker) … \(Self.endMarker) block")
    }
    return replaced
  }

  /// Writes the block into the README at `path`, in place of its old one.
  func write(to path: String) throws(BenchError) {
    try MarkdownReport.replaceFile(at: path) { existing throws(BenchError) in
      guard let existing else { throw .failed("no README at \(path)") }
      return try splice(into: existing)
    }
  }
}

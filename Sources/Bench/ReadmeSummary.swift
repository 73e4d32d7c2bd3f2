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
  var results: [BenchResult]

  init(_ report: MarkdownReport) {
    command = report.command
    machine = report.machine
    date = report.date
    results = report.results
  }

  /// The block, markers included: every judged row and every skipped one.
  var block: String {
    var lines = [
      Self.beginMarker,
      "Measured by `\(command)` on \(MarkdownReport.timestamp(date)) UTC, \(machine).",
      "",
      "| goal | figure | verdict |",
      "| --- | --- | --- |",
    ]
    for result in results {
      if let goal = result.goal {
        lines.append(Self.row(result.workload, goal.text, goal.met ? "✓ met" : "✗ not met"))
      } else if result.workload.contains("skipped") || result.workload.contains("failed") {
        lines.append(Self.row(result.workload, "", "not measured"))
      }
    }
    lines.append(Self.endMarker)
    return lines.joined(separator: "\n") + "\n"
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

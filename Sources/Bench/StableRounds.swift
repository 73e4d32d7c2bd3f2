import Foundation

/// How many interleaved rounds a goal is judged on, and the spread of its per-round
/// figures.
///
/// A round measures the command and its baseline one after the other and gives one figure
/// per goal (usually the command's time over the baseline's in that round). A goal runs its
/// configured rounds; when the p10–p90 range of its per-round figures straddles the goal's
/// limit, one run could land on either side of it, so it runs that many rounds again, until
/// the range is on one side or the goal has run `capFactor` times its configured rounds.
/// The goal is then judged on all its rounds.
struct StableRounds: Equatable, Sendable {
  /// The rounds the sizes ask for.
  var initial: Int
  /// The most rounds a goal runs: this many times `initial`.
  static let capFactor = 3

  var cap: Int { max(initial, 1) * Self.capFactor }

  /// The 10th and 90th percentiles (nearest rank) of `figures`; with fewer than ten
  /// figures these are the smallest and the largest. `nil` for none.
  static func spread(_ figures: [Double]) -> (low: Double, high: Double)? {
    let sorted = figures.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return nil }
    func rank(_ fraction: Double) -> Double {
      let index = Int((fraction * Double(sorted.count)).rounded(.up))
      return sorted[min(max(index - 1, 0), sorted.count - 1)]
    }
    return (rank(0.1), rank(0.9))
  }

  /// Whether the spread of `figures` lies on both sides of `limit` (a goal of "≤ limit"):
  /// its low end at or under it, its high end over it.
  static func straddles(_ figures: [Double], limit: Double) -> Bool {
    guard let spread = spread(figures) else { return false }
    return spread.low <= limit && spread.high > limit
  }

  /// How many more rounds to run after `done`, given each goal's per-round figures so far
  /// and its limit: none when no goal straddles its limit or the cap is reached, else
  /// another `initial` rounds (fewer if the cap comes first).
  func moreRounds(done: Int, figures: [(values: [Double], limit: Double)]) -> Int {
    guard done < cap, figures.contains(where: { Self.straddles($0.values, limit: $0.limit) })
    else { return 0 }
    return min(max(initial, 1), cap - done)
  }

  /// What a goal's text says of its rounds: "12 rounds, p10–p90 1.02–1.31×".
  static func describe(_ figures: [Double], unit: String = "×") -> String {
    guard let spread = spread(figures) else { return "0 rounds" }
    let name = figures.count < 10 ? "min–max" : "p10–p90"
    let rounds = figures.count == 1 ? "1 round" : "\(figures.count) rounds"
    return "\(rounds), \(name) \(format(spread.low))–\(format(spread.high))\(unit)"
  }

  private static func format(_ value: Double) -> String {
    abs(value) >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
  }
}

/// The rounds of one measurement as they are run: each round's figures are recorded, and
/// the plan says whether another round is due (`StableRounds` decides when the planned
/// rounds are done).
struct RoundsPlan: Sendable {
  let rule: StableRounds
  /// Each figure's limit ("≤ limit"), or `nil` for a figure reported but not judged.
  let limits: [Double?]
  private(set) var figures: [[Double]]
  private(set) var planned: Int
  private(set) var done = 0

  init(initial: Int, limits: [Double?]) {
    rule = StableRounds(initial: initial)
    self.limits = limits
    figures = Array(repeating: [], count: limits.count)
    planned = max(initial, 1)
  }

  /// Whether another round is due.
  var wantsMore: Bool { done < planned }

  /// Records one round's figures (one per limit; fewer leave the rest unrecorded).
  mutating func record(_ values: [Double]) {
    for (index, value) in values.enumerated() where index < figures.count {
      figures[index].append(value)
    }
    done += 1
    guard done == planned else { return }
    let judged = zip(figures, limits).compactMap { values, limit in
      limit.map { (values: values, limit: $0) }
    }
    planned += rule.moreRounds(done: done, figures: judged)
  }
}

/// Peak memory of a command above the process's own: the peak resident set of the command
/// less that of a trivial command of the same program (`pocket help`, which opens no store)
/// run in the same round, so the memory every process of the program starts with is not
/// counted against the work the command does.
enum MemoryAboveBaseline {
  /// Per round, the command's peak less the baseline's (KiB; never below 0: a command
  /// cannot use less than its program's start-up, and a smaller figure is noise).
  static func perRound(command: [Int], baseline: [Int]) -> [Int] {
    zip(command, baseline).map { max($0 - $1, 0) }
  }

  /// The median of `values` (the lower of the two middle ones for an even count, so the
  /// figure is one a round measured); `nil` for none.
  static func median(_ values: [Int]) -> Int? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[(values.count - 1) / 2]
  }
}

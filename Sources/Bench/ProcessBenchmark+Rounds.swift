import Foundation

// The rounds every ratio goal of the whole-process run is judged on (`StableRounds`).
extension ProcessBenchmark {
  /// Runs `warmUp` rounds whose figures are dropped, then `initial` rounds, and more while
  /// `StableRounds` asks for them. `round(timed)` measures one round (the command and its
  /// baseline, interleaved) and gives one figure per entry of `limits`: the goal's limit
  /// ("≤ limit"), or `nil` for a figure reported but not judged.
  /// - Returns: each figure's values over the timed rounds.
  func stableRounds(
    initial: Int, warmUp: Int, limits: [Double?], _ round: (_ timed: Bool) throws -> [Double]
  ) throws -> [[Double]] {
    for _ in 0..<warmUp { _ = try round(false) }
    var plan = RoundsPlan(initial: initial, limits: limits)
    while plan.wantsMore { plan.record(try round(true)) }
    return plan.figures
  }

  /// `stableRounds` for rounds that suspend (actions run in process).
  func stableRounds(
    initial: Int, warmUp: Int, limits: [Double?],
    _ round: (_ timed: Bool) async throws -> [Double]
  ) async throws -> [[Double]] {
    for _ in 0..<warmUp { _ = try await round(false) }
    var plan = RoundsPlan(initial: initial, limits: limits)
    while plan.wantsMore { plan.record(try await round(true)) }
    return plan.figures
  }

  /// `measured` over `baseline`, for a round's figure (a zero baseline counts as 1).
  static func ratio(_ measured: Double, _ baseline: Double) -> Double {
    measured / max(baseline, 1)
  }
}

import Foundation

/// Long tests run their full sizes when `POCKET_SOAK=1` (CI sets it) and small ones
/// otherwise, so the default `swift test` stays fast.
public enum Soak {
  public static var isOn: Bool { ProcessInfo.processInfo.environment["POCKET_SOAK"] == "1" }

  /// Whether the tests that spread their cases (stores, limits, spellings) over a quick run
  /// take every case: with `POCKET_SOAK=1`, and with `POCKET_EVERY_CASE=1`, which the
  /// mutation check (`.ci/mutants`) sets, since a mutant of one store's code is killed only
  /// by the tests that run on that store.
  public static var everyCase: Bool {
    isOn || ProcessInfo.processInfo.environment["POCKET_EVERY_CASE"] == "1"
  }

  /// Whether the suites that measure scale rather than one behaviour run: memory at sizes,
  /// races repeated, faults of a mounted disk, generated input, the benchmark's own run. The
  /// quick run skips them, saying so, to stay a developer's one-minute loop; they run with
  /// `everyCase` (CI's soak run, and the mutation check, whose mutants some of them kill).
  public static var measuresScale: Bool { everyCase }

  /// The reason a suite of `measuresScale` gives when the quick run skips it.
  public static let scaleOnly =
    "measures scale: runs with POCKET_SOAK=1 or POCKET_EVERY_CASE=1, as CI does"

  /// `full` with `POCKET_SOAK=1`, else `quick`.
  public static func size<T>(_ quick: T, full: T) -> T { isOn ? full : quick }

  /// Every case on every store with `everyCase`; else each case on one store, the stores
  /// taken in turn, so the quick run still goes through every case and every store.
  public static func spread<Case, Store>(_ cases: [Case], over stores: [Store]) -> [(Store, Case)] {
    cases.enumerated().flatMap { index, test in
      (everyCase ? stores : [stores[index % stores.count]]).map { ($0, test) }
    }
  }

  /// All of `cases` with `everyCase`, else only `quick`: the tests of a suite that each
  /// name another quick case (a store, taken in turn) still meet every case in the quick run.
  public static func all<Case>(_ cases: [Case], quick: Case) -> [Case] {
    everyCase ? cases : [quick]
  }

  /// All of `cases` with `everyCase`, else the one at `quickTurn`, counted round them: the
  /// tests of a suite that take turns 0, 1, 2, … still meet every case in the quick run, also
  /// where fewer cases are here (a store that cannot run).
  public static func all<Case>(_ cases: [Case], quickTurn turn: Int) -> [Case] {
    everyCase ? cases : [cases[turn % cases.count]]
  }

  /// The time limit, in minutes, of a suite that could hang: generous, because a test waits
  /// for its turn on the 2 cooperative threads (and the main actor) of a loaded machine, and
  /// the soak run loads it most.
  public static var minutesBeforeAHang: Int { isOn ? 20 : 3 }

  /// How long a child process the tests start may run before it counts as hung and is
  /// killed (`SpawnedDescriptors.run`): well past the longest a test's child runs, within
  /// the suites' time limit.
  public static var secondsBeforeAChildHangs: Int { isOn ? 600 : 150 }

  /// How long a test waits for a child's output to show an expected text.
  public static var secondsBeforeOutputIsLate: Int { isOn ? 300 : 60 }
}

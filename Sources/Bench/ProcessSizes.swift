import Foundation

/// Sizes and repetitions of the whole-process run (`--process`).
struct ProcessSizes: Equatable, Sendable {
  /// Untimed runs of each pair before the timed ones (goals 1, 2, 4, 5 and 10).
  var warmUp = 3
  /// Chat messages in the store `pocket chat` and `pocket say` start on (goals 1, 2 and 10).
  var startupMessages = 100_000
  var startupRepeats = 40
  /// Records of the action's kind for the durable actions (goal 3).
  var actionRows = 100_000
  var actionWarmUp = 20
  var actionRepeats = 200
  /// The small and the large store of goals 4 and 10; the large one is goal 11's too.
  var flatSmall = 1_000
  var flatLarge = 1_000_000
  var flatRepeats = 15
  /// Messages in the json and sqlite stores of goal 5.
  var jsonMessages = 100_000
  var jsonRepeats = 10
  /// Records of each kind exported and imported in goal 6, and its rounds (more when a
  /// goal's rounds straddle its limit: `StableRounds`).
  var archiveRecords = 1_000_000
  var archiveRepeats = 3
  /// Seconds of each window of the live view's CPU (goal 7).
  var liveSeconds = 10.0
  /// Keys timed from key to frame on the live view (goal 9; none: goal 9 is not run).
  var liveKeys = 300
  /// Searches timed on the live view's chat of `flatLarge` messages (goal 9).
  var searchRounds = 5
  /// Changes another process makes while a live view follows the store, over how many
  /// rounds of every kind (goal 8, and goal 10's two machines; none: they are not run), the seconds of its idle window,
  /// and the burst's changes.
  var followChanges = 200
  var followRounds = 5
  var followIdleSeconds = 10.0
  var followBurst = 1_000
  /// Messages and laps in the large and the small store of the live view at scale (goal 12).
  var liveScaleRows = 1_000_000
  var liveScaleSmall = 1_000
  /// The goals run (`--goals`): all twelve unless told.
  var goals: Set<Int> = Set(1...12)

  /// A smoke run: every goal, small stores, few repetitions (a minute or so).
  static let quick = ProcessSizes(
    warmUp: 2, startupMessages: 10_000, startupRepeats: 10, actionRows: 10_000, actionWarmUp: 5,
    actionRepeats: 40, flatSmall: 1_000, flatLarge: 10_000, flatRepeats: 5,
    jsonMessages: 10_000, jsonRepeats: 3, archiveRecords: 10_000, archiveRepeats: 2,
    liveSeconds: 2, liveKeys: 60, searchRounds: 2, followChanges: 40, followRounds: 1,
    followIdleSeconds: 2, followBurst: 200, liveScaleRows: 10_000)
}

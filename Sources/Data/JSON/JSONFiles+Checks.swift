import PocketDomain

// The json store's checks of the laps it reads: it holds only what its export can be
// imported from.
extension JSONFiles {
  /// Whether a snapshot file that replaced the one read (`marks`, holding changes up to
  /// `seq`) was put in place by hand: a rewrite keeps the store's identity (`storeID`) and
  /// holds every change read before (`knownSeq`); a snapshot of another store, or an older
  /// copy of this one, does not. (A snapshot gone is the store deleted, which the file watch
  /// reports; the same snapshot with its journal gone or cut is not a snapshot put in place.)
  static func isPutInPlace(
    _ marks: SnapshotMarks, seq: Int64, storeID: String?, knownSeq: Int64
  ) -> Bool {
    seq < knownSeq || (storeID != nil && marks.storeID != nil && marks.storeID != storeID)
  }

  /// Refuses laps that do not follow each other as a stopwatch records them (numbered 1, 2,
  /// 3, …, totals that never go down, each lap time the total minus the one before), as an
  /// import refuses them: the store holds only what its export can be imported from.
  /// (Reading the files checked each record, and that lap numbers are unique.)
  func checkLapSequence() throws(DomainError) {
    var previousTotal = Duration.zero
    for (index, lap) in state.laps.enumerated() {
      if let problem = lap.sequenceProblem(index: index, previousTotal: previousTotal) {
        throw .corruptStore(
          path: filePath,
          reason: StoreProblem(.check(.brokenSequence(lap, index: index, problem))))
      }
      previousTotal = lap.total
    }
  }

  /// While salvaging, a journal line's lap that does not follow the laps held as a stopwatch
  /// records them is out of range (and skipped), so that the laps kept pass
  /// `checkLapSequence`; `nil` for any other change, and always when not salvaging.
  func lapOutOfOrder(_ change: StoreChange) -> DomainError? {
    guard salvaging, case .appendLap(let lap, _) = change,
      let problem = lap.sequenceProblem(
        index: state.laps.count, previousTotal: state.laps.last?.total ?? .zero)
    else { return nil }
    return .invalidInput(
      .outOfRange(.brokenSequence(lap, index: state.laps.count, problem)))
  }
}

extension StoreChange {
  /// The kinds of record this change touches.
  var kinds: RecordKinds {
    switch self {
    case .saveStopwatch, .appendLap, .resetStopwatch: .stopwatch
    case .insertBookmark, .renameBookmark, .deleteBookmark, .deleteAllBookmarks: .bookmarks
    case .storeRates, .setFavorite: .rates
    case .saveScreen, .saveShown, .dropShown: .screens
    case .insertMindLog, .updateMindLog, .deleteMindLog: .mindLog
    case .insertMessages, .updateMessage, .deleteMessage: .chat
    case .saveRecord(let kind, _, _): kind.kinds
    case .replaceAll: .all
    }
  }
}

import Foundation
import PocketDomain

// What a change would store, checked before it is applied: the one check every door runs
// (Domain's `CheckedRecord`).

extension StoreChange {
  /// The first value this change would store that a store could not read back, checked as
  /// every door checks it (Domain's `CheckedRecord`); `nil` when there is none. A new
  /// record is checked with the first id: the id it gets is checked against the last one.
  var problem: CheckFailure? {
    let field: (String) -> String = storedName
    switch self {
    case .saveStopwatch(let stopwatch): return stopwatch.problem(field)
    case .appendLap(let lap, let saving): return lap.problem(field) ?? saving?.problem(field)
    case .insertBookmark(let bookmark): return bookmark.problem(field)
    case .renameBookmark(_, let title):
      return InputField.title.problem(title, field: "title", mayBeEmpty: true)
    case .storeRates(let snapshot): return snapshot.problem(field)
    case .insertMindLog(let date, let score, let note):
      return MindLog(id: 1, date: date, score: score, note: note).problem(field)
    case .updateMindLog(let entry): return entry.problem(field)
    case .insertMessages(let drafts):
      return drafts.lazy.compactMap {
        ChatMessage(id: 1, content: $0.content, date: $0.date).problem(field)
      }.first
    case .updateMessage(let message): return message.problem(field)
    case .saveShown(let shown, _): return ShownChecks.problem(shown, .document)
    case .saveRecord(let kind, let key, let body):
      return body.flatMap { DeclaredRecords.problem(name: kind.name, key: key, body: $0) }
    case .resetStopwatch, .deleteBookmark, .deleteAllBookmarks, .setFavorite, .saveScreen,
      .deleteMindLog, .deleteMessage, .dropShown, .replaceAll:
      return nil
    }
  }
}

import Foundation
import PocketDomain

/// Every way a document store changes. The JSON store appends these to its journal.
enum StoreChange: Sendable {
  case saveStopwatch(Stopwatch)
  /// A lap, and the stopwatch saved with it when given.
  case appendLap(Lap, saving: Stopwatch? = nil)
  case resetStopwatch
  case insertBookmark(Bookmark)
  case renameBookmark(url: String, title: String)
  case deleteBookmark(url: String)
  case deleteAllBookmarks
  case storeRates(RateSnapshot)
  case setFavorite(code: String, isFavorite: Bool)
  case saveScreen(Screen)
  /// What `terminal` showed, replacing its list (`ScreenRepository.save(_:for:)`).
  case saveShown(ShownList, terminal: TerminalKey)
  /// Drops the lists of `terminals`.
  case dropShown([TerminalKey])
  case insertMindLog(date: Date, score: Decimal, note: String)
  case updateMindLog(MindLog)
  case deleteMindLog(id: Int64)
  case insertMessages([MessageDraft])
  case updateMessage(ChatMessage)
  case deleteMessage(id: Int64)
  /// Stores `body` as the record of `key` of a declared kind, or removes it (`nil`).
  case saveRecord(RecordDeclaration, key: String, body: String?)
  case replaceAll(StoreArchive)
}

/// A message to insert; the store gives it its id.
struct MessageDraft: Equatable, Sendable {
  var content: String
  var date: Date
}

/// What applying a change did.
enum ChangeResult: Sendable {
  /// Nothing changed (storing what is already stored); nothing needs writing.
  case unchanged
  case changed
  case insertedMindLog(MindLog)
  case insertedMessages([ChatMessage])
}

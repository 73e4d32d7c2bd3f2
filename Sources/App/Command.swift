import PocketDomain

/// One thing the user asked for, as the parser understood it.
package enum Command: Equatable, Sendable {
  case show
  case rates(query: String)
  case favorite(code: String)
  /// Fetch rates from the configured source; `force` even before the next update is due.
  case refresh(force: Bool)
  case calc(code: String)
  case convert(amount: String, from: String?)
  case back
  case stopwatch, start, stop, lap
  /// Deletes the stopwatch's time and laps; more than one lap only when `confirmed`
  /// (`--yes`, or answered at a terminal).
  case reset(confirmed: Bool)
  case notices
  case bookmark(number: Int)
  case bookmarks
  case rename(number: Int, title: String)
  case remove(number: Int)
  /// Removes every bookmark; more than one only when `confirmed` (`--yes`, or answered at
  /// a terminal).
  case clear(confirmed: Bool)
  case mindLog
  /// `mindlog [--days N] [--to DATE]`: the mind log with the mood of the `days` days (the
  /// length shown when `nil`) ending on `through` (today when `nil`). With `days`, page 1
  /// shows; without, the page shown stays (the live view follows its selection so).
  case mindLogSpan(days: Int?, through: EntryDay?)
  /// `add [--date DATE] SCORE NOTE...`: `date` is `nil` without `--date` (today).
  case add(score: String, note: String, date: EntryDay? = nil)
  case chat
  case say(text: String)
  /// `edit N ...`, read both ways, as the screen decides which it is: on the chat, `text`
  /// is the new message; on the mind log, `score` is its first word and `note` the rest.
  /// On the mind log, `edit N --date DATE SCORE [NOTE...]` sets `date` too (`text` is then
  /// what follows DATE).
  case edit(number: Int, text: String, score: String, note: String?, date: EntryDay? = nil)
  case delete(number: Int)
  /// The next page of the list showing; after the last, the first.
  case more
  /// Page N of the list showing (1 is the newest).
  case page(number: Int)
  /// Only the items of the list showing that hold `text`; an empty text shows them all.
  case search(text: String)
  case help(topic: String?)
  case quit
  /// Every record of the store to one JSON file.
  case export(path: String)
  /// Records from an export file into the store; `replace` overwrites a non-empty store.
  case importArchive(path: String, replace: Bool)
  /// What store is open, where, and what it holds.
  case storeInfo
  /// `source [--forget]`: the rate source the store remembers, shown, remembered (the one
  /// given with `--online`, `--rates-url` or `--rates-file`) or forgotten.
  case rateSource(forget: Bool)
  /// A command of a screen that declares its own intents rather than a case here: a new
  /// screen's commands parse to its own values (`Words.own`), which its feature matches.
  case screen(ScreenCommand)
}

/// A screen's own command: the word it was typed with and the screen's value for it.
package struct ScreenCommand: Equatable, Sendable {
  package let word: String
  package let value: any Hashable & Sendable

  package init(word: String, _ value: some Hashable & Sendable) {
    self.word = word
    self.value = value
  }

  package static func == (lhs: ScreenCommand, rhs: ScreenCommand) -> Bool {
    lhs.word == rhs.word && AnyHashable(lhs.value) == AnyHashable(rhs.value)
  }
}

extension Command {
  /// The word a screen-bound command is typed with, what a refusal on another screen
  /// names: a screen's own command's word, else the case's name, which for every
  /// screen-bound case is its word (`edit`, `more`; `ScreenFeatureTests` checks).
  var word: String {
    if case .screen(let command) = self { return command.word }
    return Mirror(reflecting: self).children.first?.label ?? "\(self)"
  }
}

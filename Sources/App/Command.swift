import Domain

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
  case help(topic: String?)
  case quit
  /// Every record of the store to one JSON file.
  case export(path: String)
  /// Records from an export file into the store; `replace` overwrites a non-empty store.
  case importArchive(path: String, replace: Bool)
  /// What store is open, where, and what it holds.
  case storeInfo
}

extension Command {
  /// The command that opens `tab`'s screen, as its word alone does (`rates`, `chat`).
  static func opening(_ tab: Tab) -> Command {
    switch tab {
    case .rates: .rates(query: "")
    case .stopwatch: .stopwatch
    case .notices: .notices
    case .bookmarks: .bookmarks
    case .mindLog: .mindLog
    case .chat: .chat
    }
  }

  /// The word of a command that acts on the list of the screen showing (a number names
  /// one of its items), so only that screen takes it; `nil` for the others.
  var screenBoundName: String? {
    switch self {
    case .bookmark: "bookmark"
    case .rename: "rename"
    case .remove: "remove"
    case .clear: "clear"
    case .edit: "edit"
    case .delete: "delete"
    case .more: "more"
    case .page: "page"
    default: nil
    }
  }
}

/// One line of `help`: how to type a command and what it does.
struct CommandHelp: Sendable {
  var name: String
  var usage: String
  var summary: String

  /// Every command in the order `help` lists them: each screen's own lines come from its
  /// feature (`ScreenFeatures.all`), in the order the screens are registered.
  static let all: [CommandHelp] =
    [
      .init(name: "show", usage: "show", summary: "Show the current screen again"),
      .init(name: "more", usage: "more", summary: "Show the next page of the list showing"),
      .init(
        name: "page", usage: "page N", summary: "Show page N of the list showing (1: the newest)"),
    ]
    + ScreenFeatures.all.flatMap { $0.help } + [
      .init(
        name: "store", usage: "store", summary: "Show the store's kind, path, version and counts"),
      .init(name: "export", usage: "export PATH", summary: "Write every record to a JSON file"),
      .init(
        name: "import", usage: "import PATH [--replace]",
        summary: "Read an export into this store (an empty one, unless --replace)"),
      .init(name: "help", usage: "help [COMMAND]", summary: "List the commands, or explain one"),
      .init(name: "quit", usage: "quit", summary: "End the session"),
    ]
}

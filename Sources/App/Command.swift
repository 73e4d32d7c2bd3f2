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
  case stopwatch, start, stop, lap, reset
  case notices
  case bookmark(number: Int)
  case bookmarks
  case rename(number: Int, title: String)
  case remove(number: Int)
  case clear
  case mindLog
  case add(score: String, note: String)
  case chat
  case say(text: String)
  /// `edit N ...`, read both ways, as the screen decides which it is: on the chat, `text`
  /// is the new message; on the mind log, `score` is its first word and `note` the rest.
  case edit(number: Int, text: String, score: String, note: String?)
  case delete(number: Int)
  case help(topic: String?)
  case quit
  /// Every record of the store to one JSON file.
  case export(path: String)
  /// Records from an export file into the store; `replace` overwrites a non-empty store.
  case importArchive(path: String, replace: Bool)
  /// What store is open, where, and what it holds.
  case storeInfo
}

/// One line of `help`: how to type a command and what it does.
struct CommandHelp: Sendable {
  var name: String
  var usage: String
  var summary: String

  static let all: [CommandHelp] = [
    .init(name: "show", usage: "show", summary: "Show the current screen again"),
    .init(name: "rates", usage: "rates [QUERY]", summary: "Exchange rates; filter by code or name"),
    .init(
      name: "fav", usage: "fav CODE", summary: "Pin a currency on top of the rates, or unpin it"),
    .init(
      name: "refresh", usage: "refresh [--force]",
      summary: "Fetch new rates once they are published (--force: now)"),
    .init(name: "calc", usage: "calc CODE", summary: "Open the calculator for a currency"),
    .init(
      name: "convert", usage: "convert AMOUNT [FROM]",
      summary: "Convert USD (or FROM) into the calculator's currency"),
    .init(name: "back", usage: "back", summary: "Leave the calculator for the rates list"),
    .init(name: "stopwatch", usage: "stopwatch", summary: "Show the stopwatch"),
    .init(name: "start", usage: "start", summary: "Start or resume the stopwatch"),
    .init(name: "stop", usage: "stop", summary: "Stop the stopwatch"),
    .init(name: "lap", usage: "lap", summary: "Record a lap of the running stopwatch"),
    .init(
      name: "reset", usage: "reset", summary: "Stop the stopwatch and delete its time and laps"),
    .init(name: "notices", usage: "notices", summary: "Show the notice board"),
    .init(
      name: "bookmark", usage: "bookmark N", summary: "Bookmark notice N, or remove its bookmark"),
    .init(name: "bookmarks", usage: "bookmarks", summary: "Show the bookmarks"),
    .init(name: "rename", usage: "rename N TITLE...", summary: "Rename bookmark N"),
    .init(name: "remove", usage: "remove N", summary: "Remove bookmark N"),
    .init(name: "clear", usage: "clear", summary: "Remove every bookmark"),
    .init(name: "mindlog", usage: "mindlog", summary: "Show the mind log"),
    .init(name: "add", usage: "add SCORE NOTE...", summary: "Add a mind-log entry (score 0 to 10)"),
    .init(name: "chat", usage: "chat", summary: "Show the chat"),
    .init(name: "say", usage: "say TEXT...", summary: "Send a chat message"),
    .init(
      name: "edit", usage: "edit N TEXT... | edit N SCORE [NOTE...]",
      summary: "Edit chat message N, or mind-log entry N"),
    .init(name: "delete", usage: "delete N", summary: "Delete chat message N, or mind-log entry N"),
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

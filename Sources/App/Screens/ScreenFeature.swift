import Foundation
import PocketDomain
import PocketPresentation

/// What a screen's feature is built from: the view models' dependencies
/// (`ViewModelDependencies`: the store's repositories and the sources of data the
/// composition root made).
typealias ScreenDependencies = ViewModelDependencies

/// Where the dispatcher stands when a command comes.
struct ScreenContext {
  /// The screen showing.
  var current: Screen
  /// The currency of the calculator opened last, if any.
  var lastCalculatorCurrency: String?
  /// The numbered rows shown last: what the numbers of a command stand for.
  var shown: ShownList?

  /// Runs `intent` on the row `screen` showed last as `number`, and shows `screen` after
  /// it; refused when it showed none: a number outside the list of `total` items (as the
  /// screen reads now) is no item at all, one inside it an item the user did not see.
  func perform(
    row number: Int, on screen: Screen, of total: Int,
    _ intent: @escaping (ShownItem) async -> Void
  ) -> ScreenAction {
    guard let shown, shown.screen == screen, let row = shown.item(number) else {
      let isOnTheList = number >= 1 && number <= total
      return .refuse(
        isOnTheList ? .input(.notShown(number)) : .input(.noSuchItem(number, count: total)))
    }
    return .perform(screen) { await intent(row) }
  }
}

/// What a command means to a screen; the dispatcher carries it out the same way for every
/// screen (loads, saves the screen shown, turns the view model's message into the outcome).
@MainActor
enum ScreenAction {
  /// Show `screen` with fresh data.
  case navigate(Screen)
  /// Run an intent of the view model; on success `screen` comes up, on a refusal the
  /// screen stays as it was.
  case perform(Screen, () async -> Void)
  /// Run an intent that reads nothing the screen holds and reads the screen itself once it
  /// is done (a message sent, then the newest page): as `perform`, but the screen is not
  /// read before it, so a command typed on the command line reads its screen once.
  case performFresh(Screen, () async -> Void)
  /// Open a screen whose identity the intent decides (the calculator's currency); `nil`
  /// when the intent was refused.
  case open(() async -> Screen?)
  /// Refused at once.
  case refuse(Message)
}

/// One screen of the text front end. Everything App knows about a screen is in its folder,
/// `App/Screens/<Name>/`: its declaration (commands, keys, tab), the feature (its view
/// model, what its commands do) and the rendering of its view model's state
/// (`ScreenState`). Registered once, in `ScreenFeatures.all`; the parser, `help`, usage
/// errors, the tab line and the key bar are generated from the declarations there
/// (`ScreenRegistry`).
@MainActor
protocol ScreenFeature: AnyObject, Sendable {
  /// The screen's commands, in the order `help` lists them.
  nonisolated static var commands: [CommandSpec] { get }

  /// The screen's tab: `nil` for a screen pushed from another one (`pushedFrom`).
  nonisolated static var tab: TabSpec? { get }

  /// The screen whose tab stays marked while this one shows; `nil` for a tab's own screen.
  nonisolated static var pushedFrom: Screen? { get }

  /// Whether `screen` is this feature's: its tab's screen unless it says otherwise.
  nonisolated static func shows(_ screen: Screen) -> Bool

  /// The live view's keys of this screen, beyond those every screen shares, in the order
  /// the key bar and `?` list them. Empty by default.
  nonisolated static var keys: [KeyHelp] { get }

  /// The screen's name in `?`: its tab's title by default.
  nonisolated static var name: Wording { get }

  /// Whether digits type on this screen (the calculator's amount) rather than choose a
  /// screen, so the key bar does not offer them. False by default.
  nonisolated static var typesDigits: Bool { get }

  init(_ dependencies: ScreenDependencies)

  /// Loads the view model for `screen`, so the screen shows fresh data.
  func load(_ screen: Screen) async

  /// What follows the store for the screen (its view model): a change another process
  /// makes to the kinds of record it shows reloads it, keeping what the user chose (the
  /// page, a filter, the mood's days, an amount).
  var followed: any FollowsStore { get }

  /// Opens `screen`, restored at launch as the screen seen last: `false` when it cannot be
  /// shown any more (a currency the cached rates no longer list), and the rates list shows
  /// instead. True by default: `load` shows it.
  func reopen(_ screen: Screen) async -> Bool

  /// Sets the page of its list the next `load` shows (its last page then, when it has
  /// fewer): the page this terminal showed last. Nothing by default (a screen without
  /// pages).
  func resume(page: Int)

  /// The list the live view scrolls through, a window of its pages at a time (its view
  /// model's paging intents); `nil` by default (a screen without pages).
  var pagedList: (any PagedList)? { get }

  /// The view model's message after its last intent.
  var message: Message? { get }

  /// What the screen shows now.
  var content: ScreenContent { get }

  /// What `command` means to this screen in `context`; `nil` when it is not one of its
  /// commands there.
  func action(for command: Command, in context: ScreenContext) -> ScreenAction?

  /// The command that does what `question` (a refusal of this screen's) asks to confirm,
  /// and how to type it: `nil` unless it is such a question. None by default.
  func confirmed(_ question: Message) -> (command: Command, typed: String)?

  /// What `key` means on `screen` in the live view, with `selected` the list item the
  /// selection is on: the same commands a user types. `nil` when it means nothing here.
  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction?

  /// Whether the key bar offers `key`, one of `keys`, on `screen` with `selected` the
  /// list item the selection is on: by default, when `liveAction` acts on the key it
  /// stands for (`KeyHelp.acts`), or always when it names none.
  func offers(_ key: KeyHelp, on screen: Screen, selected: ListItem?) -> Bool

  /// The command the live view runs when its selection moves onto `item` (the mind log's
  /// mood picture follows the selected entry's day); `nil`, the default: none.
  func followSelection(to item: ListItem) -> Command?

  /// Whether what the screen shows changes with time alone (a running stopwatch), so a
  /// live view calls `tick()` to show it.
  var isTicking: Bool { get }

  /// Reads the time again: the intent a view that shows time running calls.
  func tick()

  /// Whether what the screen shows falls due by itself (rates past their next update
  /// time) and is to be refreshed when due before `command` runs as a one-shot command
  /// (one that shows it), or, for `nil`, now and then while a live view is open. False by
  /// default.
  nonisolated static func refreshesWhenDue(before command: Command?) -> Bool

  /// Refreshes what the screen shows when it is due (`retry`: again after a failure, when
  /// the view decides): what happened, `nil` when nothing was tried. `nil` by default.
  func refreshWhenDue(retry: Bool) async -> WhenDue?
}

/// What a refresh when due came to.
enum WhenDue: Equatable {
  /// Tried: new data (the message says so), or the source had nothing newer (`nil`).
  case refreshed(Message?)
  /// Tried and failed: what is shown stays, and the message says why.
  case failed(Message)
}

extension ScreenFeature {
  nonisolated static var pushedFrom: Screen? { nil }
  nonisolated static func shows(_ screen: Screen) -> Bool { screen == tab?.screen }
  nonisolated static var keys: [KeyHelp] { [] }
  nonisolated static var name: Wording {
    tab?.title ?? Wording(commands.first?.name ?? "", commands.first?.name ?? "")
  }
  nonisolated static var typesDigits: Bool { false }
  nonisolated static func refreshesWhenDue(before command: Command?) -> Bool { false }
  func refreshWhenDue(retry: Bool) async -> WhenDue? { nil }
  func reopen(_ screen: Screen) async -> Bool { true }
  func resume(page: Int) {}
  var pagedList: (any PagedList)? { nil }
  func confirmed(_ question: Message) -> (command: Command, typed: String)? { nil }
  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? { nil }
  func offers(_ key: KeyHelp, on screen: Screen, selected: ListItem?) -> Bool {
    key.acts.map { liveAction(for: $0, on: screen, selected: selected) != nil } ?? true
  }
  func followSelection(to item: ListItem) -> Command? { nil }
  var isTicking: Bool { false }
  func tick() {}
}

/// A tab of the tab bar: the screen it shows, its title, the command line that opens it
/// (what the digit keys and Tab run, and what a refusal elsewhere tells to type), and the
/// hint line under the screen: its commands, as typed (the same in both languages).
struct TabSpec: Sendable {
  var screen: Screen
  var title: Wording
  var opener: String
  var hint: String

  init(_ screen: Screen, title: Wording, opener: String, hint: String) {
    self.screen = screen
    self.title = title
    self.opener = opener
    self.hint = hint
  }
}

/// What a key does in the live view.
enum LiveAction: Equatable {
  /// Runs a command, as if typed.
  case run(Command)
  /// Runs a command while the view goes on taking keys (a refresh); the screen shows it
  /// running through its state.
  case start(Command)
  /// Opens an input line (see `InputRequest`).
  case input(InputRequest)
  /// Asks `question` on the status row (`[y/N]` after it) and runs the command on a yes: a
  /// key that deletes one item. A question rather than an undo: an undo would re-create
  /// the item, with its identity, in every store, after other processes had followed the
  /// delete.
  case confirm(Command, question: Wording)

  /// `text` as a question quotes it: in quotes, its first 40 characters, `…` when cut.
  static func quoted(_ text: String) -> String {
    let limit = 40
    return "\"" + (text.count > limit ? text.prefix(limit) + "…" : text) + "\""
  }

  /// The question a key that deletes item `number` asks: `Delete message 3 "hello"?`.
  static func delete(
    _ command: Command, _ kind: Wording, _ number: Int, _ text: String, particle: String
  ) -> LiveAction {
    let quoted = quoted(text)
    return .confirm(
      command,
      question: Wording(
        "Delete \(kind.english) \(number) \(quoted)?",
        "\(number)번 \(kind.korean)(\(quoted))\(particle) 지울까요?"))
  }
}

/// An input line of the live view: it shows `prompt` and `text`, and Enter runs `words`
/// followed by the typed text through the command parser, so it takes the words and gives
/// the messages of line mode. A live line (the rate filter, the calculator's amount) runs
/// at every change instead, and Enter only closes it.
///
/// The line holds at most `limit` characters, the limit of the field it fills
/// (`InputField`), and drops what is typed or pasted past it (`InputLine`).
///
/// Esc cancels a line. A live line has changed the screen as it was typed: Esc runs
/// `restore`, the command that shows what the screen showed before the line opened (the
/// filter or the amount there was).
struct InputRequest: Equatable {
  var prompt: Wording
  var words: String
  var line: InputLine
  var isLive = false
  /// What Esc runs on a live line: `nil`, nothing.
  var restore: Command?
  /// The row the line was opened on (the selection's): the item its number stands for.
  var row: ShownItem?
  /// Where ↑ and ↓ stand in the lines submitted earlier; `nil`: on the line being typed.
  var browsing: HistoryBrowsing?
  /// The line as it was when the paste coming in began: a paste refused for bytes that are
  /// not UTF-8 puts it back (`Key.notUTF8`). `nil` once another key came.
  var beforePaste: InputLine?
  /// Whether the line takes line breaks (Ctrl-J, Alt-Enter, and those of a paste): a chat
  /// message's or a mind-log note's. Elsewhere a paste's line breaks become spaces.
  var allowsLineBreaks = false

  init(
    prompt: Wording, words: String, text: String = "", limit: Int, isLive: Bool = false,
    restore: Command? = nil, allowsLineBreaks: Bool = false
  ) {
    self.prompt = prompt
    self.words = words
    self.line = InputLine(text, limit: limit)
    self.isLive = isLive
    self.restore = restore
    self.allowsLineBreaks = allowsLineBreaks
  }

  /// What is typed.
  var text: String { line.text }

  /// The limit of a line that takes a number, a currency code or a filter.
  static let shortLimit = 64
  /// The limit of the `:` line: the longest line line mode reads.
  static let commandLimit = Pocket.maxLineBytes
  /// The limit of a mind-log line, `SCORE NOTE`: the note's, and room for the score.
  static let mindLogLimit = InputField.note.limit + shortLimit
}

/// One key of the key bar and of `?`: the key as printed on it, and what it does.
struct KeyHelp: Equatable, Sendable {
  var key: String
  var does: Wording
  /// How long it stays on a narrow key bar: the least important go first.
  var priority: KeyPriority

  /// A key it stands for, which the key bar asks the screen's own handler
  /// (`ScreenFeature.liveAction`) about: the bar offers it only while the handler acts on
  /// it (`Enter edit` with a row selected). `nil`: always offered.
  var acts: Key?

  init(_ key: String, _ does: Wording, priority: KeyPriority = .high, acts: Key? = nil) {
    self.key = key
    self.does = does
    self.priority = priority
    self.acts = acts
  }

  init(
    _ key: String, _ english: String, _ korean: String, priority: KeyPriority = .high,
    acts: Key? = nil
  ) {
    self.init(key, Wording(english, korean), priority: priority, acts: acts)
  }
}

/// How important a key is to show on the key bar: when the bar does not fit, the lowest go
/// first; `essential` ones (`? keys`, `q quit`, and Enter/Esc of an input line) always stay.
enum KeyPriority: Int, Sendable, Comparable {
  case low, normal, high, essential

  static func < (lhs: KeyPriority, rhs: KeyPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The state of one screen as text. Each screen's folder conforms its view model's `State`.
protocol ScreenState: Equatable, Sendable {
  /// The screen this state shows.
  var screen: Screen { get }
  /// The view model's message after its last intent.
  var message: Message? { get }
  /// The lines under the tab line, drawn with `renderer`'s string table and layout helpers.
  func lines(_ renderer: Renderer) -> [ScreenLine]
  /// The page of its list shown and how many there are; `nil` for a screen without pages.
  var paging: ListPages? { get }
  /// The numbered rows it shows: what a number typed next stands for. None by default.
  var shownItems: [ShownItem] { get }
}

/// Which page of a list shows, of how many (1 is the newest).
package struct ListPages: Equatable, Sendable {
  var number: Int
  var count: Int
  /// Whether the list reads oldest first, its newest item at the bottom (the chat): then
  /// the older pages are above the one shown, and page 1 is the bottom of the list. The
  /// other lists read newest first, their older pages below.
  var olderIsAbove = false

  /// The page above the one shown (`direction` -1) or below it (+1), when the list has one.
  func page(towards direction: Int) -> Int? {
    let target = number + (olderIsAbove ? -direction : direction)
    return (1...count).contains(target) ? target : nil
  }
}

extension ScreenState {
  var paging: ListPages? { nil }
  var shownItems: [ShownItem] { [] }
}

/// The state of a screen whose list has pages (its view model pages with `ListPaging`).
protocol PagedScreenState: ScreenState {
  var pageNumber: Int { get }
  var pageCount: Int { get }
}

extension PagedScreenState {
  var paging: ListPages? { ListPages(number: pageNumber, count: pageCount) }
}

extension ScreenState {
  fileprivate func isEqual(to other: any ScreenState) -> Bool {
    (other as? Self) == self
  }
}

/// What one screen shows: the state of its view model.
package struct ScreenContent: Equatable {
  let state: any ScreenState

  init(_ state: some ScreenState) { self.state = state }

  /// The screen shown.
  package var screen: Screen { state.screen }

  package static func == (lhs: ScreenContent, rhs: ScreenContent) -> Bool {
    lhs.state.isEqual(to: rhs.state)
  }
}

import Observation
import PocketDomain
import PocketPresentation

/// A question that waits for y or n: what it asks and the command a yes runs.
struct LiveQuestion: Equatable {
  var command: Command
  /// The question, with `[y/N]`.
  var text: String
  /// What the status row says when the answer is not yes.
  var declined: String
  /// The row the command's number stands for, when it was asked on one.
  var row: ShownItem?
}

/// The live view's own state, observed like the view models': the terminal's size, the
/// selection, the input line, the status line, a question, a page of text over the screen.
@MainActor @Observable
final class LiveState {
  var size: TerminalSize
  /// The selected item's place among the items the screen shows.
  var selection: Int?
  /// The row the selection is on, as it was shown: the item it follows.
  var selectedRow: ShownItem?
  /// On a screen without numbered rows (the rates, the laps): the item the selection is
  /// on, which it follows by its code or lap number.
  var selectedItem: ListItem?
  var scroll = 0
  var input: InputRequest?
  var status: LiveStatus?
  /// The store is shown from this machine's copy: its server does not answer (as
  /// `LiveController.storeCopy` last saw it).
  var offline = false
  var question: LiveQuestion?
  var page: [String]?
  /// The first line of `page` shown.
  var pageTop = 0
  /// On a list whose newest item is at the bottom (the chat): whether the view stays at
  /// the bottom as items come, which it does until the user moves up.
  var pinned = false
  /// The number of the newest item the list showed: more items than that are new.
  var newestShown: Int?
  /// Said at the bottom of the body while new items are below what shows.
  var mark: String?
  /// An item shown whole (`v`).
  var detail: LiveDetail?
  /// The lines submitted on input lines, for ↑ and ↓.
  var history = InputHistory()
  /// What Ctrl-W, Ctrl-U or Ctrl-K cut last on an input line, for Ctrl-Y: kept from one
  /// line to the next, as readline keeps it.
  var killed = ""

  init(size: TerminalSize) { self.size = size }

  /// No item is selected (another screen, another page).
  func clearSelection() {
    selection = nil
    selectedRow = nil
    selectedItem = nil
  }

  var overlay: LiveOverlay {
    LiveOverlay(
      input: input, status: status, question: question?.text, page: page, pageTop: pageTop,
      selection: selection, scroll: scroll, mark: mark, detail: detail)
  }
}

import Domain
import Observation
import Presentation

/// A question that waits for y or n: what it asks and the command a yes runs.
struct LiveQuestion: Equatable {
  var message: Message
  var command: Command
  var typed: String
  var text: String
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
  var scroll = 0
  var input: InputRequest?
  var status: LiveStatus?
  var question: LiveQuestion?
  var page: [String]?
  /// The lines submitted on input lines, for ↑ and ↓.
  var history = InputHistory()

  init(size: TerminalSize) { self.size = size }

  var overlay: LiveOverlay {
    LiveOverlay(
      input: input, status: status, question: question?.text, page: page, selection: selection,
      scroll: scroll)
  }
}

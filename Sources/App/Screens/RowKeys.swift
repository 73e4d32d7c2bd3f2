import PocketDomain
import PocketPresentation

/// The live view's keys of a list of the user's own records (the chat, the mind log, the
/// bookmarks), declared once: the key bar's entries and what each key runs come from it.
///
/// `i` opens the input line `new` (and so does Enter with no row selected); Enter on row N
/// opens an input line `editPrompt(N)` holding its text, of at most `limit` characters,
/// which runs `edit N` and what was typed (`edit`: the command's word); Del or Backspace on
/// it asks before running `delete(N)`, naming the row a `kind` (`particle`: the Korean
/// object marker after it).
struct RowKeys: Sendable {
  /// What `i` writes: its key-bar words, its prompt and the command's first words.
  struct New: Sendable {
    var does: Wording
    var prompt: Wording
    var words: String
  }

  var new: New?
  /// The word of the command Enter runs on a row, and its key-bar words.
  var edit: String
  var editDoes: Wording
  var editPrompt: @Sendable (_ number: Int) -> Wording
  var limit: Int
  /// The key-bar words of Del, and the command it runs once confirmed.
  var deleteDoes: Wording
  var delete: @Sendable (_ number: Int) -> Command
  var kind: Wording
  var particle: String
  /// Whether the text typed takes line breaks (a message, a note; not a title).
  var lineBreaks = false

  /// The key bar's entries, in the order `?` lists them.
  var keys: [KeyHelp] {
    (new.map { [KeyHelp("i", $0.does, acts: .character("i"))] } ?? [])
      + [KeyHelp("Enter", editDoes, acts: .enter), KeyHelp("Del", deleteDoes, acts: .delete)]
  }

  /// What `key` does with `selected` the row the selection is on; `nil` for any other key,
  /// and for `i` on a list without `new`.
  func action(for key: Key, selected: ListItem?) -> LiveAction? {
    switch (key, selected?.number) {
    case (.character("i"), _), (.enter, nil):
      new.map {
        .input(
          InputRequest(
            prompt: $0.prompt, words: $0.words, limit: limit, allowsLineBreaks: lineBreaks))
      }
    case (.enter, let number?):
      .input(
        InputRequest(
          prompt: editPrompt(number), words: "\(edit) \(number) ", text: selected?.text ?? "",
          limit: limit, allowsLineBreaks: lineBreaks))
    case (.delete, let number?), (.backspace, let number?):
      .delete(delete(number), kind, number, selected?.text ?? "", particle: particle)
    default: nil
    }
  }
}

/// A screen whose list rows are written, edited and deleted with the keys of `rowKeys`,
/// and searched with `/` (`SearchKeys`).
protocol RowEditingScreen: SearchingScreen {
  nonisolated static var rowKeys: RowKeys { get }
}

extension RowEditingScreen {
  nonisolated static var keys: [KeyHelp] { rowKeys.keys + [SearchKeys.key] }

  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    Self.rowKeys.action(for: key, selected: selected) ?? searchAction(for: key)
  }

  /// Enter edits the selected row; with none it writes, as `i` does (offered already), so
  /// `Enter edit` shows only with a row selected.
  func offers(_ key: KeyHelp, on screen: Screen, selected: ListItem?) -> Bool {
    guard let acts = key.acts else { return true }
    if acts == .enter, selected == nil { return false }
    return liveAction(for: acts, on: screen, selected: selected) != nil
  }
}

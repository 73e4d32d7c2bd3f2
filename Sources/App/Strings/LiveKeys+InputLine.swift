import PocketPresentation

/// What a key does on an input line: `LiveController.edit` carries out the edit the table
/// `LiveKeys.lineKeys` gives for a key, and `?` lists the same table, so the help cannot
/// say a key the line does not take.
enum LineEdit: Equatable, Sendable {
  case submit, cancel
  case left, right, start, end, wordLeft, wordRight
  case deleteBackward, deleteForward
  /// Ctrl-D: the character under the cursor; on an empty line, cancel.
  case deleteOrCancel
  case cutWord, cutToStart, cutToEnd, yank
  case lineBreak
  case earlier, later
}

/// Keys of the input line, what they do, and how `?` names them.
struct LineKey: Sendable {
  var keys: [Key]
  var edit: LineEdit
  var help: KeyHelp
}

extension LiveKeys {
  /// Every key of the input line besides the characters it types: the one table the line's
  /// handler and `?` read.
  static let lineKeys: [LineKey] = [
    LineKey(
      keys: [.enter], edit: .submit,
      help: KeyHelp(
        "Enter", "run the line (a filter, an amount: close it)", "입력 실행 (찾기, 금액: 닫기)")),
    LineKey(
      keys: [.escape, .control("c")], edit: .cancel,
      help: KeyHelp(
        "Esc / Ctrl-C", "cancel (a filter or an amount comes back as it was)",
        "취소 (찾기나 금액은 원래대로)")),
    LineKey(
      keys: [.left, .control("b")], edit: .left,
      help: KeyHelp("← / Ctrl-B", "a character back", "한 글자 뒤로")),
    LineKey(
      keys: [.right, .control("f")], edit: .right,
      help: KeyHelp("→ / Ctrl-F", "a character on", "한 글자 앞으로")),
    LineKey(
      keys: [.home, .control("a")], edit: .start,
      help: KeyHelp("Home / Ctrl-A", "to the start of the line", "줄 처음으로")),
    LineKey(
      keys: [.end, .control("e")], edit: .end,
      help: KeyHelp("End / Ctrl-E", "to the end of the line", "줄 끝으로")),
    LineKey(
      keys: [.wordLeft], edit: .wordLeft,
      help: KeyHelp("Alt-← / Ctrl-←", "a word back", "한 낱말 뒤로")),
    LineKey(
      keys: [.wordRight], edit: .wordRight,
      help: KeyHelp("Alt-→ / Ctrl-→", "a word on", "한 낱말 앞으로")),
    LineKey(
      keys: [.backspace], edit: .deleteBackward,
      help: KeyHelp("Backspace", "delete the character before the cursor", "커서 앞 글자 지우기")),
    LineKey(
      keys: [.delete], edit: .deleteForward,
      help: KeyHelp("Delete", "delete the character under the cursor", "커서 위치의 글자 지우기")),
    LineKey(
      keys: [.control("d")], edit: .deleteOrCancel,
      help: KeyHelp(
        "Ctrl-D", "delete the character under the cursor; on an empty line, cancel",
        "커서 위치의 글자 지우기; 빈 줄이면 취소")),
    LineKey(
      keys: [.control("w")], edit: .cutWord,
      help: KeyHelp("Ctrl-W", "cut the word before the cursor", "커서 앞 낱말 잘라 내기")),
    LineKey(
      keys: [.control("u")], edit: .cutToStart,
      help: KeyHelp("Ctrl-U", "cut everything before the cursor", "커서 앞 전부 잘라 내기")),
    LineKey(
      keys: [.control("k")], edit: .cutToEnd,
      help: KeyHelp("Ctrl-K", "cut everything from the cursor on", "커서부터 끝까지 잘라 내기")),
    LineKey(
      keys: [.control("y")], edit: .yank,
      help: KeyHelp("Ctrl-Y", "paste back what was cut last", "마지막에 잘라 낸 것 다시 붙이기")),
    LineKey(
      keys: [.newLine], edit: .lineBreak,
      help: KeyHelp(
        "Ctrl-J / Alt-Enter", "a line break (a message, a note; elsewhere: run the line)",
        "줄 바꿈 (채팅, 일기 메모; 그 밖에서는 입력 실행)")),
    LineKey(
      keys: [.up], edit: .earlier,
      help: KeyHelp("↑", "the line entered before this one", "이전에 입력한 줄")),
    LineKey(
      keys: [.down], edit: .later,
      help: KeyHelp("↓", "the line entered after it, then the one typed", "다음에 입력한 줄, 끝에서 입력 중인 줄")),
  ]

  /// The edit `key` makes on an input line; `nil` for a key it does not take.
  static func lineEdit(for key: Key) -> LineEdit? {
    lineKeys.first { $0.keys.contains(key) }?.edit
  }

  /// The headings of `?`'s sections.
  static let screenHeading = Wording("keys of this screen", "이 화면의 키")
  static let everywhereHeading = Wording("Every screen", "모든 화면")
  static let lineHeading = Wording("On an input line", "입력 줄에서")
  static let otherScreensHeading = Wording("Other screens", "다른 화면")
  static var helpHeadings: [KeyHelp] {
    [screenHeading, everywhereHeading, lineHeading, otherScreensHeading].map { KeyHelp("", $0) }
  }
}

/// Words Pocket reads in either language (they cannot be mistaken for each other), each
/// listed once with its English and Korean forms.
enum TypedWords {
  /// `--date today`.
  static let today: Set<String> = ["today", "오늘"]
  /// `--date yesterday`.
  static let yesterday: Set<String> = ["yesterday", "어제"]
  /// An answer of yes to a question (y or n).
  static let yes: Set<String> = ["y", "yes", "예", "네", "ㅇ"]
}

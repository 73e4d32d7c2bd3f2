/// A wording in both languages: a switch over a value says each case's English and Korean
/// side by side, once, and each language's sentence takes its side (the live view's words,
/// a PostgreSQL URL's or an archive layout's fault).
package struct Wording: Equatable, Sendable {
  package var english: String
  package var korean: String

  package init(_ english: String, _ korean: String) {
    self.english = english
    self.korean = korean
  }

  package func text(_ language: Language) -> String { language == .ko ? korean : english }
}

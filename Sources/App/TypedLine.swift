/// A line read from standard input.
package enum TypedLine: Equatable, Sendable {
  case text(String)
  /// A line that is not UTF-8, as `UTF8Bytes.shown` shows it: refused, never repaired.
  case notUTF8(shown: String)
}

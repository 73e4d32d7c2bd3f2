/// A Swift value sent as a statement's parameter (`$1`, `$2`, …), in PostgreSQL's text
/// form; `nil` is SQL NULL. Values are never part of the statement's text.
protocol PostgresBindable {
  var postgresText: String? { get }
}

extension Int64: PostgresBindable {
  var postgresText: String? { String(self) }
}

extension Int: PostgresBindable {
  var postgresText: String? { String(self) }
}

extension Bool: PostgresBindable {
  var postgresText: String? { self ? "true" : "false" }
}

extension String: PostgresBindable {
  /// Escaped (`PostgresText`): the server's text cannot hold U+0000.
  var postgresText: String? { PostgresText.encoded(self) }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
  var postgresText: String? { flatMap(\.postgresText) }
}

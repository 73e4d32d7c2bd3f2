/// A value for a statement's parameter, as both SQL stores take it.
enum SQLValue: Equatable, Sendable {
  case integer(Int64)
  case text(String)
  /// SQLite keeps it as 1 or 0; PostgreSQL as a `boolean`.
  case boolean(Bool)
  case null
}

/// A Swift value that binds to a statement's parameter (`?` in `SQLText`), on either store.
protocol SQLBindable {
  var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable {
  var sqlValue: SQLValue { .integer(self) }
}

extension Int: SQLBindable {
  var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Bool: SQLBindable {
  var sqlValue: SQLValue { .boolean(self) }
}

extension String: SQLBindable {
  var sqlValue: SQLValue { .text(self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
  var sqlValue: SQLValue { map(\.sqlValue) ?? .null }
}

/// The text of a statement both stores run, written once with a `?` for each parameter and
/// spelled for each database when made: SQLite reads the `?`s, PostgreSQL `$1`, `$2`, ….
/// Make one once (a `static let`), not per call: the spelling walks the text.
struct SQLText: Sendable, CustomStringConvertible {
  /// With `?` for each parameter, as SQLite reads it.
  let questionMarks: String
  /// With `$1`, `$2`, … in order, as PostgreSQL reads it.
  let numbered: String

  /// `text` with a `?` for each parameter; a `?` inside a quoted literal is text.
  init(_ text: String) {
    questionMarks = text
    var numbered = ""
    numbered.reserveCapacity(text.utf8.count + 8)
    var parameter = 0
    var quoted = false
    for character in text {
      if character == "'" { quoted.toggle() }
      if character == "?", !quoted {
        parameter += 1
        numbered += "$\(parameter)"
      } else {
        numbered.append(character)
      }
    }
    self.numbered = numbered
  }

  var description: String { questionMarks }
}

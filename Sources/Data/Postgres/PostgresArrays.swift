/// Arrays sent as one parameter each, in PostgreSQL's array literal form (`{…}`), so that a
/// statement inserts many rows (`unnest($1::bigint[], $2::text[], …)`) with a constant text
/// and a handful of parameters, however many rows it carries.
enum PostgresArray {
  /// `values` as a `bigint[]` literal.
  static func literal(_ values: some Sequence<Int64>) -> String {
    "{" + values.lazy.map(String.init).joined(separator: ",") + "}"
  }

  /// `values` as a `boolean[]` literal.
  static func literal(_ values: some Sequence<Bool>) -> String {
    "{" + values.lazy.map { $0 ? "t" : "f" }.joined(separator: ",") + "}"
  }

  /// `values` as a `text[]` literal: each element in double quotes, with `\` and `"`
  /// escaped by a backslash, so any text (spaces, commas, braces, the word NULL) is one
  /// element as it is. (The literal itself is a text parameter, escaped as every text is:
  /// `PostgresText`.)
  static func literal(_ values: some Sequence<String>) -> String {
    var literal = "{"
    var first = true
    for value in values {
      if !first { literal += "," }
      first = false
      literal += "\""
      if value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) {
        for character in value.unicodeScalars {
          if character == "\\" || character == "\"" { literal += "\\" }
          literal.unicodeScalars.append(character)
        }
      } else {
        literal += value
      }
      literal += "\""
    }
    return literal + "}"
  }

  /// `values` as an array literal of their type: integers, booleans (`t`, `f`), or texts
  /// quoted as `literal` quotes them; `.null` is an SQL NULL.
  static func literal(_ values: some Sequence<SQLValue>) -> String {
    let elements = values.lazy.map { value in
      switch value {
      case .integer(let integer): String(integer)
      case .boolean(let boolean): boolean ? "t" : "f"
      case .text(let text): String(literal(CollectionOfOne(text)).dropFirst().dropLast())
      case .null: "NULL"
      }
    }
    return "{" + elements.joined(separator: ",") + "}"
  }
}

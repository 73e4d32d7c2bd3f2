/// Text as the postgres store keeps it. PostgreSQL's `text` cannot hold U+0000, which a
/// Swift string (a chat message, a note, a title typed or imported) can, and libpq's C
/// strings would cut a value short at it. So every text value is sent escaped and read
/// back unescaped, and every string round-trips exactly:
///
/// - U+0000 is sent as U+FDD0 U+FDD1, and U+FDD0 as U+FDD0 U+FDD0 (U+FDD0 and U+FDD1
///   are Unicode noncharacters, set aside for a program's internal use);
/// - on reading, U+FDD0 followed by U+FDD1 or U+FDD0 is one U+0000 or U+FDD0; any other
///   U+FDD0 (written by another client) is kept as it is.
///
/// A text holding neither (every text but a few) is sent and read unchanged, so other
/// clients (`psql`) see it as it is, and equality, uniqueness and byte order hold as for
/// the strings themselves.
enum PostgresText {
  /// U+FDD0 and U+FDD1 in UTF-8. (Swift refuses noncharacters in literals, so the escaping
  /// works on the UTF-8 bytes, which is also what the server receives.)
  private static let escape: [UInt8] = [0xEF, 0xB7, 0x90]
  private static let escapedNUL: [UInt8] = [0xEF, 0xB7, 0x91]
  /// The byte every encoded scalar of the two starts with.
  private static let lead: UInt8 = 0xEF

  /// `text` as the server can hold it.
  static func encoded(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0 || $0 == lead }) else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 6)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0 {
        result += escape + escapedNUL
        index += 1
      } else if startsEscape(bytes, at: index) {
        result += escape + escape
        index += escape.count
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The text `stored` (as `encoded` gives it) stands for.
  static func decoded(_ stored: String) -> String {
    guard stored.utf8.contains(lead) else { return stored }
    let bytes = Array(stored.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let next = index + escape.count
      if startsEscape(bytes, at: index), startsEscape(bytes, at: next) {
        result += escape
        index = next + escape.count
      } else if startsEscape(bytes, at: index), bytes[next...].starts(with: escapedNUL) {
        result.append(0)
        index = next + escapedNUL.count
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static func startsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
    index < bytes.count && bytes[index...].starts(with: escape)
  }
}

extension SQLBindable {
  /// The value in PostgreSQL's text form, as a statement's parameter is sent; `nil` is SQL
  /// NULL. Text is escaped (`PostgresText`): the server's text cannot hold U+0000.
  var postgresText: String? {
    switch sqlValue {
    case .integer(let integer): String(integer)
    case .text(let text): PostgresText.encoded(text)
    case .boolean(let boolean): boolean ? "true" : "false"
    case .null: nil
    }
  }
}

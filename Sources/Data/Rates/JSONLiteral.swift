import Foundation

/// A JSON value that keeps every number as the text it was written with, so a decimal can
/// be read exactly (Foundation's JSON readers go through `Double` for some numbers).
indirect enum JSONLiteral {
  case object([String: JSONLiteral])
  case array([JSONLiteral])
  case string(String)
  /// The number's literal text, e.g. "1350.003043".
  case number(String)
  case bool(Bool)
  case null

  /// Parses a complete JSON text (RFC 8259).
  /// - Throws: a reason with the byte offset of the first problem.
  static func parse(_ bytes: [UInt8]) throws(InvalidDocument) -> JSONLiteral {
    var parser = Parser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.failure("unexpected text after the end") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    static let maxDepth = 512

    func failure(_ what: String) -> InvalidDocument {
      InvalidDocument(
        reason: index >= bytes.count
          ? "\(what) at the end (truncated?)" : "\(what) at byte \(index)")
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      }
    }

    mutating func expect(_ literal: String) throws(InvalidDocument) {
      for byte in literal.utf8 {
        guard current == byte else { throw failure("invalid literal") }
        index += 1
      }
    }

    mutating func value(depth: Int) throws(InvalidDocument) -> JSONLiteral {
      guard depth < Self.maxDepth else { throw failure("nesting too deep") }
      switch current {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try expect("null")
        return .null
      case .some(let byte) where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte):
        return .number(try number())
      default:
        throw failure("expected a value")
      }
    }

    mutating func object(depth: Int) throws(InvalidDocument) -> JSONLiteral {
      index += 1
      var members: [String: JSONLiteral] = [:]
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
        let key = try string()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        skipWhitespace()
        members[key] = try value(depth: depth + 1)
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return .object(members)
        default: throw failure("expected ',' or '}'")
        }
      }
    }

    mutating func array(depth: Int) throws(InvalidDocument) -> JSONLiteral {
      index += 1
      var elements: [JSONLiteral] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try value(depth: depth + 1))
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return .array(elements)
        default: throw failure("expected ',' or ']'")
        }
      }
    }

    mutating func number() throws(InvalidDocument) -> String {
      let start = index
      while let byte = current,
        (0x30...0x39).contains(byte) || "+-.eE".utf8.contains(byte)
      {
        index += 1
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      // Only the grammar here: whether the value fits is for the reader of the field, which
      // can name it ("the rate of KRW 1e999 …").
      guard DecimalText.isNumberLiteral(Array(bytes[start..<index])) else {
        index = start
        throw failure("invalid number \"\(text)\"")
      }
      return text
    }

    mutating func string() throws(InvalidDocument) -> String {
      index += 1
      var utf8: [UInt8] = []
      while true {
        guard let byte = current else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: utf8, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard let escaped = current else { throw failure("unterminated string") }
          index += 1
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
          case UInt8(ascii: "b"): utf8.append(0x08)
          case UInt8(ascii: "f"): utf8.append(0x0C)
          case UInt8(ascii: "n"): utf8.append(0x0A)
          case UInt8(ascii: "r"): utf8.append(0x0D)
          case UInt8(ascii: "t"): utf8.append(0x09)
          case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
          default: throw failure("invalid escape")
          }
        case 0x00..<0x20:
          throw failure("control character in a string")
        default:
          utf8.append(byte)
        }
      }
    }

    /// The UTF-8 of a `\uXXXX` escape (its `\u` already read), joining surrogate pairs.
    mutating func unicodeEscape() throws(InvalidDocument) -> [UInt8] {
      var scalarValue = try hexQuad()
      if (0xD800..<0xDC00).contains(scalarValue), current == UInt8(ascii: "\\"),
        index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
      {
        index += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else { throw failure("invalid \\u escape") }
      return Array(String(Character(scalar)).utf8)
    }

    mutating func hexQuad() throws(InvalidDocument) -> UInt32 {
      let hexDigits = Array("0123456789abcdefABCDEF".utf8)
      guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy(hexDigits.contains),
        let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
      else { throw failure("invalid \\u escape") }
      index += 4
      return value
    }
  }
}

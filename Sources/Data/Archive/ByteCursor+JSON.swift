/// Moving a `ByteCursor` past JSON values without decoding them: what the layout scan
/// (`ArchiveFileLayout`) and the chunked reading (`ArchiveFileReader`) follow a file with.
extension ByteCursor {
  /// Moves past the value that starts at the next byte, whose container lies at `depth`;
  /// whether it was one (strings with their escapes, arrays and objects by their brackets,
  /// nothing nested deeper than `JSONNesting.maxDepth`, anything else up to a delimiter).
  /// It checks only what it needs to find the value's end; the decoder checks the rest.
  /// Each value passed is counted in `values`; a container nested too deep sets `tooDeep`.
  func skipValue(depth: Int) -> Bool {
    guard let first = peek() else { return false }
    values += 1
    switch first {
    case 0x22:  // a quote
      advance()
      return skipStringBody()
    case 0x7B, 0x5B:  // an opening brace or bracket
      var level = 0
      while let byte = skip(until: Self.isStructural) {
        advance()
        switch byte {
        case 0x22:
          guard skipStringBody() else { return false }
        case 0x2C:  // a comma: one more element or member
          values += 1
        case 0x7B, 0x5B:
          values += 1
          level += 1
          if depth + level > JSONNesting.maxDepth {
            tooDeep = true
            return false
          }
        default:  // a closing brace or bracket
          level -= 1
          if level == 0 { return true }
        }
      }
      return false
    default:
      let start = offset
      _ = skip(until: Self.endsAScalar)
      return offset > start
    }
  }

  /// Moves past the rest of a string whose opening quote was passed.
  func skipStringBody() -> Bool {
    // Literals, not named constants: a global is a lazy initialization's check at each use
    // in a debug build, and this runs once a byte.
    while let byte = skip(until: { $0 == 0x22 || $0 == 0x5C }) {  // a quote or a backslash
      advance()
      if byte == 0x22 { return true }
      guard next() != nil else { return false }
    }
    return false
  }

  /// A quote, a comma, or a bracket or brace that opens or closes (`" , { [ } ]`).
  private static func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x22, 0x2C, 0x7B, 0x5B, 0x7D, 0x5D: true
    default: false
    }
  }

  /// What ends a number, `true`, `false` or `null`: a delimiter (`, } ]`) or a space.
  private static func endsAScalar(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x2C, 0x7D, 0x5D: true
    default: isSpace(byte)
    }
  }
}

import Foundation
import PocketDomain

/// How deep JSON from outside may nest, checked in one pass before any parser sees it.
///
/// Foundation's JSON parsers recurse once per array or object level, on Linux too, and
/// what is built for each level (a decoder's container, a coding path) grows with the
/// depth: a few hundred kilobytes of `[[[[…` cost seconds and gigabytes before any field
/// is looked at. No Pocket format nests deeper than 5 levels (a journal line's message:
/// the line, `change`, `insertMessages`, `messages`, the message), so every reader — the
/// rates decoder, an archive to import, a json store's snapshot and journal — refuses
/// anything deeper than `maxDepth` here first, in time linear in the bytes and with no
/// memory of its own.
enum JSONNesting {
  /// The deepest nesting of arrays and objects read.
  static let maxDepth = 64

  /// Why `bytes` cannot be read, naming the depth and where it is passed, or `nil` when
  /// no array or object in it lies deeper than `maxDepth`. Brackets inside strings do not
  /// count; the grammar is left to the parser.
  static func problem(in bytes: UnsafeRawBufferPointer) -> DocumentProblem? {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let end = base + bytes.count
    var next = base
    var depth = 0
    while next < end {
      let byte = next.pointee
      next += 1
      switch byte {
      case UInt8(ascii: "\""):
        // Past the closing quote, escapes and all; an unterminated string ends the text.
        while next < end {
          let inside = next.pointee
          next += inside == UInt8(ascii: "\\") ? 2 : 1
          if inside == UInt8(ascii: "\"") { break }
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maxDepth {
          return .nestedTooDeep(levels: maxDepth, byte: base.distance(to: next))
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth = max(0, depth - 1)
      default:
        break
      }
    }
    return nil
  }

  static func problem(in bytes: [UInt8]) -> DocumentProblem? {
    bytes.withUnsafeBytes { problem(in: $0) }
  }

  static func problem(in bytes: ArraySlice<UInt8>) -> DocumentProblem? {
    bytes.withUnsafeBytes { problem(in: $0) }
  }

  static func problem(in data: Foundation.Data) -> DocumentProblem? {
    data.withUnsafeBytes { problem(in: $0) }
  }
}

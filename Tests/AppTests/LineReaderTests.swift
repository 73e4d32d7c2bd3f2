import Foundation
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input's reader: lines as `Swift.readLine` gives them, but never more than the
/// limit and one byte of a line held.
@Suite("Line reader")
struct LineReaderTests {
  /// Every line `LineReader` reads from a pipe holding `bytes`.
  func lines(of bytes: [UInt8], limit: Int) throws -> [TypedLine] {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let reader = LineReader(descriptor: ends[0], limit: limit)
    defer { close(ends[0]) }
    // Written from another thread: the input may be larger than the pipe's buffer.
    let writer = ends[1]
    let thread = Thread {
      var offset = 0
      while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        offset += count
      }
      close(writer)
    }
    thread.start()
    var lines: [TypedLine] = []
    while let line = reader.readLine() { lines.append(line) }
    #expect(reader.readLine() == nil, "the end of input stays the end")
    return lines
  }

  @Test func linesEndAtNewlinesAndTheEndOfInput() throws {
    #expect(
      try lines(of: Array("a\r\nb\n\n  c  \nlast".utf8), limit: 100) == [
        .text("a"), .text("b"), .text(""), .text("  c  "), .text("last"),
      ])
    #expect(try lines(of: Array("one\n".utf8), limit: 100) == [.text("one")])
    #expect(try lines(of: [], limit: 100) == [])
  }

  /// A line that is not UTF-8 is never repaired: it comes as such, its bytes shown, and the
  /// line after it is read whole.
  @Test func aLineThatIsNotUTF8ComesAsSuch() throws {
    #expect(
      try lines(of: [0x61, 0xFF, 0x62, 0x0A, 0x63, 0x0A], limit: 100) == [
        .notUTF8(shown: "a\\xFFb"), .text("c"),
      ])
    // A character cut short, a lone continuation byte, an overlong form, an encoded surrogate.
    #expect(
      try lines(of: Array("가".utf8.prefix(2)) + [0x0A, 0x80, 0x0A, 0xC0, 0xAF, 0x0A], limit: 100)
        == [.notUTF8(shown: "\\xEA\\xB0"), .notUTF8(shown: "\\x80"), .notUTF8(shown: "\\xC0\\xAF")])
    #expect(
      try lines(of: [0xED, 0xA0, 0x80, 0x0A], limit: 100) == [
        .notUTF8(shown: "\\xED\\xA0\\x80")
      ])
  }

  @Test func anOverLongLineIsCutJustPastTheLimitAndTheNextLineIsWhole() throws {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
    let read = try lines(of: long + Array("\nok\n".utf8), limit: 1_000)
    let texts = read.compactMap { line in if case .text(let text) = line { text } else { nil } }
    #expect(texts.map(\.utf8.count) == [1_001, 2])
    #expect(texts.last == "ok")
    // A line of exactly the limit is whole.
    let exact = [UInt8](repeating: UInt8(ascii: "y"), count: 1_000)
    #expect(
      try lines(of: exact + [0x0A], limit: 1_000) == [.text(String(repeating: "y", count: 1_000))])
  }
}

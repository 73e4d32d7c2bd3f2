import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a file descriptor holding at most `limit + 1` bytes of any one line.
///
/// The rest of an over-long line is read and thrown away as it arrives, so a 300 MB line
/// costs no more memory than a short one; the caller sees `limit + 1` bytes and refuses
/// the line as too long. A line ends at `\n` (a `\r` before it is dropped too) or at the
/// end of input. A line that is not UTF-8 is never repaired (`Swift.readLine` would put
/// U+FFFD in, and a path typed so would name another file): it comes as `.notUTF8`.
final class LineReader {
  private let descriptor: Int32
  private let limit: Int
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  private var start = 0
  private var end = 0
  private var atEnd = false

  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
  }

  /// The next line without its line break, or `nil` at the end of input.
  func readLine() -> TypedLine? {
    var line: [UInt8] = []
    var sawAny = false
    while true {
      if start == end {
        guard refill() else {
          return sawAny ? text(line) : nil
        }
      }
      sawAny = true
      let newline = newlineIndex()
      keep(buffer[start..<(newline ?? end)], in: &line)
      guard let newline else {
        start = end
        continue
      }
      start = newline + 1
      if line.last == UInt8(ascii: "\r"), line.count <= limit { line.removeLast() }
      return text(line)
    }
  }

  /// The index of the first `\n` in the buffered input, if any.
  private func newlineIndex() -> Int? {
    buffer.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  /// Appends what fits of `bytes` under the cap of `limit + 1` bytes.
  private func keep(_ bytes: ArraySlice<UInt8>, in line: inout [UInt8]) {
    let room = limit + 1 - line.count
    if room > 0 { line.append(contentsOf: bytes.prefix(room)) }
  }

  /// Reads more input into the empty buffer.
  /// - Returns: `false` at the end of input.
  private func refill() -> Bool {
    guard !atEnd else { return false }
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        // The end of input, or input that cannot be read any more: both end the session.
        atEnd = true
        return false
      }
      start = 0
      end = count
      return true
    }
  }

  /// The line `bytes` make; one cut past the limit (maybe inside a character) is refused
  /// as too long whatever its bytes, so it is read repaired.
  private func text(_ bytes: [UInt8]) -> TypedLine {
    if bytes.count > limit { return .text(String(decoding: bytes, as: UTF8.self)) }
    return UTF8Bytes.text(bytes).map(TypedLine.text) ?? .notUTF8(shown: UTF8Bytes.shown(bytes))
  }
}

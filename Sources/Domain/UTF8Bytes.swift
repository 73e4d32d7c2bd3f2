/// Bytes from outside — an argument, an environment variable, a typed line — read as text.
///
/// Pocket's paths are `String`s, which cannot hold bytes that are not UTF-8: repaired (as
/// `CommandLine.arguments` and `String(decoding:as:)` repair them, with U+FFFD) a path
/// would name another file. So such bytes are never repaired: they are refused, and the
/// message shows them with `shown(_:)`. Every layer refuses them the same way (a store's
/// folder whose real path is not UTF-8, a key typed or pasted), so this lives here.
public enum UTF8Bytes {
  /// `bytes` as text when they are UTF-8; `nil` when they are not.
  public static func text(_ bytes: some Collection<UInt8>) -> String? {
    String(validating: bytes, as: UTF8.self)
  }

  /// `bytes` for a message: each character that is UTF-8 as it is, each byte that is not
  /// as `\xHH` (`st\xFFore`).
  public static func shown(_ bytes: [UInt8]) -> String {
    var shown = ""
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
      let end = index + length
      if end <= bytes.count, let character = text(bytes[index..<end]) {
        shown += character
        index = end
      } else {
        shown += "\\x" + (lead < 0x10 ? "0" : "") + String(lead, radix: 16, uppercase: true)
        index += 1
      }
    }
    return shown
  }
}

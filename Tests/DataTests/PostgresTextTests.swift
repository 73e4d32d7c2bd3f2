import Foundation
import TestSupport
import Testing

@testable import PocketData

/// The escaping that lets the postgres store's text hold U+0000 (`PostgresText`): no NUL is
/// ever sent, every string comes back as it was, and text holding neither U+0000 nor the
/// escape U+FDD0 is sent as it is. Needs no server.
@Suite struct PostgresTextTests {
  /// U+FDD0 and U+FDD1, which Swift refuses in a literal, from their UTF-8 bytes.
  static let escape = String(decoding: [0xEF, 0xB7, 0x90] as [UInt8], as: UTF8.self)
  static let escapedNUL = String(decoding: [0xEF, 0xB7, 0x91] as [UInt8], as: UTF8.self)

  @Test func stringsWithNULOrTheEscapeRoundTripAndNoNULIsSent() {
    let (e, n) = (Self.escape, Self.escapedNUL)
    var texts = [
      "\u{0}", "a\u{0}b", "\u{0}\u{0}", e, n, e + n, e + e, e + "\u{0}", "\u{0}" + e + n,
      n + e, "x" + e, e + "x", "ｱ\u{0}ｲ",
    ]
    // Random strings over the characters that matter (and others whose UTF-8 starts with
    // the same byte, EF, as the escape's), from a seed so a failure can be replayed.
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    let alphabet = ["\u{0}", e, n, "a", "ｱ", "\u{FFFD}", "가", "😀", "\\", "\""]
    for _ in 0..<500 {
      let length = Int.random(in: 0...12, using: &generator)
      texts.append(
        (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined())
    }
    for text in texts {
      let sent = PostgresText.encoded(text)
      #expect(!sent.utf8.contains(0), "seed \(seed): \(Array(text.utf8))")
      #expect(
        Array(PostgresText.decoded(sent).utf8) == Array(text.utf8),
        "seed \(seed): \(Array(text.utf8))")
    }
  }

  @Test func otherTextIsSentAndReadAsItIs() {
    let e = Self.escape
    for text in ["", "hello", "안녕하세요", "ｱｲｳ \u{FFFD}", "👩‍👩‍👧‍👦", Self.escapedNUL, "a\\b\"c"] {
      #expect(PostgresText.encoded(text) == text)
      #expect(PostgresText.decoded(text) == text)
    }
    // An escape another client wrote, not followed by what `encoded` writes, stays.
    for stored in [e, "x" + e + "y", e + "ｱ"] {
      #expect(Array(PostgresText.decoded(stored).utf8) == Array(stored.utf8))
    }
  }
}

/// A store reached on a Unix socket is named with its socket folder percent-encoded as a
/// URL's host (`PostgresTarget.name`), every byte but ASCII letters and digits. Needs no
/// server.
@Suite struct PostgresStoreNameTests {
  @Test func aSocketFolderIsEncodedAsFoundationEncodesIt() {
    // ASCII folders: the same as Foundation's encoding with letters and digits kept.
    for folder in ["/tmp/pgdev", "/var/run/postgresql", "/tmp/a b/%x+y", "/run/user/1000/.s~"] {
      #expect(
        PostgresTarget.percentEncoded(folder)
          == folder.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    }
  }

  @Test func everyByteOfOtherCharactersIsEncoded() {
    #expect(PostgresTarget.percentEncoded("/tmp/é") == "%2Ftmp%2F%C3%A9")
    #expect(PostgresTarget.percentEncoded("/데이터") == "%2F%EB%8D%B0%EC%9D%B4%ED%84%B0")
    #expect(PostgresTarget.percentEncoded("") == "")
  }

  @Test func theNameHoldsTheEncodedFolder() {
    let name = PostgresTarget.name(
      user: "me", host: "/tmp/pg dev", port: "5433", database: "notes", schema: "pocket")
    #expect(name == "postgresql://me@%2Ftmp%2Fpg%20dev:5433/notes (schema pocket)")
  }
}

import Testing

@testable import PocketApp

@Suite("Terminal keys decoded from bytes")
struct TerminalKeyDecoderTests {
  static let keys: [(String, [UInt8], Key)] = [
    ("a", Array("a".utf8), .character("a")),
    ("space", [0x20], .character(" ")),
    ("CR", [0x0D], .enter),
    ("LF, Ctrl-J", [0x0A], .newLine),
    ("alt-enter", [0x1B, 0x0D], .newLine),
    ("tab", [0x09], .tab),
    ("shift-tab", Array("\u{1B}[Z".utf8), .backTab),
    ("DEL", [0x7F], .backspace),
    ("BS", [0x08], .backspace),
    ("delete", Array("\u{1B}[3~".utf8), .delete),
    ("up CSI", Array("\u{1B}[A".utf8), .up),
    ("down CSI", Array("\u{1B}[B".utf8), .down),
    ("right CSI", Array("\u{1B}[C".utf8), .right),
    ("left CSI", Array("\u{1B}[D".utf8), .left),
    ("up SS3", Array("\u{1B}OA".utf8), .up),
    ("down SS3", Array("\u{1B}OB".utf8), .down),
    ("right SS3", Array("\u{1B}OC".utf8), .right),
    ("left SS3", Array("\u{1B}OD".utf8), .left),
    ("ctrl-up", Array("\u{1B}[1;5A".utf8), .up),
    ("alt-left", Array("\u{1B}[1;3D".utf8), .wordLeft),
    ("alt-right", Array("\u{1B}[1;3C".utf8), .wordRight),
    ("ctrl-left", Array("\u{1B}[1;5D".utf8), .wordLeft),
    ("ctrl-right", Array("\u{1B}[1;5C".utf8), .wordRight),
    ("alt-b", Array("\u{1B}b".utf8), .wordLeft),
    ("alt-f", Array("\u{1B}f".utf8), .wordRight),
    ("shift-left", Array("\u{1B}[1;2D".utf8), .left),
    ("home CSI H", Array("\u{1B}[H".utf8), .home),
    ("home SS3 H", Array("\u{1B}OH".utf8), .home),
    ("home 1~", Array("\u{1B}[1~".utf8), .home),
    ("home 7~", Array("\u{1B}[7~".utf8), .home),
    ("end CSI F", Array("\u{1B}[F".utf8), .end),
    ("end SS3 F", Array("\u{1B}OF".utf8), .end),
    ("end 4~", Array("\u{1B}[4~".utf8), .end),
    ("end 8~", Array("\u{1B}[8~".utf8), .end),
    ("page up", Array("\u{1B}[5~".utf8), .pageUp),
    ("page down", Array("\u{1B}[6~".utf8), .pageDown),
    ("ctrl-c", [0x03], .control("c")),
    ("ctrl-d", [0x04], .control("d")),
    ("ctrl-l", [0x0C], .control("l")),
    ("ctrl-z", [0x1A], .control("z")),
    ("Korean", Array("한".utf8), .character("한")),
    ("emoji", Array("👍".utf8), .character("👍")),
  ]

  @Test(arguments: keys)
  func everyKeyWholeAndOneByteAtATime(name: String, bytes: [UInt8], key: Key) {
    var whole = KeyDecoder()
    #expect(whole.feed(bytes) == [key], "\(name) in one read")
    #expect(!whole.hasPending, "\(name)")

    var split = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes { keys += split.feed([byte]) }
    #expect(keys == [key], "\(name) one byte per read")
    #expect(!split.hasPending, "\(name)")
  }

  @Test func koreanSplitInsideItsUTF8ArrivesWhole() {
    let bytes = Array("안녕".utf8)  // 6 bytes: 3 + 3
    var decoder = KeyDecoder()
    #expect(decoder.feed(bytes[0..<2]) == [])
    #expect(decoder.feed(bytes[2..<4]) == [.character("안")])
    #expect(decoder.feed(bytes[4..<5]) == [])
    #expect(decoder.feed(bytes[5...]) == [.character("녕")])
    #expect(!decoder.hasPending)
  }

  @Test func severalKeysInOneRead() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed(Array("l\u{1B}[Bq\r".utf8)) == [.character("l"), .down, .character("q"), .enter])
  }

  /// The keys with the `.paste` pieces in a row joined, as the input line takes them.
  func joiningPastes(_ keys: [Key]) -> [Key] {
    var joined: [Key] = []
    for key in keys {
      if case .paste(let piece) = key, case .paste(let before) = joined.last {
        joined[joined.count - 1] = .paste(before + piece)
      } else {
        joined.append(key)
      }
    }
    return joined
  }

  @Test func aPasteSpanningReadsWithEscapesAndNewlinesIsTextInPieces() {
    let pasted = "첫 줄\n\u{1B}[A second\r\n\u{1B}[200~ third"
    let bytes = Array(("x\u{1B}[200~" + pasted + "\u{1B}[201~y").utf8)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {  // reads of 3 bytes: markers and characters split
      keys += decoder.feed(bytes[index..<min(bytes.count, index + 3)])
      index += 3
    }
    #expect(
      joiningPastes(keys) == [.character("x"), .pasteStarted, .paste(pasted), .character("y")])
    // No piece splits a character or holds part of the end marker.
    #expect(
      !keys.contains {
        if case .paste(let piece) = $0 { piece.contains("\u{FFFD}") } else { false }
      })
    #expect(!decoder.hasPending)

    var oneByte = KeyDecoder()
    var oneByteKeys: [Key] = []
    for byte in bytes { oneByteKeys += oneByte.feed([byte]) }
    #expect(joiningPastes(oneByteKeys) == joiningPastes(keys))
  }

  @Test func anUnfinishedPasteGivesItsTextButNotWhatMayBeginItsEnd() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}".utf8)) == [.pasteStarted, .paste("abc")])
    #expect(!decoder.hasPending)
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed(Array("[201~d".utf8)) == [.character("d")])
    // A character split across reads waits for its last byte.
    let korean = Array("\u{1B}[200~한\u{1B}[201~".utf8)
    #expect(decoder.feed(korean[..<7]) == [.pasteStarted])
    #expect(decoder.feed(korean[7...]) == [.paste("한")])
  }

  /// A typed character whose last bytes come after the reader's quiet time (a loaded
  /// machine) is not pending, so no flush drops it: it is whole once they come. A lone ESC
  /// still is, and becomes Esc.
  @Test func aCharacterSplitPastTheQuietTimeIsKeptWhole() {
    var decoder = KeyDecoder()
    let korean = Array("안녕".utf8)
    #expect(decoder.feed(korean[..<2]) == [])
    #expect(!decoder.hasPending)
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed(korean[2...]) == [.character("안"), .character("녕")])
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [.escape])
    // A lead byte a key does not continue is refused, and the key that showed it is dropped.
    #expect(decoder.feed([0xEC]) == [])
    #expect(decoder.feed(Array("a".utf8)) == [.notUTF8(shown: "\\xEC", pasted: false)])
    #expect(decoder.feed(Array("b".utf8)) == [.character("b")])
  }

  @Test func aPasteIsNeverHeldWhole() {
    // 1 MB pasted in reads of 4 KiB: every read's text comes out with that read, so what
    // the decoder keeps between reads stays a few bytes.
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [.pasteStarted])
    let read = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
    var pasted = 0
    for _ in 0..<256 {
      let keys = decoder.feed(read)
      #expect(keys == [.paste(String(repeating: "x", count: 4096))])
      pasted += keys.count * 4096
    }
    #expect(decoder.feed(Array("\u{1B}[201~q".utf8)) == [.character("q")])
    #expect(pasted == 1 << 20)
  }

  @Test func aLoneEscapeIsEscapeOnlyAfterFlushPending() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [.escape])
    #expect(!decoder.hasPending)
    #expect(decoder.flushPending() == [])
  }

  @Test func anEscapeFollowedInTheNextReadByTheRestOfASequenceIsThatKey() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed(Array("[".utf8)) == [])
    #expect(decoder.hasPending)
    #expect(decoder.feed(Array("A".utf8)) == [.up])
  }

  @Test func escapeThenAnotherKeyIsBoth() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    #expect(decoder.feed(Array("\u{1B}\u{1B}".utf8)) == [.escape])
    #expect(decoder.flushPending() == [.escape])
  }

  @Test func unknownSequencesAreDroppedWhole() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed(Array("\u{1B}[15~a\u{1B}OPb\u{1B}[2~c".utf8)) == [
        .character("a"), .character("b"), .character("c"),
      ])
    #expect(decoder.feed(Array("\u{1B}]11;rgb:0/0/0\u{07}d".utf8)) == [.character("d")])
  }

  /// A modifier parameter is any bytes 0x20–0x3F, so a sign and 19 digits are one a
  /// terminal (or bytes pasted outside a bracketed paste) can send: `Int.min`, from which
  /// the decoder took 1, trapped. A parameter that is no modifier leaves the arrow plain.
  @Test(arguments: ["-9223372036854775808", "9223372036854775807", "0", "-1", "257", "+3"])
  func aModifierParameterOutOfRangeIsNoModifier(parameter: String) {
    var decoder = KeyDecoder()
    let arrow = Array("\u{1B}[1;\(parameter)D".utf8)
    #expect(
      decoder.feed(arrow + Array("a".utf8)) == [
        parameter == "+3" ? .wordLeft : .left, .character("a"),
      ])
    #expect(!decoder.hasPending)
  }

  @Test func anUnfinishedSequenceIsDroppedByFlushPending() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;".utf8)) == [])
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed(Array("z".utf8)) == [.character("z")])
  }

  /// Typed bytes that are not UTF-8 are refused, never repaired or dropped unseen: the
  /// keys after them in the read are dropped too, so an Enter among them runs no line that
  /// lacks them.
  @Test func typedBytesThatAreNotUTF8AreRefusedWithTheKeysAfterThem() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed([0x61, 0xFF, 0x62, 0x80, 0xC3])
        == [.character("a"), .notUTF8(shown: "\\xFF", pasted: false)])
    // The unfinished C3 is not continued: refused, and the Enter with it dropped.
    #expect(decoder.feed([0x0D]) == [.notUTF8(shown: "\\xC3", pasted: false)])
    #expect(decoder.feed([0x62]) == [.character("b")])
    // Latin-1 `é` typed, then Enter in the same read: the Enter does not come.
    #expect(
      decoder.feed(Array("caf".utf8) + [0xE9, 0x0D])
        == [
          .character("c"), .character("a"), .character("f"),
          .notUTF8(shown: "\\xE9", pasted: false),
        ])
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
    #expect(decoder.feed([0xC0, 0xAF]) == [.notUTF8(shown: "\\xC0\\xAF", pasted: false)])
    #expect(
      decoder.feed([0xED, 0xA0, 0x80]) == [.notUTF8(shown: "\\xED\\xA0\\x80", pasted: false)])
    #expect(
      decoder.feed([0xF4, 0x90, 0x80, 0x80])
        == [.notUTF8(shown: "\\xF4\\x90\\x80\\x80", pasted: false)])
    // U+FFFD typed is a character like any other.
    #expect(decoder.feed(Array("\u{FFFD}".utf8)) == [.character("\u{FFFD}")])
    // A paste in the read of a refused key is dropped whole, to its end.
    #expect(
      decoder.feed([0xE9] + Array("\u{1B}[200~abc".utf8))
        == [.notUTF8(shown: "\\xE9", pasted: false)])
    #expect(decoder.feed(Array("def\u{1B}[201~g".utf8)) == [.character("g")])
  }

  /// A paste holding bytes that are not UTF-8 is refused whole: no piece of it after them,
  /// and the message shows them with the text around them.
  @Test func aPasteThatIsNotUTF8IsRefusedWhole() {
    var decoder = KeyDecoder()
    let path = Array("/tmp/caf".utf8) + [0xE9] + Array(".json".utf8)
    #expect(
      decoder.feed(Array("\u{1B}[200~".utf8) + path + Array("\u{1B}[201~q".utf8))
        == [.pasteStarted, .notUTF8(shown: "/tmp/caf\\xE9.json", pasted: true), .character("q")])
    // Across reads: the pieces before come first, then the refusal; the rest is dropped.
    #expect(
      decoder.feed(Array("\u{1B}[200~/tmp/caf".utf8)) == [.pasteStarted, .paste("/tmp/caf")])
    #expect(
      decoder.feed([0xE9] + Array(".json and more".utf8))
        == [.notUTF8(shown: "/tmp/caf\\xE9.json and more", pasted: true)])
    #expect(decoder.feed(Array(" dropped\u{1B}[201~".utf8)) == [])
    #expect(decoder.feed(Array("r".utf8)) == [.character("r")])
    // A long paste shows 24 bytes on each side, whole characters, `…` where it is cut.
    let before = String(repeating: "가", count: 20)  // 60 bytes
    let after = String(repeating: "b", count: 40)
    #expect(
      decoder.feed(
        Array("\u{1B}[200~\(before)".utf8) + [0xFF] + Array("\(after)\u{1B}[201~".utf8))
        == [
          .pasteStarted,
          .notUTF8(
            shown: "…" + String(repeating: "가", count: 8) + "\\xFF"
              + String(repeating: "b", count: 23) + "…", pasted: true),
        ])
  }

  @Test func aCombiningMarkOrModifierInTheSameReadStaysWithItsCharacter() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("e\u{301}".utf8)) == [.character("e\u{301}")])
    #expect(decoder.feed(Array("👍🏽".utf8)) == [.character("👍🏽")])
  }
}

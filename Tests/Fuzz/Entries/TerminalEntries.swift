#if DEBUG
  import PocketData
  import PocketDomain
  import Foundation
  import PocketPresentation

  @testable import PocketApp

  extension FuzzEntries {
    /// The bytes as what a terminal sends, decoded into keys (`KeyDecoder`) in the reads the
    /// first byte cuts them into (1–8 bytes each, so a sequence can fall across two reads),
    /// with a quiet time (`flushPending`) where a read ends in a lone ESC when that byte is
    /// odd. A character decoded is never a control character (those are keys of their own);
    /// a paste is the user's text as it came, and is escaped where it is drawn (`inputLine`).
    public static func keys(_ bytes: [UInt8]) {
      _ = decodeKeys(bytes)
    }

    /// The keys in `bytes`, read as `keys` reads them, checked.
    static func decodeKeys(_ bytes: [UInt8]) -> [Key] {
      guard let first = bytes.first else { return [] }
      let readSize = Int(first % 8) + 1
      let flushes = first & 0x80 != 0
      var decoder = KeyDecoder()
      var keys: [Key] = []
      var start = 1
      while start < bytes.count {
        let end = min(bytes.count, start + readSize)
        keys += decoder.feed(bytes[start..<end])
        if flushes, decoder.hasPending { keys += decoder.flushPending() }
        start = end
      }
      keys += decoder.flushPending()
      for key in keys {
        switch key {
        case .character(let character):
          FuzzCheck.require(
            !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "a control character decoded as text: \(FuzzCheck.quote(String(character)))")
        default: break
        }
      }
      return keys
    }

    /// The bytes as keys (read as `keys` reads them) typed into the live view, on a fresh
    /// memory store showing 16 of the bundled rates (`FuzzRates`), 24 × 60: the keys open
    /// and edit the input line (`InputLine`: typing, pasting, deleting, moving by word,
    /// recalling the history), and run what it holds.
    /// Each frame is drawn; no row holds a control character, the cursor stands on the
    /// screen, and the input line keeps to its limit.
    @MainActor public static func inputLine(_ bytes: [UInt8]) async {
      let keys = decodeKeys(bytes)
      let strings = Strings(language: bytes.count % 2 == 0 ? .en : .ko, timeZone: .gmt)
      let store = OpenedStore(
        kind: .memory, path: "memory", schemaVersion: ArchiveFile.formatVersion,
        repositories: InMemoryStore(thread: .main).repositories)
      let session = Session(
        store: store, timeline: LocalTime.system().timeline, strings: strings,
        rateSource: nil, bundledRates: FuzzRates.source,
        archiveFiles: InMemoryArchiveFileRepository(), notices: SampleNotices.all)
      if let message = await session.launch() {
        FuzzCheck.fail("a memory store does not launch: \(strings.text(message))")
      }
      let size = TerminalSize(rows: 24, columns: 60)
      let live = LiveController(session: session, renderer: Renderer(strings: strings), size: size)
      check(live.frame(), size)
      for key in keys {
        await live.handle(key)
        if let line = live.state.input?.line {
          FuzzCheck.require(
            line.count <= line.limit && line.text.utf8.count <= line.byteLimit,
            "the input line holds \(line.count) characters past its limit \(line.limit)")
          FuzzCheck.require(
            line.count == line.text.count, "the input line counts \(line.count) characters")
        }
        check(live.frame(), size)
        if live.exit != nil { break }
      }
    }

    /// A frame shows no control character, and its cursor stands on the screen.
    private static func check(_ frame: Frame, _ size: TerminalSize) {
      for line in frame.lines + frame.bottom {
        for span in line.spans {
          FuzzCheck.require(
            !span.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "a control character on the screen: \(FuzzCheck.quote(span.text))")
        }
      }
      if let cursor = frame.cursor {
        FuzzCheck.require(
          (0..<size.rows).contains(cursor.row) && (0...size.columns).contains(cursor.column),
          "the cursor at \(cursor.row), \(cursor.column) off a \(size) screen")
      }
    }
  }
#endif

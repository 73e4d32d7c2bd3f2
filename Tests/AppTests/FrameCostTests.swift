import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// A frame costs what it shows and what changed, not the terminal's height: the live
/// view's frames keep no blank rows, and an update looks only at the rows either frame
/// shows, so a ticking stopwatch at 65535×65535 writes and visits what it does at 24×80.
@MainActor
@Suite("A frame costs what changed")
struct FrameCostTests {
  static let sizes = [
    TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 65535, columns: 80),
    TerminalSize(rows: 65535, columns: 65535),
  ]

  /// A live view on the running stopwatch, its time moved by `clock` alone.
  func stopwatch(_ clock: ManualClock, size: TerminalSize) async -> LiveController {
    let opened = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = Session(
      store: opened, timeline: .manual(clock), strings: strings, rateSource: nil,
      bundledRates: BundledRateSource(), archiveFiles: InMemoryArchiveFileRepository(),
      notices: SampleNotices.all)
    #expect(await session.launch() == nil)
    let live = LiveController(session: session, renderer: Renderer(strings: strings), size: size)
    await live.handle(.character("2"))
    await live.handle(.character(" "))
    await live.handle(.character("l"))
    #expect(live.isTicking)
    return live
  }

  @Test func aTickWritesAndVisitsTheSameRowsAtEveryHeight() async {
    let writer = FrameWriter(ambiguousIsWide: false, colour: false)
    var ticks: [String] = []
    var visited: [Int] = []
    for size in Self.sizes {
      let clock = ManualClock()
      let live = await stopwatch(clock, size: size)
      let before = live.frame()
      clock.advance(by: .milliseconds(1234))
      live.tick()
      let after = live.frame()
      // What the frames hold: the rows they show, never a blank row per terminal row.
      #expect(after.lines.count + after.bottom.count < 20, "\(size)")
      let shown = (before.shownRows(size.rows), after.shownRows(size.rows))
      visited.append(shown.0.count + shown.1.count)
      // The time and the running lap change; nothing else is rewritten.
      #expect(FrameWriter.changes(from: shown.0, to: shown.1).map(\.row) == [3, 5], "\(size)")
      ticks.append(writer.update(from: before, to: after, size: size))
    }
    #expect(ticks.count == 3)
    #expect(Set(ticks).count == 1, "\(ticks)")
    #expect(ticks[0].contains("00:01.23"))
    #expect(Set(visited).count == 1, "\(visited)")
  }

  @Test func theFirstFrameAtAHugeSizeIsAsLongAsAtASmallOne() async {
    let writer = FrameWriter(ambiguousIsWide: false, colour: true)
    let (small, huge) = (Self.sizes[0], Self.sizes[1])
    let clock = ManualClock()
    let first = writer.update(
      from: nil, to: await stopwatch(clock, size: small).frame(), size: small)
    let second = writer.update(
      from: nil, to: await stopwatch(clock, size: huge).frame(), size: huge)
    // The same rows, only the bottom two's row numbers longer.
    #expect(second.count - first.count <= 2 * ("65534".count - "23".count))
    #expect(second.contains("\u{1B}[65535;1H"))
  }

  @Test func rowsAFrameNoLongerShowsAreErased() {
    let writer = FrameWriter(ambiguousIsWide: false, colour: false)
    let size = TerminalSize(rows: 65535, columns: 65535)
    let before = Frame(lines: ["tabs", "", "a", "b"], bottom: ["status", "keys"])
    let after = Frame(lines: ["tabs", "", "a"], bottom: ["", "keys"])
    #expect(
      writer.update(from: before, to: after, size: size)
        == "\u{1B}[?2026h\u{1B}[4;1H\u{1B}[K\u{1B}[65534;1H\u{1B}[K\u{1B}[?25l\u{1B}[?2026l")
    // The bottom rows end on the last row, over any line that reaches them.
    let small = TerminalSize(rows: 3, columns: 10)
    #expect(after.rows(3).map(\.text) == ["tabs", "", "keys"])
    #expect(after.shownRows(small.rows).map(\.row) == [0, 2])
  }
}

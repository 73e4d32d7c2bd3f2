import Foundation
import TestSupport
import TestTraits
import Testing

/// Two terminals showing the same item act on it at the same moment: an action is
/// acknowledged only on the item as its terminal showed it last, so of two racing numbered
/// actions one is refused ("changed or deleted elsewhere"), unless the other's result had
/// reached its terminal (a line-mode session follows the store) before it ran; what the
/// store holds afterwards is what the acknowledged actions did, in that order. Each racer
/// is a line-mode `pocket` that showed the screen first, as a person's terminal would; the
/// two actions are sent together. With `POCKET_SOAK=1` every race on every shared store,
/// 20 rounds each; in the quick run each race on one store, the stores taken in turn.
@Suite(
  "Racing numbered actions", .enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)),
  .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ShownItemRaceTests {
  /// Rounds of each race on each store: 100 races a store with `POCKET_SOAK=1`.
  static let rounds = Soak.size(3, full: 20)

  /// One racer: the command it sends, the lines that acknowledge it, and what a screen
  /// shows once its action is done.
  struct Racer {
    var command: String
    var acknowledgements: [String]
    var evidence: String
  }

  /// A race: what the store holds first, the screen both racers show, a text that screen
  /// shows once it is on their output, the two racers, and whether the screen afterwards
  /// is right for the racer acknowledged last (with the acknowledgement lines of both).
  struct Race: CustomTestStringConvertible {
    var name: String
    var setup: [[String]]
    var screen: String
    var shown: String
    var racers: [Racer]
    var check: @Sendable (_ last: Int, _ screen: String, _ acknowledged: [String?]) -> Bool
    /// Whether the racer at an index may have acted second, by the acknowledgements; every
    /// one may unless a race says otherwise.
    var mayBeSecond: @Sendable (_ racer: Int, _ acknowledged: [String?]) -> Bool = { _, _ in true }
    var testDescription: String { name }
  }

  static let races: [Race] = [
    Race(
      name: "chat edit against delete", setup: [["say", "original"]], screen: "chat",
      shown: "original",
      racers: [
        Racer(
          command: "edit 1 edited", acknowledgements: ["Edited message 1"],
          evidence: "edited (edited)"),
        Racer(
          command: "delete 1", acknowledgements: ["Deleted message 1"],
          evidence: "No messages yet"),
      ],
      check: { last, screen, _ in
        screen.contains(last == 0 ? "edited (edited)" : "No messages yet")
      }),
    Race(
      name: "chat edit against edit", setup: [["say", "original"]], screen: "chat",
      shown: "original",
      racers: [
        Racer(
          command: "edit 1 from-a", acknowledgements: ["Edited message 1"],
          evidence: "from-a (edited)"),
        Racer(
          command: "edit 1 from-b", acknowledgements: ["Edited message 1"],
          evidence: "from-b (edited)"),
      ],
      check: { last, screen, _ in screen.contains(last == 0 ? "from-a" : "from-b") }),
    Race(
      name: "mind-log edit against delete", setup: [["add", "5", "calm"]], screen: "mindlog",
      shown: "calm",
      racers: [
        Racer(
          command: "edit 1 6 mine", acknowledgements: ["Edited entry 1"], evidence: "  6  mine"),
        Racer(command: "delete 1", acknowledgements: ["Deleted entry 1"], evidence: "No entries"),
      ],
      check: { last, screen, _ in screen.contains(last == 0 ? "  6  mine" : "No entries") }),
    Race(
      name: "bookmark rename against remove", setup: [["notices"], ["bookmark", "1"]],
      screen: "bookmarks", shown: "articles/1058",
      racers: [
        Racer(
          command: "rename 1 Mine", acknowledgements: ["Renamed bookmark 1"], evidence: "Mine ·"),
        Racer(
          command: "remove 1", acknowledgements: ["Bookmark removed"],
          evidence: "No bookmarks yet"),
      ],
      check: { last, screen, _ in screen.contains(last == 0 ? "Mine ·" : "No bookmarks yet") }),
    Race(
      name: "notice bookmarked twice", setup: [], screen: "notices", shown: "articles/1058",
      racers: [
        Racer(
          command: "bookmark 1", acknowledgements: ["Bookmarked:", "Bookmark removed:"],
          evidence: " 1 ★ "),
        Racer(
          command: "bookmark 1", acknowledgements: ["Bookmarked:", "Bookmark removed:"],
          evidence: " 1 ★ "),
      ],
      check: { last, screen, acknowledged in
        // Once: bookmarked. Twice: bookmarked, then removed by the terminal that saw it.
        let twice = acknowledged.allSatisfy { $0 != nil }
        return twice
          ? acknowledged[last] == "Bookmark removed:" && !screen.contains(" 1 ★ ")
          : screen.contains(" 1 ★ ")
      },
      // Its own screen after bookmarking shows the mark too: only a removal comes second.
      mayBeSecond: { racer, acknowledged in acknowledged[racer] == "Bookmark removed:" }),
  ]

  @Test(arguments: StoreFollowing.matrix(races))
  func anActionIsAcknowledgedOnlyOnWhatItsTerminalShowed(_ raced: Followed<Race>) throws {
    let (store, race) = (raced.store, raced.change)
    for round in 1...Self.rounds {
      let pocket = try PocketProcess(store: store)
      defer { pocket.remove() }
      for command in race.setup {
        let run = try pocket.run(command)
        try #require(run.status == 0, "\(command): \(run.stderr)")
      }
      let racers = try race.racers.map { _ in try pocket.start([]) }
      var outputs: [String] = []
      for racer in racers {
        racer.send("\(race.screen)\n")
        outputs.append(racer.read(racer.stdout, until: race.shown))
      }
      // Both terminals show the item; both act on it at once.
      for (racer, given) in zip(racers, race.racers) { racer.send("\(given.command)\n") }
      for racer in racers { try racer.stdin.fileHandleForWriting.close() }
      for (index, racer) in racers.enumerated() {
        let rest = racer.stdout.fileHandleForReading.readDataToEndOfFile()
        racer.process.waitUntilExit()
        outputs[index] += String(decoding: rest, as: UTF8.self)
      }
      let context = "\(store), round \(round): \(outputs)"
      // Where each racer's acknowledgement stands in its output, and which line it is.
      let acknowledged = zip(outputs, race.racers).map { output, racer in
        racer.acknowledgements.lazy.compactMap { line in
          output.range(of: line).map { (line: line, at: $0.lowerBound) }
        }.first
      }
      let winners = acknowledged.indices.filter { acknowledged[$0] != nil }
      try #require(!winners.isEmpty, "one of the two is acknowledged: \(context)")
      // Who may have acted last: the one acknowledged alone, or, of two, each whose terminal
      // showed the other's result before its acknowledgement (a racer's frame after its own
      // write may already show a later write, so both can; either order is then possible).
      var lasts = winners
      if winners.count == 2 {
        let lines = acknowledged.map { $0?.line }
        lasts = [(0, 1), (1, 0)].compactMap { first, second in
          guard let ack = acknowledged[second], race.mayBeSecond(second, lines),
            outputs[second][..<ack.at].contains(race.racers[first].evidence)
          else { return nil }
          return second
        }
        guard !lasts.isEmpty else {
          Issue.record("both acknowledged, neither after seeing the other's: \(context)")
          continue
        }
      }
      let screen = try pocket.run([race.screen]).stdout
      #expect(
        lasts.contains { race.check($0, screen, acknowledged.map { $0?.line }) },
        "racer \(lasts.map { $0 + 1 }) may have acted last: \(screen) \(context)")
    }
  }
}

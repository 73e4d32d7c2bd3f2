import Foundation
import PocketData
import TestSupport
import TestTraits
import Testing

/// A number acts on the item the screen showed with it, or on nothing: two `pocket`
/// processes on one store, one changing the list between what the other showed and what
/// it then typed. Every command that takes a number, on the file stores processes share
/// (each on both with `POCKET_SOAK=1`, else the two in turn).
@Suite(
  "Numbers act on the item shown", .blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ShownItemProcessTests {
  /// One numbered command: how to make a list of three items (`first`, `second`, `third`,
  /// shown as 1, 2 and 3), the command that shows it, and what acting on item 2 does.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// Commands (one process each) that make the list.
    var seed: [[String]]
    /// The command that shows the list.
    var show: String
    /// Text of that screen alone (its hint line).
    var marker: String
    /// The texts the list shows as 1, 2 and 3.
    var first: String
    var second: String
    var third: String
    /// The command on item 2 (typed words after the number).
    var act: @Sendable (Int) -> [String]
    /// What the list shows of the item the command acted on afterwards: `nil` when the
    /// command removes it from the list.
    var after: String?
    /// How another process changes the item it shows as `number` (keeping it on the list).
    var change: @Sendable (Int) -> String

    var testDescription: String { name }
  }

  static let notices = SampleNotices.all.map(\.title)

  static let cases: [Case] = [
    Case(
      name: "chat delete", seed: [["say", "A-first"], ["say", "B-second"], ["say", "C-third"]],
      show: "chat", marker: "say TEXT", first: "A-first", second: "B-second", third: "C-third",
      act: { ["delete", "\($0)"] }, after: nil, change: { "edit \($0) B-changed" }),
    Case(
      name: "chat edit", seed: [["say", "A-first"], ["say", "B-second"], ["say", "C-third"]],
      show: "chat", marker: "say TEXT", first: "A-first", second: "B-second", third: "C-third",
      act: { ["edit", "\($0)", "B-edited"] }, after: "B-edited",
      change: { "edit \($0) B-changed" }),
    Case(
      name: "mindlog delete",
      seed: [
        ["add", "--date", "2026-11-01", "1", "A-third"],
        ["add", "--date", "2026-11-02", "2", "B-second"],
        ["add", "--date", "2026-11-03", "3", "C-first"],
      ],
      show: "mindlog", marker: "add [--date", first: "C-first", second: "B-second",
      third: "A-third",
      act: { ["delete", "\($0)"] }, after: nil, change: { "edit \($0) 9 B-changed" }),
    Case(
      name: "mindlog edit",
      seed: [
        ["add", "--date", "2026-11-01", "1", "A-third"],
        ["add", "--date", "2026-11-02", "2", "B-second"],
        ["add", "--date", "2026-11-03", "3", "C-first"],
      ],
      show: "mindlog", marker: "add [--date", first: "C-first", second: "B-second",
      third: "A-third",
      act: { ["edit", "\($0)", "5", "B-edited"] }, after: "B-edited",
      change: { "edit \($0) 9 B-changed" }),
    Case(
      name: "bookmarks remove",
      seed: [["notices"], ["bookmark", "1"], ["bookmark", "2"], ["bookmark", "3"]],
      show: "bookmarks", marker: "rename N", first: notices[2], second: notices[1],
      third: notices[0],
      act: { ["remove", "\($0)"] }, after: nil, change: { "rename \($0) B-changed" }),
    Case(
      name: "bookmarks rename",
      seed: [["notices"], ["bookmark", "1"], ["bookmark", "2"], ["bookmark", "3"]],
      show: "bookmarks", marker: "rename N", first: notices[2], second: notices[1],
      third: notices[0],
      act: { ["rename", "\($0)", "B-renamed"] }, after: "B-renamed",
      change: { "rename \($0) B-changed" }),
  ]

  /// The cases of the test at `turn` (0 or 1): each case on both file stores with
  /// `Soak.everyCase`; else each on one of them in turn, and of each list one act (a delete
  /// or a change), the tests taking them in turn: the quick run still meets every case, and
  /// each test every list, both kinds of act and both stores.
  static func arguments(turn: Int) -> [(String, Case)] {
    let spread = Soak.spread(cases, over: ["json", "sqlite"])
    guard !Soak.everyCase else { return spread }
    // Case i: list i / 2, act i % 2; turn 0 takes acts 0, 1, 0 of the lists, turn 1 the rest.
    return spread.enumerated().filter { index, _ in (index + index / 2 + turn) % 2 == 0 }
      .map(\.element)
  }

  /// Makes `test`'s list, then runs `more`: one line-mode session, a command a line (one
  /// process, not one for each: the seed is the arrangement, not what is tested).
  private func seeded(_ process: PocketProcess, _ test: Case, then more: [[String]] = []) throws {
    let lines = (test.seed + more).map { $0.joined(separator: " ") }
    let run = try process.run([], input: lines.joined(separator: "\n") + "\n")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(lines): \(run.stderr)")
  }

  /// `pocket SHOW` prints the list; another process, a session left open, deletes item 1;
  /// then `pocket ACT 2` acts on the item printed as 2, now the list's first.
  @Test(arguments: arguments(turn: 0))
  func aOneShotNumberActsOnWhatThePreviousCommandPrinted(store: String, test: Case) throws {
    let process = try PocketProcess(store: store)
    defer { process.remove() }
    try seeded(process, test)
    let shown = try process.run([test.show])
    #expect(shown.stdout.contains("2  ") && shown.stdout.contains(test.second))

    let other = try process.start([])
    other.send("\(test.show)\n\(removal(test, 1).command)\n")
    _ = other.read(other.stdout, until: removal(test, 1).done)

    let acted = try process.run(test.act(2))
    other.send("quit\n")
    other.process.waitUntilExit()
    #expect(acted.status == 0, "\(acted.stderr)")
    let list = try process.run([test.show]).stdout
    #expect(!list.contains(test.first), "the other process removed it")
    #expect(list.contains(test.third), "never acted on: \(list)")
    if let after = test.after {
      #expect(list.contains(after) && !list.contains(test.second))
    } else {
      #expect(!list.contains(test.second), "the item shown as 2 is gone: \(list)")
    }
  }

  /// A session shows the list; another process deletes item 1; the session, which follows
  /// the store, prints the list again, and its number 2 is the item it now shows as 2.
  @Test(arguments: arguments(turn: 1))
  func aSessionsNumberActsOnWhatItShowsNow(store: String, test: Case) throws {
    let process = try PocketProcess(store: store)
    defer { process.remove() }
    // The session starts on another screen, so the list's hint line is its `show`'s.
    try seeded(process, test, then: [["stopwatch"]])
    let session = try process.start([])
    session.send("\(test.show)\n")
    _ = session.read(session.stdout, until: test.marker)

    #expect(try process.run([test.show]).status == 0)
    let removed = try process.run(words(removal(test, 1).command))
    #expect(removed.status == 0, "\(removed.stderr)")
    let reprinted = session.read(session.stdout, until: test.marker)
    #expect(!reprinted.contains(test.first) && reprinted.contains(test.third), "\(reprinted)")

    session.send(test.act(2).joined(separator: " ") + "\nquit\n")
    let output = session.read(session.stdout, until: "\u{0}")
    session.process.waitUntilExit()
    let errors = String(
      decoding: session.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(errors.isEmpty, "\(errors)")
    #expect(session.process.terminationStatus == 0, "\(output)")
    let list = try process.run([test.show]).stdout
    #expect(list.contains(test.second), "never acted on: \(list)")
    if let after = test.after {
      #expect(list.contains(after) && !list.contains(test.third))
    } else {
      #expect(!list.contains(test.third), "the item shown as 2 is gone: \(list)")
    }
  }

  /// The item printed as 2 was deleted elsewhere: `pocket ACT 2` is refused, naming it, and
  /// changes nothing (the item now at 2 stays as it was).
  @Test(arguments: arguments(turn: 0))
  func aNumberWhoseItemWasDeletedElsewhereIsRefused(store: String, test: Case) throws {
    let process = try PocketProcess(store: store)
    defer { process.remove() }
    try seeded(process, test)
    #expect(try process.run([test.show]).status == 0)

    let other = try process.start([])
    other.send("\(test.show)\n\(removal(test, 2).command)\n")
    _ = other.read(other.stdout, until: removal(test, 2).done)

    let acted = try process.run(test.act(2))
    other.send("quit\n")
    other.process.waitUntilExit()
    #expect(acted.status == 1)
    #expect(acted.stderr.contains("2 (\(test.second)) was deleted elsewhere; nothing changed"))
    let list = try process.run([test.show]).stdout
    #expect(list.contains(test.first) && list.contains(test.third))
    if let after = test.after { #expect(!list.contains(after)) }
  }

  /// The item printed as 2 was changed elsewhere: `pocket ACT 2` is refused, naming it.
  @Test(arguments: arguments(turn: 1))
  func aNumberWhoseItemWasChangedElsewhereIsRefused(store: String, test: Case) throws {
    let process = try PocketProcess(store: store)
    defer { process.remove() }
    try seeded(process, test)
    #expect(try process.run([test.show]).status == 0)

    let other = try process.start([])
    other.send("\(test.show)\n\(test.change(2))\n")
    _ = other.read(other.stdout, until: "B-changed")

    let acted = try process.run(test.act(2))
    other.send("quit\n")
    other.process.waitUntilExit()
    #expect(acted.status == 1)
    #expect(acted.stderr.contains("2 (\(test.second)) was changed elsewhere"), "\(acted.stderr)")
    let list = try process.run([test.show]).stdout
    #expect(list.contains("B-changed") && list.contains(test.first) && list.contains(test.third))
  }

  /// `bookmark N` toggles: a notice shown unmarked and bookmarked elsewhere since is not
  /// unmarked by the number that showed it.
  @Test(arguments: Soak.all(["json", "sqlite"], quick: "sqlite"))
  func aNoticeBookmarkedElsewhereIsNotToggledBack(store: String) throws {
    let process = try PocketProcess(store: store)
    defer { process.remove() }
    #expect(try process.run(["notices"]).status == 0)
    let other = try process.start([])
    other.send("notices\nbookmark 2\n")
    _ = other.read(other.stdout, until: "Bookmarked: ")

    let acted = try process.run(["bookmark", "2"])
    other.send("quit\n")
    other.process.waitUntilExit()
    #expect(acted.status == 1)
    #expect(acted.stderr.contains("Notice 2 (\(Self.notices[1])) was changed elsewhere"))
    #expect(try process.run(["bookmarks"]).stdout.contains(Self.notices[1]))
  }

  /// The command that removes the item shown as `number` from `test`'s list, and what
  /// its confirmation starts with.
  private func removal(_ test: Case, _ number: Int) -> (command: String, done: String) {
    switch test.show {
    case "bookmarks": ("remove \(number)", "Bookmark removed: ")
    default: ("delete \(number)", "Deleted ")
    }
  }

  private func words(_ line: String) -> [String] {
    line.split(separator: " ").map(String.init)
  }
}

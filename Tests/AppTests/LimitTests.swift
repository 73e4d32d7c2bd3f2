import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// Every limit is refused with a message that names it, exit status 1, and the store as it
/// was.
@Suite("Limits", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct LimitTests {
  let pocket: PocketProcess

  init() throws {
    pocket = try PocketProcess(store: "sqlite")
  }

  @Test func overLongTextIsRefusedAndTheLimitItselfAccepted() throws {
    defer { pocket.remove() }
    try pocket.run(["notices"])
    try pocket.run(["bookmark", "1"])
    try pocket.run(["add", "5", "first"])
    try pocket.run(["say", "first"])
    // A number names an item of the list on the screen showing: each refusal runs on its
    // screen (`edit` and `delete` on the chat).
    let refusals: [(screen: String, arguments: [String], message: String)] = [
      (
        "chat", ["say", String(repeating: "가", count: 4_001)],
        "The message is too long: at most 4000 characters"
      ),
      (
        "chat", ["edit", "1", String(repeating: "x", count: 4_001)],
        "The message is too long: at most 4000 characters"
      ),
      (
        "mindlog", ["add", "5", String(repeating: "n", count: 1_001)],
        "The note is too long: at most 1000 characters"
      ),
      (
        "bookmarks", ["rename", "1", String(repeating: "t", count: 201)],
        "The title is too long: at most 200 characters"
      ),
      ("mindlog", ["add", "10.01", "x"], "The score must be a number from 0 to 10"),
      ("mindlog", ["add", "-1", "x"], "The score must be a number from 0 to 10"),
      ("notices", ["bookmark", "0"], "There is no item 0: choose a number from 1 to 16"),
      ("notices", ["bookmark", "-3"], "There is no item -3: choose a number from 1 to 16"),
      ("notices", ["bookmark", "17"], "There is no item 17: choose a number from 1 to 16"),
      ("bookmarks", ["remove", "2"], "There is no item 2: choose a number from 1 to 1"),
      (
        "chat", ["say", String(repeating: "x", count: 64 * 1024)],
        "The line is too long: at most 64 KiB"
      ),
      ("chat", ["delete", "2"], "There is no item 2: choose a number from 1 to 1"),
    ]
    for (screen, arguments, message) in refusals {
      try pocket.run([screen])
      // Refusals change nothing, not even the screen.
      let before = try pocket.export()
      let run = try pocket.run(arguments)
      #expect(run.status == 1, "\(arguments.prefix(2))")
      #expect(run.stderr == "pocket: \(message)\n", "\(arguments.prefix(2))")
      #expect(try pocket.export() == before, "\(arguments.prefix(2))")
    }
    let before = try pocket.export()
    // The limits themselves are accepted.
    #expect(try pocket.run(["say", String(repeating: "가", count: 4_000)]).status == 0)
    #expect(try pocket.run(["add", "10", String(repeating: "n", count: 1_000)]).status == 0)
    try pocket.run(["bookmarks"])
    #expect(try pocket.run(["rename", "1", String(repeating: "t", count: 200)]).status == 0)
    #expect(try pocket.export() != before)
  }
}

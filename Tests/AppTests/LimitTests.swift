import Foundation
import Testing

@testable import App

/// Every limit is refused with a message that names it, exit status 1, and the store as it
/// was.
@Suite("Limits", .serialized)
struct LimitTests {
  let pocket: PocketProcess

  init() throws {
    pocket = try PocketProcess(store: "sqlite")
  }

  @Test func overLongTextIsRefusedAndTheLimitItselfAccepted() throws {
    defer { pocket.remove() }
    try pocket.run(["bookmark", "1"])
    try pocket.run(["add", "5", "first"])
    try pocket.run(["say", "first"])
    // `edit` and `delete` act on the screen showing: the chat.
    let before = try pocket.export()
    let refusals: [([String], String)] = [
      (
        ["say", String(repeating: "가", count: 4_001)],
        "The message is too long: at most 4000 characters"
      ),
      (
        ["edit", "1", String(repeating: "x", count: 4_001)],
        "The message is too long: at most 4000 characters"
      ),
      (
        ["add", "5", String(repeating: "n", count: 1_001)],
        "The note is too long: at most 1000 characters"
      ),
      (
        ["rename", "1", String(repeating: "t", count: 201)],
        "The title is too long: at most 200 characters"
      ),
      (["add", "10.01", "x"], "The score must be a number from 0 to 10"),
      (["add", "-1", "x"], "The score must be a number from 0 to 10"),
      (["bookmark", "0"], "There is no item 0: choose a number from 1 to 16"),
      (["bookmark", "-3"], "There is no item -3: choose a number from 1 to 16"),
      (["bookmark", "17"], "There is no item 17: choose a number from 1 to 16"),
      (["remove", "2"], "There is no item 2: choose a number from 1 to 1"),
      (["say", String(repeating: "x", count: 64 * 1024)], "The line is too long: at most 64 KiB"),
    ]
    for (arguments, message) in refusals {
      let run = try pocket.run(arguments)
      #expect(run.status == 1, "\(arguments.prefix(2))")
      #expect(run.stderr == "pocket: \(message)\n", "\(arguments.prefix(2))")
    }
    let missing = try pocket.run(["delete", "2"])
    #expect(missing.stderr == "pocket: There is no item 2: choose a number from 1 to 1\n")
    // Refusals change nothing, not even the screen.
    #expect(try pocket.export() == before)
    // The limits themselves are accepted.
    #expect(try pocket.run(["say", String(repeating: "가", count: 4_000)]).status == 0)
    #expect(try pocket.run(["add", "10", String(repeating: "n", count: 1_000)]).status == 0)
    #expect(try pocket.run(["rename", "1", String(repeating: "t", count: 200)]).status == 0)
    #expect(try pocket.export() != before)
  }
}

import Foundation
import TestSupport
import TestTraits
import Testing

/// A script on standard input learns from the exit status whether every command was done:
/// the status of the first that was not, and with `--bail` the session ends there.
@Suite(
  "A session's exit status", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct SessionStatusProcessTests {
  @Test func aResetThatCannotBeAskedExits1AndChangesNothing() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    try pocket.run(["start"])
    try pocket.run(["lap"])
    try pocket.run(["lap"])
    let run = try pocket.run([], input: "reset\n")
    #expect(run.status == 1)
    #expect(run.stderr.contains("reset --yes"))
    let after = try pocket.run(["stopwatch"])
    #expect(after.stdout.contains("Lap 2"))
  }

  @Test func withoutBailTheSessionRunsOnAndExitsWithTheFirstFailure() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let run = try pocket.run([], input: "say one\nfav XYZ\nbogus\nsay two\n")
    #expect(run.status == 1)
    let chat = try pocket.run(["chat"])
    #expect(chat.stdout.contains("one") && chat.stdout.contains("two"))
    // A usage error first: 2.
    #expect(try pocket.run([], input: "bogus\nfav XYZ\n").status == 2)
    // Everything done: 0, with or without --bail.
    #expect(try pocket.run([], input: "say three\nchat\n").status == 0)
    #expect(try pocket.run(["--bail"], input: "say four\nquit\n").status == 0)
  }

  @Test func bailStopsAtTheFirstRefusalWithItsStatus() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    let refused = try pocket.run(["--bail"], input: "say one\nfav XYZ\nsay two\n")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("XYZ"))
    let usage = try pocket.run(["--bail"], input: "say three\nbogus\nsay four\n")
    #expect(usage.status == 2)
    let chat = try pocket.run(["chat"]).stdout
    #expect(chat.contains("one") && chat.contains("three"))
    #expect(!chat.contains("two") && !chat.contains("four"))
  }

  @Test func helpNamesBailInBothLanguages() throws {
    let pocket = try PocketProcess(store: "memory")
    defer { pocket.remove() }
    let help = try pocket.run(["--help"]).stdout
    #expect(help.contains("--bail"))
    let korean = try pocket.run(["--help"], lang: "ko").stdout
    #expect(korean.contains("--bail"))
  }
}

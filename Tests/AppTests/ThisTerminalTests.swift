import Foundation
import PocketDomain
import Testing

@testable import PocketApp

/// The key of the terminal a `pocket` runs in (`ThisTerminal`): its text names the tty, the
/// session, the leader's start time and the boot, and reads back; a key is gone when its boot
/// or its session's leader is; a key another front end made is never gone here.
@Suite struct ThisTerminalTests {
  @Test func aKeyReadsBackToWhatItNames() throws {
    let parts = ThisTerminal.Parts(
      tty: 34_817, session: 4242, leaderStart: 1_234_567,
      boot: "0b0e6a0f-6e8a-4b53-9f55-7f3c1c2d9a10")
    #expect(
      parts.text == "tty=34817;sid=4242;start=1234567;boot=0b0e6a0f-6e8a-4b53-9f55-7f3c1c2d9a10")
    #expect(ThisTerminal.Parts(parts.text) == parts)
    let none = ThisTerminal.Parts(tty: nil, session: 7, leaderStart: nil, boot: nil)
    #expect(none.text == "tty=none;sid=7;start=?;boot=?")
    #expect(ThisTerminal.Parts(none.text) == none)
    for other in ["", "tests", "tty=1;sid=x;start=1;boot=b", "tty=1;sid=2;start=3", "window 3"] {
      #expect(ThisTerminal.Parts(other) == nil, "\(other)")
    }
  }

  /// This process's key names its own session, and is a key a store keeps.
  @Test func thisProcessesKeyNamesItsSession() throws {
    let parts = try #require(ThisTerminal.Parts(ThisTerminal.key.text))
    #expect(parts.session == Int64(getsid(0)))
    #expect(!ThisTerminal.isGone(ThisTerminal.key))
    if let stat = ThisTerminal.stat(of: "self") {
      #expect(parts.tty == (stat.tty == 0 ? nil : stat.tty))
      #expect(parts.leaderStart == ThisTerminal.stat(of: String(getsid(0)))?.start)
      #expect(parts.boot == ThisTerminal.bootID())
    }
  }

  @Test(.enabled(if: ThisTerminal.stat(of: "self") != nil, "no /proc here"))
  func aKeyIsGoneWithItsBootOrItsSessionsLeader() throws {
    let own = try #require(ThisTerminal.Parts(ThisTerminal.key.text))
    var otherBoot = own
    otherBoot.boot = "another-boot"
    #expect(ThisTerminal.isGone(try TerminalKey(otherBoot.text)))
    var otherLeader = own
    otherLeader.leaderStart = (own.leaderStart ?? 0) + 1
    #expect(ThisTerminal.isGone(try TerminalKey(otherLeader.text)), "a session id used again")
    // A session whose leader has ended: the highest pid there can be is never running.
    var ended = own
    ended.session = 4_194_304
    #expect(ThisTerminal.isGone(try TerminalKey(ended.text)))
    #expect(!ThisTerminal.isGone(try TerminalKey("a window of another front end")))
  }
}

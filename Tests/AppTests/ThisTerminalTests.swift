import Foundation
import PocketDomain
import Testing

@testable import PocketApp

/// The key of the terminal a `pocket` runs in (`ThisTerminal`): its text names the tty, the
/// session, the leader's start time, the boot and the PID namespace, and reads back; a key
/// is gone when its boot or its session's leader is; what cannot be judged here (a key
/// another front end made, one of another PID namespace, a session whose leader this
/// process cannot see, this process's own) is never gone.
@Suite struct ThisTerminalTests {
  @Test func aKeyReadsBackToWhatItNames() throws {
    let parts = ThisTerminal.Parts(
      tty: 34_817, session: 4242, leaderStart: 1_234_567,
      boot: "0b0e6a0f-6e8a-4b53-9f55-7f3c1c2d9a10", namespace: 4_026_531_836, host: "m1")
    #expect(
      parts.text
        == "tty=34817;sid=4242;start=1234567;boot=0b0e6a0f-6e8a-4b53-9f55-7f3c1c2d9a10"
        + ";pidns=4026531836;host=m1")
    #expect(ThisTerminal.Parts(parts.text) == parts)
    let none = ThisTerminal.Parts(
      tty: nil, session: 7, leaderStart: nil, boot: nil, namespace: nil, host: nil)
    #expect(none.text == "tty=none;sid=7;start=?;boot=?;pidns=?;host=?")
    #expect(ThisTerminal.Parts(none.text) == none)
    for other in [
      "", "tests", "tty=1;sid=x;start=1;boot=b;pidns=1;host=h",
      "tty=1;sid=2;start=3;boot=b;pidns=x;host=h", "tty=1;sid=2;start=3;boot=b;pidns=1",
      "tty=1;sid=2;start=3;boot=b", "window 3",
    ] {
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
      #expect(parts.namespace == ThisTerminal.pidNamespace())
      #expect(parts.namespace != nil, "a system with /proc names its PID namespace")
      #expect(parts.host == ThisTerminal.hostID() && parts.host != nil)
    }
  }

  /// Judged on a session this process can see: its own process, as if it led a session.
  @Test(.enabled(if: ThisTerminal.stat(of: "self") != nil, "no /proc here"))
  func aKeyIsGoneWithItsBootOrItsSessionsLeader() throws {
    let own = try #require(ThisTerminal.stat(of: "self"))
    let visible = ThisTerminal.Parts(
      tty: nil, session: Int64(getpid()), leaderStart: own.start, boot: ThisTerminal.bootID(),
      namespace: ThisTerminal.pidNamespace(), host: ThisTerminal.hostID())
    #expect(!ThisTerminal.isGone(try TerminalKey(visible.text)), "its leader runs")
    var otherBoot = visible
    otherBoot.boot = "another-boot"
    #expect(ThisTerminal.isGone(try TerminalKey(otherBoot.text)))
    var otherLeader = visible
    otherLeader.leaderStart = own.start + 1
    #expect(ThisTerminal.isGone(try TerminalKey(otherLeader.text)), "a session id used again")
    // A session whose leader has ended: the highest pid there can be is never running.
    var ended = visible
    ended.session = 4_194_304
    #expect(ThisTerminal.isGone(try TerminalKey(ended.text)))

    // What cannot be judged here is never gone.
    var otherNamespace = ended
    otherNamespace.namespace = (visible.namespace ?? 0) + 1
    #expect(!ThisTerminal.isGone(try TerminalKey(otherNamespace.text)), "another PID namespace")
    var otherMachine = otherBoot
    otherMachine.host = "another-machine"
    #expect(
      !ThisTerminal.isGone(try TerminalKey(otherMachine.text)), "a machine sharing the folder")
    var unseen = otherLeader
    unseen.session = 0
    unseen.leaderStart = nil
    #expect(!ThisTerminal.isGone(try TerminalKey(unseen.text)), "a leader outside this namespace")
    for session: Int64 in [-1, Int64(Int32.max) + 1 + Int64(getpid())] {
      var outside = ended
      outside.session = session
      #expect(!ThisTerminal.isGone(try TerminalKey(outside.text)), "no session's id: \(session)")
    }
    #expect(!ThisTerminal.isGone(try TerminalKey("a window of another front end")))
    #expect(
      !ThisTerminal.isGone(try TerminalKey("tty=1;sid=4194304;start=3;boot=b;pidns=1")),
      "an older key")
  }
}

import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a person was doing in the live view stays as it was when another process's change
/// reloads the screen: the selection on its item, the line being typed; and while nothing
/// changes, the view that follows the store costs nothing.
@Suite(
  "The live view keeps its state while it follows the store", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct StoreFollowLiveStateTests {
  typealias Watching = StoreFollowLiveTests.Watching

  /// The selected row (`›`) on the screen.
  static func selected(_ screen: ScreenModel) -> String? {
    screen.lines.first { $0.hasPrefix("› ") }
  }

  /// An entry of a later day goes above the selected one; the selection stays on its entry.
  @Test(arguments: StoreFollowing.stores(quick: "json"))
  func theSelectionStaysOnItsEntryWhenAnotherProcessAddsOneAboveIt(store kind: String) throws {
    guard let watching = try Watching(store: kind) else { return }
    defer { watching.live.close() }
    try watching.change("add", "--date", "2020-01-01", "4", "A-oldest")
    try watching.change("add", "--date", "2020-01-02", "5", "B-middle")
    try watching.live.send(
      "5",
      until: { $0.contains("[Mind log]") && $0.contains("A-oldest") && $0.contains("B-middle") }
    )
    // Newest first: B-middle, then A-oldest, which two steps down select.
    let chosen = try watching.live.send(
      "\u{1B}[B\u{1B}[B", until: { Self.selected($0)?.contains("A-oldest") == true })
    let rowBefore = chosen.lines.firstIndex { $0.hasPrefix("› ") }

    try watching.change("add", "6", "C-newest")
    let after = try watching.shows { $0.contains("C-newest") }
    #expect(Self.selected(after)?.contains("A-oldest") == true, "\(after.lines)")
    let rowAfter = after.lines.firstIndex { $0.hasPrefix("› ") }
    // The selected entry moved down a row, and the selection with it.
    #expect(rowBefore.map { $0 + 1 } == rowAfter, "\(chosen.lines)\n\(after.lines)")
    try watching.quit()
  }

  /// A message being typed stays open, with its text, while another process's message
  /// arrives; Enter then sends it.
  @Test(arguments: StoreFollowing.stores(quick: "sqlite"))
  func aLineBeingTypedStaysOpenAcrossAReload(store kind: String) throws {
    guard let watching = try Watching(store: kind) else { return }
    defer { watching.live.close() }
    try watching.live.send("6", until: { $0.contains("[Chat]") })
    try watching.live.send("i", until: { $0.contains("Message:") })
    try watching.live.send("draft-words", until: { $0.contains("Message: draft-words") })
    try watching.change("say", "while-typing")
    let reloaded = try watching.shows { $0.contains("while-typing") }
    #expect(reloaded.contains("Message: draft-words"), "\(reloaded.lines)")
    try watching.live.send(
      "\r",
      until: { $0.contains("Messages: 2") && $0.lines.contains { $0.hasSuffix("  draft-words") } })
    try watching.quit()
    let chat = try watching.other.run(["chat"])
    #expect(chat.stdout.contains("while-typing") && chat.stdout.contains("draft-words"))
  }

  /// With the watch in place (a change has shown), two seconds of nothing changing cost no
  /// frame and no CPU time (at most one clock tick, the kernel's unit of it).
  @Test(arguments: StoreFollowing.stores(quick: "sqlite"))
  func anIdleViewThatFollowsTheStoreCostsNothing(store kind: String) throws {
    guard let watching = try Watching(store: kind) else { return }
    defer { watching.live.close() }
    try watching.live.send("6", until: { $0.contains("[Chat]") })
    try watching.change("say", "watch-in-place")
    try watching.shows { $0.contains("watch-in-place") }
    watching.live.pty.read(for: .milliseconds(300))
    let pty = watching.live.pty
    let before = pty.cpuTime()
    let output = pty.read(for: .seconds(2))
    let after = pty.cpuTime()
    let frames =
      String(decoding: output, as: UTF8.self).components(separatedBy: "\u{1B}[?2026h").count - 1
    let tick = Duration.milliseconds(1000 / max(1, sysconf(Int32(_SC_CLK_TCK))))
    print(
      "\(kind): idle for 2 s: \(frames) frames, CPU \(before.flatMap { b in after.map { $0 - b } }.map { "\($0)" } ?? "?")"
    )
    #expect(frames == 0, "\(String(decoding: output, as: UTF8.self).debugDescription)")
    if let before, let after {
      #expect(after - before <= tick, "CPU \(after - before) while idle")
    } else {
      print("idle CPU not checked: /proc/\(pty.processIdentifier)/stat is not readable")
    }
    try watching.quit()
  }

  /// Polling (`POCKET_WATCH=poll`, as on a network file system) shows changes too, and the
  /// store screen says so.
  @Test(arguments: StoreFollowing.stores(quick: "json"))
  func aPolledStoreIsFollowedAndSaysSo(store kind: String) throws {
    guard let watching = try Watching(store: kind, environment: ["POCKET_WATCH": "poll"])
    else { return }
    defer { watching.live.close() }
    try watching.live.send("6", until: { $0.contains("[Chat]") })
    try watching.change("say", "seen-by-polling")
    try watching.shows { $0.contains("seen-by-polling") }
    try watching.live.send(
      ":store\r", until: { $0.contains("checked every 250 ms (POCKET_WATCH=poll)") })
    // q leaves the page.
    try watching.live.send("q", until: { $0.contains("seen-by-polling") })
    try watching.quit()
  }
}

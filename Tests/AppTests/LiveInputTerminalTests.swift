import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#endif

/// The live view under a flood, on a pseudo-terminal: a paste of megabytes keeps the chat's
/// 4,000 characters in bounded memory, and a terminal that closes with keys still coming
/// ends Pocket at once. A frame at 65535×65535 costs what one at 30×100 does.
@Suite(
  "Live view under a flood", .enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)),
  .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveInputTerminalTests {
  static let soak = ProcessInfo.processInfo.environment["POCKET_SOAK"] == "1"

  /// Chunks of `count` bytes in all, each of `byte` (64 KiB at a time), for
  /// `PseudoTerminal.send(whileReading:)`: the test never holds the whole paste.
  static func chunks(of byte: UInt8, count: Int) -> () -> [UInt8]? {
    let chunk = [UInt8](repeating: byte, count: 65536)
    var left = count
    return {
      guard left > 0 else { return nil }
      defer { left -= min(left, chunk.count) }
      return left >= chunk.count ? chunk : Array(chunk.prefix(left))
    }
  }

  @Test func aPasteOfMegabytesKeepsTheChatsLimitInBoundedMemory() throws {
    guard let live = try LiveTerminalTests().start() else { return }
    defer { live.close() }
    try live.send("6i", until: { $0.contains("Message:") })
    // At ~18 bytes of memory per byte pasted, as before the input line was bounded, even
    // 4 MB passes the 64 MB bound below.
    let size = Self.soak ? 100_000_000 : 4_000_000
    let baseline = live.pty.peakMemoryKiB()
    let start = ContinuousClock.now
    live.pty.send("\u{1B}[200~")
    let sent = live.pty.send(
      whileReading: Self.chunks(of: UInt8(ascii: "x"), count: size), timeLimit: .seconds(150))
    live.pty.send("\u{1B}[201~")
    #expect(sent == size)
    let notice = "Kept the first 4000 characters; \(size - 4000) cut"
    try live.pty.read(untilScreen: { $0.contains(notice) }, timeout: .seconds(120))
    let elapsed = start.duration(to: .now)
    let peak = live.pty.peakMemoryKiB()
    print(
      "a paste of \(size) bytes took \(elapsed); peak memory \(baseline ?? -1) KiB before, \(peak ?? -1) KiB after"
    )
    if let baseline, let peak {
      // The line's 4,000 characters and a few reads in flight, never the paste.
      #expect(peak - baseline < 64 * 1024, "peak \(peak) KiB, \(baseline) KiB before the paste")
    } else {
      print("peak memory not checked: /proc/\(live.pty.processIdentifier)/status has no VmHWM")
    }
    try live.send("\r", until: { $0.contains("Messages: 1") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
    let export = live.directory.appendingPathComponent("export.json")
    #expect(try PocketProcess(directory: live.directory).run(["export", export.path]).status == 0)
    let archive = try String(contentsOf: export, encoding: .utf8)
    #expect(archive.contains("\"" + String(repeating: "x", count: 4000) + "\""))
    #expect(!archive.contains(String(repeating: "x", count: 4001)))
  }

  @Test func typingALongLineTakesSecondsNotMinutes() throws {
    guard let live = try LiveTerminalTests().start() else { return }
    defer { live.close() }
    try live.send("6i", until: { $0.contains("Message:") })
    let typed = Self.soak ? 400_000 : 100_000
    let start = ContinuousClock.now
    let sent = live.pty.send(
      whileReading: Self.chunks(of: UInt8(ascii: "y"), count: typed), timeLimit: .seconds(100))
    #expect(sent == typed)
    try live.pty.read(
      untilScreen: { $0.contains("Kept the first 4000 characters; \(typed - 4000) cut") },
      timeout: .seconds(100))
    let elapsed = start.duration(to: .now)
    print("typing \(typed) characters into the chat's line took \(elapsed)")
    // Quadratic typing took 11.6 s of CPU for 400k characters here (the soak size); linear
    // takes about a second in a debug build. InputLineTests checks the work is linear.
    #expect(elapsed < .seconds(Self.soak ? 60 : 30))
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: { !$0.contains("Message:") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  /// The digit of every tab, in turn: `123456` for six.
  static let screenKeys = String(ScreenRegistry.standard.tabs.indices.map(ScreenRegistry.digit))

  /// Keys that each run a command (the screens in turn, each saved as the last screen),
  /// or characters for the chat's line.
  static let floods: [(name: String, opening: String, keys: [UInt8])] = [
    ("screen keys", "", Array(Self.screenKeys.utf8)),
    ("typed into the chat's line", "6i", Array("x".utf8)),
  ]

  @Test(arguments: 0..<floods.count)
  func aTerminalClosedWithKeysQueuedEndsPocketAtOnce(flood: Int) throws {
    let (name, opening, keys) = Self.floods[flood]
    guard let live = try LiveTerminalTests().start() else { return }
    defer { live.close() }
    if !opening.isEmpty { try live.send(opening, until: { $0.contains("Message:") }) }
    live.pty.modelsScreen = false
    // 1 MB of keys, or as much as the terminal takes in a second (3 s with POCKET_SOAK=1):
    // then the window closes.
    var left = 1 << 20
    let block = (0..<(64 * 1024 / keys.count)).flatMap { _ in keys }
    let sent = live.pty.send(
      whileReading: {
        guard left > 0 else { return nil }
        defer { left -= block.count }
        return block
      }, timeLimit: .seconds(Soak.size(1, full: 3)))
    let closed = ContinuousClock.now
    live.pty.hangUp()
    let status = try live.pty.wait(timeout: .seconds(20))
    let elapsed = closed.duration(to: .now)
    print("\(name): \(sent) bytes sent; Pocket ended \(elapsed) after its terminal closed")
    #expect(status == 128 + SIGHUP)  // a hang-up, as SIGHUP ends a program
    #expect(elapsed < .seconds(2))
  }

  @Test func aHangUpSignalWithKeysQueuedEndsPocketAtOnce() throws {
    guard let live = try LiveTerminalTests().start() else { return }
    defer { live.close() }
    // The output is read, not interpreted, so the test keeps up with it.
    live.pty.modelsScreen = false
    var left = 1 << 20
    let block = Array(String(repeating: Self.screenKeys, count: 10_000).utf8)
    live.pty.send(
      whileReading: {
        guard left > 0 else { return nil }
        defer { left -= block.count }
        return block
      }, timeLimit: .seconds(Soak.size(1, full: 2)))
    let signalled = ContinuousClock.now
    live.pty.signal(SIGHUP)
    let status = try live.pty.wait(timeout: .seconds(20))
    let elapsed = signalled.duration(to: .now)
    print("SIGHUP with keys queued: Pocket ended \(elapsed) after the signal")
    #expect(status == 128 + SIGHUP)  // a hang-up, as SIGHUP ends a program
    #expect(elapsed < .seconds(2))
  }

  @Test @MainActor func keysWaitInTheTerminalNotInMemoryWhileNoneIsHandled() async throws {
    let pair: (master: Int32, slave: Int32)
    do {
      pair = try PseudoTerminal.openPair()
    } catch PseudoTerminalError.unavailable(let reason) {
      Issue.record("no pseudo-terminal here (\(reason))")
      return
    }
    defer {
      close(pair.master)
      close(pair.slave)
    }
    let device = TerminalDevice(input: pair.slave, output: pair.slave)
    try device.enter()
    defer { device.leave() }
    // No signals: this test needs only keys, and the signal dispositions are the process's.
    // Another test sends this process SIGWINCH while its own `TerminalEvents` listens; a
    // second listener stopping here would restore the disposition from under it.
    let events = TerminalEvents(device: device, signals: [])
    var stream = events.start().makeAsyncIterator()
    defer { events.stop() }
    _ = fcntl(pair.master, F_SETFL, fcntl(pair.master, F_GETFL) | O_NONBLOCK)
    let total = 1 << 20
    var sent = 0
    let block = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
    func send() {
      while sent < total {
        let count = block.withUnsafeBytes {
          write(pair.master, $0.baseAddress, min($0.count, total - sent))
        }
        guard count > 0 else { return }
        sent += count
      }
    }
    // No key is handled: once a few reads wait, the terminal stops taking more.
    var stalled = 0
    while stalled < 20, sent < total {
      let before = sent
      send()
      try await Task.sleep(for: .milliseconds(10))
      stalled = sent == before ? stalled + 1 : 0
    }
    print("\(sent) bytes taken while no key was handled")
    #expect(sent < 256 * 1024)
    // Handling them lets the rest in, each key once.
    var received = 0
    while received < total {
      send()
      guard case .keys(let keys) = await stream.next() else { break }
      received += keys.count
      events.didHandleKeys()
    }
    #expect(received == total)
  }

  /// The stopwatch ticking for `window`: the CPU time Pocket used, the frames it wrote and
  /// their bytes.
  func ticking(_ pty: PseudoTerminal, for window: Duration) -> (
    cpu: Duration?, frames: Int, bytes: Int
  ) {
    let before = pty.cpuTime()
    let output = pty.read(for: window)
    let after = pty.cpuTime()
    let frames =
      String(decoding: output, as: UTF8.self).components(separatedBy: "\u{1B}[?2026h")
      .count - 1
    return (before.flatMap { start in after.map { $0 - start } }, frames, output.count)
  }

  @Test func aTickingFrameAt65535RowsCostsWhatItDoesAt30() throws {
    guard let live = try LiveTerminalTests().start(rows: 30, columns: 100) else { return }
    defer { live.close() }
    try live.send("2 ", until: { $0.contains("Stopwatch · running") })
    live.pty.read(for: .milliseconds(300))
    let window = Duration.seconds(2)
    let small = ticking(live.pty, for: window)
    // 65535×65535 cells are too many to model: the output is read, not interpreted.
    live.pty.modelsScreen = false
    live.pty.resize(rows: 65535, columns: 65535)
    live.pty.read(for: .milliseconds(300))
    let large = ticking(live.pty, for: window)
    live.pty.resize(rows: 30, columns: 100)
    live.pty.modelsScreen = true
    print(
      "ticking for \(window): 30×100 \(small.frames) frames, \(small.bytes) bytes, CPU \(small.cpu.map { "\($0)" } ?? "?"); "
        + "65535×65535 \(large.frames) frames, \(large.bytes) bytes, CPU \(large.cpu.map { "\($0)" } ?? "?")"
    )
    #expect(small.frames > 10)
    #expect(large.frames > 10)
    // A tick rewrites the time's row alone, whatever the height: the same bytes a frame.
    let (smallPerFrame, largePerFrame) = (small.bytes / small.frames, large.bytes / large.frames)
    #expect(largePerFrame <= smallPerFrame + 16, "\(largePerFrame) against \(smallPerFrame) bytes")
    if let smallCPU = small.cpu, let largeCPU = large.cpu {
      // A ticking screen costs about the same CPU whatever its size. The bound is generous
      // for a loaded machine and a debug build.
      #expect(largeCPU < smallCPU * 3 + window / 10, "CPU \(largeCPU) against \(smallCPU)")
    }
    try live.pty.read(untilScreen: { $0.contains("Stopwatch · running") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}

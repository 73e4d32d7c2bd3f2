import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Synchronization
import TestSupport
import Testing

@testable import PocketApp

/// A terminal in memory: the frames the live view writes land in a `ScreenModel`; its
/// events end when the test stops them.
@MainActor
final class MemoryTerminal: LiveTerminalDevice, LiveTerminalEvents {
  let size: TerminalSize
  private(set) var screen: ScreenModel
  /// How many times the view wrote to the terminal.
  private(set) var writes = 0
  private var continuation: AsyncStream<TerminalEvent>.Continuation?

  init(size: TerminalSize) {
    self.size = size
    screen = ScreenModel(rows: size.rows, columns: size.columns)
  }

  /// The `errno` every write fails with from now on (a terminal that closed: EIO).
  var failsWrites: Int32?
  private(set) var writeFailure: Int32?
  var reportedWriteFailure: Int32? { writeFailure == EIO ? nil : writeFailure }
  var listensToSuspend: Bool { false }
  func enter() throws {}
  func leave() {}
  func suspend(evenIfIgnored: Bool) {}
  func hasEnded() -> Bool { false }
  func didHandleKeys() {}

  func write(_ text: String) {
    if let failsWrites {
      writeFailure = writeFailure ?? failsWrites
      return
    }
    writes += 1
    screen.feed(text)
  }

  func start() -> AsyncStream<TerminalEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    self.continuation = continuation
    return stream
  }

  func stop() { continuation?.finish() }

  /// Hands the view `event`, as the terminal would.
  func send(_ event: TerminalEvent) { continuation?.yield(event) }

  /// A terminal in memory answers no question: one column, as the view assumes then.
  func measureAmbiguousWidth() { continuation?.yield(.measured(ambiguousIsWide: nil)) }
  var endingSignal: Int32? { nil }

  /// Lets the main actor run what waits on it until `condition` holds; `false` after 1,000
  /// turns. A change schedules its redraw on the main actor before the intent that made it
  /// returns, so the redraw runs within the first turn after it: the bound counts turns,
  /// not seconds, and holds on a loaded machine.
  func waitUntil(_ condition: (MemoryTerminal) -> Bool) async -> Bool {
    for _ in 0..<1_000 {
      if condition(self) { return true }
      await Task.yield()
    }
    return condition(self)
  }
}

/// The live view redraws when observed state changes, with no key: a screen change and a
/// view model's intent run from outside the view (as a refresh finishing or another
/// window's change would) reach the terminal through Observation alone, time after time.
@MainActor
@Suite("Live view redraws", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct LiveViewRedrawTests {
  @Test func aViewModelChangeRedrawsTheScreenEveryTime() async throws {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    let chat = try #require(session.features.lazy.compactMap { $0 as? ChatScreen }.first)
    let terminal = MemoryTerminal(size: TerminalSize(rows: 30, columns: 100))
    let view = LiveView(
      session: session, renderer: Renderer(strings: strings, palette: nil), device: terminal,
      events: terminal)
    let running = Task { await view.run() }
    defer { terminal.stop() }

    try #require(await terminal.waitUntil { $0.writes > 0 }, "the first frame is drawn")
    _ = await session.execute(.chat)
    try #require(
      await terminal.waitUntil { $0.screen.contains("No messages") },
      "not redrawn after the screen changed: \(terminal.screen.text)")
    for text in ["sent from elsewhere", "and once more"] {
      let writes = terminal.writes
      await chat.viewModel.send(text)
      try #require(
        await terminal.waitUntil { $0.screen.contains(text) },
        "not redrawn after the change: \(terminal.screen.text)")
      #expect(terminal.writes > writes)
    }

    terminal.stop()
    #expect(await running.value == .done)
  }

  /// A frame the terminal refuses ends the view: as a hang-up (129) when the terminal
  /// closed (EIO) and the SIGHUP has not come yet, as a failed output (4) otherwise.
  @Test(arguments: [(EIO, PocketApp.ExitStatus.hungUp), (ENOSPC, .outputFailed)])
  func aRefusedFrameEndsTheView(errno: Int32, status: PocketApp.ExitStatus) async throws {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    let terminal = MemoryTerminal(size: TerminalSize(rows: 30, columns: 100))
    let view = LiveView(
      session: session, renderer: Renderer(strings: strings, palette: nil), device: terminal,
      events: terminal)
    let ended = Mutex(false)
    let running = Task {
      defer { ended.withLock { $0 = true } }
      return await view.run()
    }
    defer { terminal.stop() }
    try #require(await terminal.waitUntil { $0.writes > 0 }, "the first frame is drawn")
    terminal.failsWrites = errno
    terminal.send(.keys([.character("2")]))
    // The key's redraw is refused, which ends the view; a view that never redrew would
    // wait for keys for ever, so it is stopped (ending with 0) once the turns run out.
    #expect(await terminal.waitUntil { _ in ended.withLock { $0 } }, "the view ended")
    terminal.stop()
    #expect(await running.value == status)
  }
}

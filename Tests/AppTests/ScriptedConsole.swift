import Foundation
import Synchronization

@testable import PocketApp

/// A console that reads a script and keeps what Pocket writes, for in-process runs.
final class ScriptedConsole: Console, Sendable {
  private struct State {
    var lines: [String]
    var output = ""
    var errors = ""
  }

  private let state: Mutex<State>
  /// Whether it stands for a terminal (Pocket prompts and asks questions there).
  private let interactive: Bool
  /// Whether its output and error output stand for a terminal (colour).
  private let terminal: Bool

  init(_ lines: [String] = [], interactive: Bool = false, terminal: Bool = false) {
    state = Mutex(State(lines: lines))
    self.interactive = interactive
    self.terminal = terminal
  }

  func readLine() -> TypedLine? {
    state.withLock { $0.lines.isEmpty ? nil : .text($0.lines.removeFirst()) }
  }

  func write(_ text: String) { state.withLock { $0.output += text } }
  func writeError(_ text: String) { state.withLock { $0.errors += text } }
  var isInteractive: Bool { interactive }
  var outputIsTerminal: Bool { terminal }
  var errorIsTerminal: Bool { terminal }

  var output: String { state.withLock { $0.output } }
  var errors: String { state.withLock { $0.errors } }

  /// Runs `pocket arguments` in this process with this console.
  @MainActor
  static func run(
    _ arguments: [String], script: [String] = [], interactive: Bool = false,
    terminal: Bool = false, environment: [String: String] = [:]
  ) async -> (status: ExitStatus, console: ScriptedConsole) {
    let console = ScriptedConsole(script, interactive: interactive, terminal: terminal)
    var time = LocalTime.system()
    time.timeZone = .gmt
    let pocket = Pocket(
      environment: environment.merging(["TZ": "UTC"]) { mine, _ in mine }, console: console,
      time: time)
    let status = await pocket.run(arguments)
    return (status, console)
  }
}

import Foundation
import Synchronization

@testable import App

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

  init(_ lines: [String] = [], interactive: Bool = false) {
    state = Mutex(State(lines: lines))
    self.interactive = interactive
  }

  func readLine() -> String? {
    state.withLock { $0.lines.isEmpty ? nil : $0.lines.removeFirst() }
  }

  func write(_ text: String) { state.withLock { $0.output += text } }
  func writeError(_ text: String) { state.withLock { $0.errors += text } }
  var isInteractive: Bool { interactive }

  var output: String { state.withLock { $0.output } }
  var errors: String { state.withLock { $0.errors } }

  /// Runs `pocket arguments` in this process with this console.
  @MainActor
  static func run(
    _ arguments: [String], script: [String] = [], interactive: Bool = false
  ) async -> (status: ExitStatus, console: ScriptedConsole) {
    let console = ScriptedConsole(script, interactive: interactive)
    var pocket = Pocket(environment: ["TZ": "UTC"], console: console)
    pocket.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    let status = await pocket.run(arguments)
    return (status, console)
  }
}

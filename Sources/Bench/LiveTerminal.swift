import Foundation
import TestSupport

/// How the goals that watch the live view (7, 8, 9, and 10's two machines) run `pocket`: on
/// a pseudo-terminal, with the environment of a person's terminal and a HOME of its own.
enum LiveTerminal {
  /// A person's terminal's environment with HOME `home`, and `extra` beside it.
  static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
    [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "PATH": "/usr/bin:/bin",
    ].merging(extra) { $1 }
  }

  /// `pocket` (at `executable`) with `arguments`, its live view on a new pseudo-terminal of
  /// `rows`×`columns`, with `environment(home:)`.
  static func open(
    _ executable: String, _ arguments: [String], home: URL, rows: Int = 30, columns: Int = 100
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: executable, arguments: arguments, environment: environment(home: home),
      rows: rows, columns: columns)
  }

  /// Ends the live view as a person does (`q`), waits up to 5 s for it to end, and closes
  /// the terminal.
  static func quit(_ pty: PseudoTerminal) {
    pty.send("q")
    _ = try? pty.wait(timeout: .seconds(5))
    pty.close()
  }
}

/// A goal measured on the live view alone: run on a pseudo-terminal where Linux gives one,
/// else a row saying it was skipped.
protocol TerminalGoal {
  /// What the goal watches, named when it fails ("the live view").
  static var watched: String { get }
  /// The goal's row when skipped ("7 live view").
  static var skippedRow: String { get }
  #if os(Linux)
    func measureOnATerminal() throws -> [BenchResult]
  #endif
}

extension TerminalGoal {
  func measure() throws(BenchError) -> [BenchResult] {
    #if os(Linux)
      try BenchError.naming(Self.watched) { try measureOnATerminal() }
    #else
      return [.skipped(Self.skippedRow, "Linux only")]
    #endif
  }
}

extension BenchError {
  /// What `body` gives; an error that is not a `BenchError` becomes `.failed`, naming
  /// `what` failed.
  static func naming<T>(_ what: String, _ body: () throws -> T) throws(BenchError) -> T {
    do {
      return try body()
    } catch let error as BenchError {
      throw error
    } catch {
      throw .failed("\(what): \(error)")
    }
  }
}

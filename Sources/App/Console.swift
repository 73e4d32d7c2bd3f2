/// Where the app reads and writes text, so tests can drive it without a terminal.
package protocol Console {
  /// The next line, or `nil` at the end of input; a line that is not UTF-8 comes as such,
  /// never repaired.
  func readLine() -> TypedLine?
  /// The next line, read without holding the main actor: while it waits, what no command
  /// made (another process's change) is shown. `readLine()` by default.
  @MainActor func nextLine() async -> TypedLine?
  func write(_ text: String)
  func writeError(_ text: String)
  /// Text already escaped (`TerminalText`), written as it is: it may carry Pocket's own
  /// colour sequences.
  func writeEscaped(_ text: String)
  func writeErrorEscaped(_ text: String)
  /// Standard input is a terminal (a prompt is shown, questions are asked).
  var isInteractive: Bool { get }
  /// Standard output / standard error is a terminal (colour, the live view).
  var outputIsTerminal: Bool { get }
  var errorIsTerminal: Bool { get }
  /// The writes that failed so far; a console that cannot fail has none.
  var failedWrites: FailedWrites { get }
}

extension Console {
  @MainActor package func nextLine() async -> TypedLine? { readLine() }
  package func writeEscaped(_ text: String) { write(text) }
  package func writeErrorEscaped(_ text: String) { writeError(text) }
  package var outputIsTerminal: Bool { false }
  package var errorIsTerminal: Bool { false }
  package var failedWrites: FailedWrites { FailedWrites() }
}

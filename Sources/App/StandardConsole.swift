import Foundation

/// The real terminal.
///
/// A write that fails is kept (`StandardStreams`), and the run ends at it: a reader that
/// went away (`pocket rates | head -1`, EPIPE; SIGPIPE is ignored) ends Pocket quietly
/// with the command's status; any other failure ends it with `outputFailed` unless that
/// status was already not 0 (a refusal, a usage error, an unusable store).
package struct StandardConsole: Console {
  /// Standard input, read with the line limit applied as the bytes arrive, only on
  /// `inputQueue`.
  private let input = Input(
    reader: LineReader(descriptor: STDIN_FILENO, limit: Pocket.maxLineBytes))
  /// Where standard input is read, off the main actor.
  private static let inputQueue = DispatchQueue(label: "pocket.standard-input")

  package init() {
    StandardStreams.holdClosedDescriptors()
    signal(SIGPIPE, SIG_IGN)
  }

  package func readLine() -> TypedLine? { Self.inputQueue.sync { input.reader.readLine() } }

  /// Reads on `inputQueue`, so the main actor shows what changes meanwhile.
  @MainActor package func nextLine() async -> TypedLine? {
    await withCheckedContinuation { continuation in
      Self.inputQueue.async { [input] in continuation.resume(returning: input.reader.readLine()) }
    }
  }

  package func write(_ text: String) { StandardStreams.write(text, to: .output) }
  package func writeError(_ text: String) { StandardStreams.write(text, to: .error) }
  package var isInteractive: Bool { isatty(STDIN_FILENO) != 0 }
  package var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
  package var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
  package var failedWrites: FailedWrites { StandardStreams.failedWrites }
}

/// The reader of standard input, which only `StandardConsole.inputQueue` touches.
private struct Input: @unchecked Sendable {
  let reader: LineReader
}

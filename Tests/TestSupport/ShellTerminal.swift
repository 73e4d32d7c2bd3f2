import Foundation

/// A terminal window with a shell in it, as a person has one: `/bin/sh` on a pseudo-terminal
/// of its own, the leader of its own session with the pty as its controlling terminal, so
/// every command it runs shares its terminal and session, as the commands typed in one
/// terminal window do. `run` types a command line and returns what it printed and its exit
/// status.
package final class ShellTerminal {
  package let terminal: PseudoTerminal
  /// How much of the terminal's output earlier commands took.
  private var taken = 0

  /// The shell reads a line, runs it with standard input from `/dev/null` (so a command
  /// never reads the lines typed after it), and prints its status between `@@` marks, which
  /// the line typed (echoed by the terminal) does not hold.
  private static let loop =
    #"while IFS= read -r line; do eval "$line" </dev/null; printf '\n@@%s@@\n' "$?"; done"#

  /// Opens a terminal running the shell with exactly `environment`. Throws
  /// `PseudoTerminalError.unavailable` where there is no pseudo-terminal.
  package init(environment: [String: String]) throws {
    terminal = try PseudoTerminal(
      executable: "/bin/sh", arguments: ["-c", Self.loop], environment: environment,
      rows: 100, columns: 250)
    terminal.modelsScreen = false
  }

  /// Types `line` and waits for it to end: what it printed (the line's echo first) and its
  /// exit status.
  package func run(_ line: String, timeout: Duration = .seconds(60)) throws -> (
    output: String, status: Int32
  ) {
    terminal.send(line + "\n")
    let output = try terminal.read(
      until: { Self.status(in: $0.utf8.dropFirst(self.taken)) != nil }, timeout: timeout)
    let bytes = Array(output.utf8)
    let mine = bytes[min(taken, bytes.count)...]
    taken = bytes.count
    let text = String(decoding: mine, as: UTF8.self)
    return (text, Self.status(in: mine[...]) ?? -1)
  }

  /// The status between the `@@` marks in `bytes`, once they hold them (bytes, not
  /// characters: the terminal writes a newline as `\r\n`, one character to Swift).
  private static func status(in bytes: some Collection<UInt8>) -> Int32? {
    let bytes = Array(bytes)
    let mark = UInt8(ascii: "@")
    guard
      var index = bytes.indices.first(where: {
        bytes[$0] == mark && $0 + 1 < bytes.count && bytes[$0 + 1] == mark
      })
    else { return nil }
    index += 2
    var digits: [UInt8] = []
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      digits.append(bytes[index])
      index += 1
    }
    guard index + 1 < bytes.count, bytes[index] == mark, bytes[index + 1] == mark else {
      return nil
    }
    return Int32(String(decoding: digits, as: UTF8.self))
  }

  /// The shell's process id: its session's id.
  package var session: pid_t { terminal.processIdentifier }

  /// Closes the window: the terminal hangs up, the shell ends, and the terminal's last
  /// descriptor is closed, so its tty name is free for a new one.
  package func close() throws {
    terminal.hangUp()
    defer { terminal.close() }
    _ = try terminal.wait()
  }
}

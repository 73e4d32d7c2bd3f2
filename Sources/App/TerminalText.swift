/// Text that cannot take over a terminal.
///
/// Everything Pocket prints passes through here, so text that did not come from Pocket —
/// chat messages, notes, titles, urls, currency codes and names from a rates source, paths
/// in error messages — can never move the cursor, change colours, ring the bell, rewrite
/// the line or reorder what follows. Stored text is never changed; only its display is.
enum TerminalText {
  /// `text` with every C0 and C1 control character (ESC, CSI, BEL, BS, CR, TAB, DEL, …),
  /// the Unicode line and paragraph separators and the bidirectional marks, embeddings,
  /// overrides and isolates shown as visible escapes like `\u{1B}`. Newlines stay when
  /// `keepingNewlines` (Pocket's own line breaks), else they are escaped too.
  static func escaping(_ text: String, keepingNewlines: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingNewlines) }) else {
      return text
    }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar, keepingNewlines) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `lines`, each escaped with its own line breaks (`escaping(_:keepingNewlines: false)`),
  /// each ended by a newline: text made of Pocket's lines with outside text inside them.
  static func lines(_ lines: [String]) -> String {
    lines.map { escaping($0, keepingNewlines: false) + "\n" }.concatenated()
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar, _ keepingNewlines: Bool) -> Bool {
    switch scalar.value {
    case 0x0A: !keepingNewlines
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (CSI is U+009B)
    case 0x061C, 0x200E, 0x200F: true  // bidi marks
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
    default: false
    }
  }
}

/// A console whose output cannot take over the terminal (see `TerminalText`).
struct TerminalSafeConsole: Console {
  let base: any Console

  func readLine() -> TypedLine? { base.readLine() }
  @MainActor func nextLine() async -> TypedLine? { await base.nextLine() }
  func write(_ text: String) { base.write(TerminalText.escaping(text)) }
  func writeError(_ text: String) { base.writeError(TerminalText.escaping(text)) }
  /// Text Pocket escaped itself and styled with its own SGR sequences (`Palette`).
  func writeEscaped(_ text: String) { base.write(text) }
  func writeErrorEscaped(_ text: String) { base.writeError(text) }
  var isInteractive: Bool { base.isInteractive }
  var outputIsTerminal: Bool { base.outputIsTerminal }
  var errorIsTerminal: Bool { base.errorIsTerminal }
  var failedWrites: FailedWrites { base.failedWrites }
}

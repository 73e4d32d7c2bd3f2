import PocketPresentation

extension Pocket {
  /// Writes a reason or a warning to standard error as one line (its own line breaks
  /// escaped too), in the error colour on a terminal that shows colour.
  func reportError(_ text: String) {
    console.writeErrorEscaped(Self.errorLine(text, palette: errorPalette))
  }

  /// `text` as `reportError` writes it: one line, every control escaped, in the error
  /// colour when `palette` colours.
  static func errorLine(_ text: String, palette: Palette?) -> String {
    (palette?.text(ScreenLine(text, as: .error)) ?? oneLine(text)) + "\n"
  }
}

/// `text` as one line of the terminal: its own line breaks escaped too.
func oneLine(_ text: String) -> String {
  TerminalText.escaping(text, keepingNewlines: false)
}

/// The style of each `TextRole` on a terminal that shows colour, in the terminal's own
/// palette colours (never fixed RGB), so the user's theme decides the exact shades: bright
/// variants on a dark background (and on one the terminal does not name), the normal ones
/// on a light one (`COLORFGBG`). Favourites are bright yellow on a dark background, blue
/// on a light one, and bold in the terminal's own text colour when the background is not
/// known, since no yellow reads on both. Every mark and word stays in the text; colour only
/// adds to it.
package struct Palette: Sendable, Equatable {
  package var background: TerminalBackground

  package init(background: TerminalBackground) { self.background = background }

  /// The palette for `policy`, or `nil` when colour is off.
  package init?(_ policy: ColorPolicy) {
    guard policy.enabled else { return nil }
    self.init(background: policy.background)
  }

  package func style(_ role: TextRole?) -> TextStyle {
    let bright = background != .light
    switch role {
    case nil: return .plain
    case .rise, .fastest: return TextStyle(foreground: .green, bright: bright)
    case .fall, .slowest, .error: return TextStyle(foreground: .red, bright: bright)
    case .favourite:
      switch background {
      case .dark: return TextStyle(foreground: .yellow, bright: true)
      case .light: return TextStyle(foreground: .blue)
      case .unknown: return TextStyle(bold: true)
      }
    case .currentTab: return TextStyle(foreground: .cyan, bright: bright, bold: true)
    case .running: return TextStyle(foreground: .cyan, bright: bright)
    case .hint: return TextStyle(dim: true)
    }
  }

  /// `line` as styled spans, each run's text escaped as line mode escapes it.
  package func styled(_ line: ScreenLine) -> StyledLine {
    StyledLine(
      line.runs.map {
        StyledSpan(
          TerminalText.escaping($0.text, keepingNewlines: false), style: style($0.role))
      })
  }

  /// `line` as text for line mode: each styled run set with its SGR sequence and reset
  /// after it.
  package func text(_ line: ScreenLine) -> String {
    styled(line).spans.map { span in
      span.style == .plain ? span.text : span.style.sgr + span.text + TextStyle.plain.sgr
    }.concatenated()
  }
}

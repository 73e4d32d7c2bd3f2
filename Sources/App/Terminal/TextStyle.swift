/// One of the terminal's own eight palette colours (the user's theme decides what they
/// look like, so they stay readable on dark and light backgrounds).
package enum PaletteColor: Int, Sendable, CaseIterable {
  case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a run of text looks: the terminal's own palette colours only (SGR 30–37 / 90–97,
/// 40–47), never fixed RGB.
package struct TextStyle: Hashable, Sendable {
  package var foreground: PaletteColor?
  /// The bright variant of the foreground (SGR 90–97 instead of 30–37).
  package var bright: Bool
  package var background: PaletteColor?
  package var bold: Bool
  package var dim: Bool
  package var reverse: Bool
  package var underline: Bool

  package static let plain = TextStyle()

  package init(
    foreground: PaletteColor? = nil, bright: Bool = false, background: PaletteColor? = nil,
    bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.bright = bright
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
  }

  /// The SGR parameters after the reset, in the order `sgr` writes them.
  package var sgrParameters: [Int] {
    var parameters: [Int] = []
    if bold { parameters.append(1) }
    if dim { parameters.append(2) }
    if underline { parameters.append(4) }
    if reverse { parameters.append(7) }
    if let foreground { parameters.append((bright ? 90 : 30) + foreground.rawValue) }
    if let background { parameters.append(40 + background.rawValue) }
    return parameters
  }

  /// The SGR sequence that sets exactly this style from a reset (`ESC[0;…m`; `ESC[0m` for
  /// plain).
  package var sgr: String {
    "\u{1B}[" + ([0] + sgrParameters).map(String.init).joined(separator: ";") + "m"
  }
}

/// Whether to colour, as `--color` says.
package enum ColorChoice: String, Sendable, CaseIterable {
  case auto, always, never
}

/// The terminal's background, as far as it can be known: `unknown` when the terminal does
/// not say (no `COLORFGBG`, or one that cannot be read).
package enum TerminalBackground: Sendable, Equatable {
  case dark, light, unknown
}

/// Whether to colour and for which background.
package struct ColorPolicy: Sendable, Equatable {
  package var enabled: Bool
  /// From `COLORFGBG` ("15;0" = light text on dark; "0;15" = dark text on light; absent or
  /// unreadable = unknown).
  package var background: TerminalBackground

  package init(enabled: Bool, background: TerminalBackground = .unknown) {
    self.enabled = enabled
    self.background = background
  }

  /// `--color always|never` decides; else (`auto` or no option) a non-empty `NO_COLOR` turns
  /// colour off, and otherwise colour is on only when the output is a terminal and `TERM`
  /// is not `dumb`. So output that is not a terminal never gets escapes unless asked for
  /// with `--color always`.
  package static func resolve(
    choice: ColorChoice?, environment: [String: String], outputIsTerminal: Bool
  ) -> ColorPolicy {
    let background = background(colorFgBg: environment["COLORFGBG"])
    switch choice ?? .auto {
    case .always: return ColorPolicy(enabled: true, background: background)
    case .never: return ColorPolicy(enabled: false, background: background)
    case .auto:
      let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
      let enabled = !noColor && outputIsTerminal && environment["TERM"] != "dumb"
      return ColorPolicy(enabled: enabled, background: background)
    }
  }

  /// `COLORFGBG` is "fg;bg" (rxvt, Konsole; some add a middle field): the last field is the
  /// background's palette index. 0–6 and 8 are dark, 7 and 9–15 light; anything else says
  /// nothing.
  static func background(colorFgBg: String?) -> TerminalBackground {
    guard let colorFgBg, let last = colorFgBg.split(separator: ";").last,
      let index = Int(last), (0...15).contains(index)
    else { return .unknown }
    return index == 7 || index >= 9 ? .light : .dark
  }
}

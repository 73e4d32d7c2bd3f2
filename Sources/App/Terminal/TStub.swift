#if canImport(Glibc)
  import Glibc
#endif

package enum Key: Equatable, Sendable {
  case character(Character)
  case enter, tab, backTab, escape, backspace, delete
  case up, down, left, right, home, end, pageUp, pageDown
  case control(Character)
  case paste(String)
}
package enum PaletteColor: Int, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white
}
package struct TextStyle: Hashable, Sendable {
  package var foreground: PaletteColor?
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
    self.foreground = foreground; self.bright = bright; self.background = background;
    self.bold = bold; self.dim = dim; self.reverse = reverse; self.underline = underline
  }
  package var sgr: String { "" }
}
package enum ColorChoice: String, Sendable { case auto, always, never }
package enum TerminalBackground: Sendable, Equatable { case dark, light }
package struct ColorPolicy: Sendable, Equatable {
  package var enabled: Bool
  package var background: TerminalBackground
  package static func resolve(
    choice: ColorChoice?, environment: [String: String], outputIsTerminal: Bool
  ) -> ColorPolicy { ColorPolicy(enabled: false, background: .dark) }
}
package struct StyledSpan: Equatable, Sendable {
  package var text: String; package var style: TextStyle
  package init(text: String, style: TextStyle) { self.text = text; self.style = style }
}
package struct StyledLine: Equatable, Sendable, ExpressibleByStringLiteral {
  package var spans: [StyledSpan]
  package init(_ spans: [StyledSpan]) { self.spans = spans }
  package init(_ text: String, style: TextStyle = .plain) {
    spans = [StyledSpan(text: text, style: style)]
  }
  package init(stringLiteral: String) { self.init(stringLiteral) }
  package var text: String { spans.map(\.text).joined() }
}
package struct TerminalSize: Equatable, Sendable { package var rows: Int; package var columns: Int }
package struct Frame: Equatable, Sendable {
  package struct Cursor: Equatable, Sendable { package var row: Int; package var column: Int }
  package var lines: [StyledLine]
  package var cursor: Cursor?
}
package struct FrameWriter: Sendable {
  package init(ambiguousIsWide: Bool, colour: Bool) {}
  package func update(from previous: Frame?, to next: Frame, size: TerminalSize) -> String { "" }
}
@MainActor package final class TerminalDevice {
  package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {}
  package static func isTerminal(_ descriptor: Int32) -> Bool { false }
  package func enter() throws {}
  package func leave() {}
  package func suspend() {}
  package var size: TerminalSize { TerminalSize(rows: 24, columns: 80) }
  package func write(_ text: String) {}
}
package enum TerminalEvent: Equatable, Sendable {
  case keys([Key])
  case resized(TerminalSize)
  case terminate(Int32)
  case resumed
  case endOfInput
}
@MainActor package final class TerminalEvents {
  package init(device: TerminalDevice) {}
  package func start() -> AsyncStream<TerminalEvent> { AsyncStream { $0.finish() } }
  package func stop() {}
}

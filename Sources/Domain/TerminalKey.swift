import Foundation

/// Which terminal a shown list belongs to: what a terminal showed last (its screen, page
/// and numbered rows, `ShownList`) is that terminal's, so a number typed in one terminal
/// means what that terminal showed, whatever another showed meanwhile.
///
/// The front end makes the key; stores keep it as opaque text. Pocket's text front end
/// makes it from the controlling terminal and its session (the tty device, the session id
/// and its leader's start time, and the boot), so a terminal closed and another given the
/// same tty name, or a session id used again, is a new terminal; a process without a
/// terminal is keyed by its session. A front end with no terminal (a window of an app)
/// makes a key of its own, one per window or per app.
public struct TerminalKey: Hashable, Sendable, CustomStringConvertible {
  /// The key's text: 1 to `maxLength` printable ASCII characters (space to `~`).
  public let text: String

  /// The most characters a key holds.
  public static let maxLength = 200

  /// - Throws: `.invalidInput(.outOfRange)` for text a store would not keep: empty, longer
  ///   than `maxLength`, or holding a character that is not printable ASCII.
  public init(_ text: String) throws(DomainError) {
    if let problem = Self.problem(text) { throw .invalidInput(.outOfRange(problem)) }
    self.text = text
  }

  /// Why `text` is no key, naming it `field`; `nil` when it is one.
  public static func problem(_ text: String, field: String = "a terminal key") -> CheckFailure? {
    let bytes = text.utf8
    guard !bytes.isEmpty else { return .empty(field: field) }
    guard bytes.count <= maxLength else {
      return .tooManyCharacters(field: field, count: bytes.count, limit: maxLength)
    }
    guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      return .notPrintableASCII(field: field)
    }
    return nil
  }

  public var description: String { text }
}

extension ShownList {
  /// The most terminals whose shown lists a store keeps: saving the list of one more
  /// terminal drops the list changed least recently, so a store's size does not grow with
  /// the terminals that ever used it.
  public static let keptTerminals = 256
}

import Foundation

/// The kinds of text a user types, each with its own length limit.
public enum InputField: Sendable {
  case message, note, title

  /// The most characters the field takes.
  public var limit: Int {
    switch self {
    case .message: 4_000
    case .note: 1_000
    case .title: 200
    }
  }

  /// `text` if it fits the field: `limit` characters, and `Limits.textBytes` of UTF-8
  /// (which a typed line never passes).
  /// - Throws: `.invalidInput(.tooLong(self, limit:))` when it does not.
  public func check(_ text: String) throws(DomainError) -> String {
    guard text.utf8.count <= Limits.textBytes, text.count <= limit else {
      throw .invalidInput(.tooLong(self, limit: limit))
    }
    return text
  }
}

extension String {
  /// The text without leading and trailing white space and newlines.
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

import Foundation

/// Which item a list row stands for, whatever its place in the list: a record's id, or
/// the url of a notice or bookmark.
public enum ItemIdentity: Hashable, Sendable {
  case id(Int64)
  case url(String)
}

/// What kind of item a numbered row shows, for the messages that name it.
public enum ItemKind: Hashable, Sendable {
  case message, entry, bookmark, notice
}

/// A record a numbered list shows, and what its row shows of it.
public protocol ListedRecord: Sendable {
  static var kind: ItemKind { get }
  var identity: ItemIdentity { get }
  /// What names the item in a message (a chat message's text, a title, a note).
  var shownText: String { get }
  /// Everything its row shows that the user can change: two readings of one record differ
  /// here exactly when its row would read differently.
  var shownValue: String { get }
}

/// One numbered row as a screen showed it: the item a number typed after it stands for.
public struct ShownItem: Hashable, Sendable {
  /// The number the row showed (its place in the whole list when shown).
  public var number: Int
  public var identity: ItemIdentity
  /// What named the item (`ListedRecord.shownText`).
  public var text: String
  /// What the row showed of it (`ListedRecord.shownValue`).
  public var value: String

  public init(number: Int, identity: ItemIdentity, text: String, value: String) {
    self.number = number
    self.identity = identity
    self.text = text
    self.value = value
  }

  public init(number: Int, _ record: some ListedRecord) {
    self.init(
      number: number, identity: record.identity, text: record.shownText,
      value: record.shownValue)
  }
}

/// What a terminal showed last: the screen, the page of its list, and the numbered rows,
/// what the numbers a user types next stand for. Stores keep one per terminal
/// (`TerminalKey`), so a one-shot `pocket delete 2` acts on what the previous `pocket chat`
/// printed in the same terminal, whatever other terminals did in between.
public struct ShownList: Equatable, Sendable {
  public var screen: Screen
  public var items: [ShownItem]
  /// The page of the screen's list shown (1 is the newest); `nil` for a screen without
  /// pages.
  public var page: Int?

  public init(screen: Screen, items: [ShownItem], page: Int? = nil) {
    self.screen = screen
    self.items = items
    self.page = page
  }

  /// The row that showed `number`, if one did.
  public func item(_ number: Int) -> ShownItem? {
    items.first { $0.number == number }
  }
}

extension ShownItem {
  /// `current`, the item as stored now, when it is still what this row showed.
  /// - Throws: `.invalidInput(.shownItemGone)` when it no longer exists (`current` is
  ///   `nil`), `.invalidInput(.shownItemChanged)` when its row would now read differently.
  public func unchanged<Record: ListedRecord>(_ current: Record?) throws(DomainError) -> Record {
    guard let current else {
      throw .invalidInput(.shownItemGone(Record.kind, number: number, text: text))
    }
    guard current.shownValue == value else {
      throw .invalidInput(.shownItemChanged(Record.kind, number: number, text: text))
    }
    return current
  }
}

extension ShownItem {
  /// The record this row showed, looked up by its identity with `id` (a record id) or
  /// `url`, when it is still what the row showed (`unchanged(_:)`).
  public func unchanged<Record: ListedRecord>(
    id: @Sendable (Int64) async throws -> Record? = { _ in nil },
    url: @Sendable (String) async throws -> Record? = { _ in nil }
  ) async throws -> Record {
    let stored: Record? =
      switch identity {
      case .id(let value): try await id(value)
      case .url(let value): try await url(value)
      }
    return try unchanged(stored)
  }
}

extension ChatMessage: ListedRecord {
  public static var kind: ItemKind { .message }
  public var identity: ItemIdentity { .id(id) }
  public var shownText: String { content }
  public var shownValue: String { content }
}

extension Bookmark: ListedRecord {
  public static var kind: ItemKind { .bookmark }
  public var identity: ItemIdentity { .url(url) }
  public var shownText: String { title }
  public var shownValue: String { title }
}

extension NoticeItem: ListedRecord {
  public static var kind: ItemKind { .notice }
  public var identity: ItemIdentity { .url(notice.url) }
  public var shownText: String { notice.title }
  /// The title and whether it is bookmarked: `bookmark N` toggles, so a row that showed
  /// the notice unmarked must not unmark it.
  public var shownValue: String { "\(isBookmarked ? "*" : "-") \(notice.title)" }
}

extension MindLog: ListedRecord {
  public static var kind: ItemKind { .entry }
  public var identity: ItemIdentity { .id(id) }
  /// The note; an entry without one is named by its score.
  public var shownText: String { note.isEmpty ? "\(score)" : note }
  /// The day (as seconds since 1970), the score and the note.
  public var shownValue: String {
    "\(date.timeIntervalSince1970) \(score) \(note)"
  }
}

extension ItemIdentity {
  /// The record id, for an identity that is one.
  public var id: Int64? {
    if case .id(let id) = self { id } else { nil }
  }

  /// The url, for an identity that is one.
  public var url: String? {
    if case .url(let url) = self { url } else { nil }
  }
}

extension Page where Item: ListedRecord {
  /// This page's rows as a screen numbers them: by their place in the whole list.
  /// (By index, not `enumerated()`: `EnumeratedSequence`'s conformance to `Collection` is
  /// conditional, and the runtime makes its witness table at every call.)
  public var shownItems: [ShownItem] {
    items.indices.map { ShownItem(number: offset + $0 + 1, items[$0]) }
  }
}

extension [ShownItem] {
  /// The row shown as `number`.
  /// - Throws: `.invalidInput(.noSuchItem)` for a number outside a list of `total` items,
  ///   `.invalidInput(.notShown)` for one no row showed (an item of another page).
  public func row(_ number: Int, total: Int) throws(DomainError) -> ShownItem {
    if let row = first(where: { $0.number == number }) { return row }
    guard number >= 1, number <= total else {
      throw .invalidInput(.noSuchItem(number, count: total))
    }
    throw .invalidInput(.notShown(number))
  }

  /// The row that shows `record`'s item, found by its identity, with what the front end
  /// showed of it: `record` as given, so that an item changed since the front end read it
  /// is refused by the write (`WriteCondition.shown`). For a front end that acts on the
  /// records it shows (a SwiftUI list's rows), not on numbers typed.
  /// - Throws: `.invalidInput(.notOnPage)` when no row shows it.
  public func row<Record: ListedRecord>(showing record: Record) throws(DomainError) -> ShownItem {
    guard let row = first(where: { $0.identity == record.identity }) else {
      throw .invalidInput(.notOnPage(Record.kind, text: record.shownText))
    }
    return ShownItem(number: row.number, record)
  }
}

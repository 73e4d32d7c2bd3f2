import Foundation

/// A mind-log (mood diary) entry. `id` is assigned by the store.
public struct MindLog: Equatable, Hashable, Sendable, Identifiable {
  public var id: Int64
  public var date: Date
  /// 0...10, any decimal.
  public var score: Decimal
  public var note: String

  public init(id: Int64, date: Date, score: Decimal, note: String) {
    self.id = id
    self.date = date
    self.score = score
    self.note = note
  }

  /// Scores a diary accepts.
  public static let scoreRange: ClosedRange<Decimal> = 0...10
}

/// A chat message. `id` is assigned by the store.
public struct ChatMessage: Equatable, Hashable, Sendable, Identifiable {
  public var id: Int64
  public var content: String
  public var date: Date
  public var isEdited: Bool

  public init(id: Int64, content: String, date: Date, isEdited: Bool = false) {
    self.id = id
    self.content = content
    self.date = date
    self.isEdited = isEdited
  }
}

/// A window onto an ordered list: the items from `offset` and how many there are in all.
public struct Page<Item: Equatable & Sendable>: Equatable, Sendable {
  public var items: [Item]
  public var offset: Int
  public var total: Int

  public init(items: [Item], offset: Int, total: Int) {
    self.items = items
    self.offset = offset
    self.total = total
  }
}

import Foundation

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

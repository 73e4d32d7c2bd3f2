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

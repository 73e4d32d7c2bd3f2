/// What a write expects of the item it changes, checked by the store inside the write (in
/// its transaction, under its lock), never by a read before it: of two racing numbered
/// actions on one item, the one that writes second finds the item gone or changed and is
/// refused, so nothing the first one acknowledged is undone.
///
/// A store reads the item in the write, hands it to the condition (`nil` when there is
/// none), and writes only when the condition returns; what it throws, the write throws.
public struct WriteCondition<Value: Sendable>: Sendable {
  private let check: (@Sendable (Value?) throws -> Void)?

  /// A condition that checks `current`, the item as stored when the write runs.
  public init(_ check: @escaping @Sendable (_ current: Value?) throws -> Void) {
    self.check = check
  }

  private init() { check = nil }

  /// No condition: the write does not read the item first.
  public static var always: WriteCondition { WriteCondition() }

  /// Whether the store reads the item for this condition.
  public var readsItem: Bool { check != nil }

  /// Throws when `current` is not what the write expects.
  public func callAsFunction(_ current: Value?) throws {
    try check?(current)
  }
}

extension WriteCondition where Value == Bool {
  /// Whether `notice` is bookmarked, as `row` showed it (a bookmark toggle's condition:
  /// the store hands it whether the notice is bookmarked when the toggle runs).
  public static func shown(_ row: ShownItem, notice: Notice) -> WriteCondition {
    WriteCondition { isBookmarked in
      _ = try row.unchanged(NoticeItem(notice: notice, isBookmarked: isBookmarked ?? false))
    }
  }
}

extension WriteCondition where Value: ListedRecord {
  /// The item as `row` showed it: the write is refused with `.shownItemGone` when it no
  /// longer exists, and with `.shownItemChanged` when its row would now read differently
  /// (`ShownItem.unchanged(_:)`).
  public static func shown(_ row: ShownItem) -> WriteCondition {
    WriteCondition { current in _ = try row.unchanged(current) }
  }
}

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

extension Page {
  /// The window of a list of `total` items stored oldest first that leaves out its
  /// `skipping` newest items and holds at most `limit` before them: where a page counted
  /// from the newest end starts, and how many items it has.
  public static func windowFromNewest(total: Int, skipping: Int, limit: Int) -> (
    offset: Int, limit: Int
  ) {
    let end = max(0, total - max(skipping, 0))
    let offset = max(0, end - max(limit, 0))
    return (offset, end - offset)
  }
}

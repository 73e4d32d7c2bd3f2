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

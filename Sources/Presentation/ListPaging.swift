import Domain

/// How the list screens page: the newest `size` items, and item N by its shown number.
@MainActor
struct ListPaging {
  var size: Int

  /// The offset of the newest page of an oldest-first list (its tail). A newest-first list
  /// starts at 0.
  func tailOffset(total: Int) -> Int {
    max(0, total - size)
  }

  /// Fetches the item shown as `number` (1-based over the whole list).
  /// - Throws: `.invalidInput(.noSuchItem)` when no item has that number.
  func item<Item>(
    _ number: Int, total: Int, fetch: (_ offset: Int) async throws -> Page<Item>
  ) async throws -> Item {
    guard number >= 1, number <= total, let item = try await fetch(number - 1).items.first
    else { throw DomainError.invalidInput(.noSuchItem(number, count: total)) }
    return item
  }
}

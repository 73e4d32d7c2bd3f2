import Foundation
import PocketDomain

/// Finds row N of a long list without stepping over N rows (the `listBlocks` migration).
///
/// SQLite's b-trees cannot answer "the Nth row", and `LIMIT ? OFFSET ?` steps over every
/// row it skips: item 500,000 of a million costs half a million steps. So each indexed list
/// is cut into blocks of consecutive rows, in the order of its key (`key`, then `id`,
/// ascending): `list_blocks` keeps each block's first key and its exact size. Triggers keep
/// the sizes in the transaction that adds, deletes or moves a row, whatever statement does
/// it; the repositories split a block that passed `2 × blockSize` rows after their writes
/// and merge one that fell under a quarter. The first block of a list starts at
/// `sentinel`, below every key, so every row has a block.
///
/// Row N is then found by adding up block sizes from the nearer end of the list (at most
/// `total / blockSize / 2` small rows, all on a few pages), and stepping at most
/// `2 × blockSize` rows from the block's first key down the `(key, id)` index: a few
/// hundred microseconds at a million rows, the same as at a thousand near the far end of a
/// block. Near either end the plain `OFFSET` is cheaper and is used.
enum SQLiteListIndex {
  /// Rows per block after a split; a block is split past twice this.
  static let blockSize = 1_000
  /// The first key of every list's first block: below every stored date.
  static let sentinel: (Int64, Int64) = (-9_223_372_036_854_775_807, 0)

  // MARK: Schema

  /// Blocks of `blockSize` rows over the whole table, and the sentinel block when it is
  /// empty.
  static func rebuildSQL(table: String, key: String) -> String {
    """
    INSERT INTO list_blocks (list, k1, k2, size)
    SELECT '\(table)',
      CASE WHEN r = 0 THEN \(sentinel.0) ELSE \(key) END,
      CASE WHEN r = 0 THEN \(sentinel.1) ELSE id END,
      min(\(blockSize), n - r)
    FROM (
      SELECT \(key), id, row_number() OVER (ORDER BY \(key), id) - 1 AS r, count(*) OVER () AS n
      FROM \(table))
    WHERE r % \(blockSize) = 0
    UNION ALL SELECT '\(table)', \(sentinel.0), \(sentinel.1), 0
    WHERE NOT EXISTS (SELECT 1 FROM \(table))
    """
  }

  /// The block whose first key is the greatest at or below `(row.key, row.id)`.
  private static func coveringBlock(_ table: String, _ row: String, _ key: String) -> String {
    """
    SELECT k1, k2 FROM list_blocks WHERE list = '\(table)' AND (k1, k2) <= (\(row).\(key), \(row).id)
      ORDER BY k1 DESC, k2 DESC LIMIT 1
    """
  }

  /// The triggers `listBlocks` made for each list: a row added, deleted, or given another
  /// key.
  static var triggerNames: [String] {
    ListIndex.all.flatMap { index in
      ["insert", "delete", "move"].map { "\(index.table)_blocked_\($0)" }
    }
  }
}

// How the SQLite store reads and keeps the blocks of a list.
extension ListIndex {
  // MARK: Reading

  /// The rows at `ascendingStart ..< ascendingStart + count` in ascending key order, read
  /// through the blocks; `nil` when the blocks disagree with the rows (then the caller
  /// steps with `OFFSET`).
  func rows<Item>(
    ascendingStart: Int, count: Int, total: Int, _ connection: SQLiteConnection,
    row: (SQLiteStatement) throws -> Item
  ) throws -> [Item]? {
    guard let (first, skip) = try block(containing: ascendingStart, total: total, connection)
    else { return nil }
    let items = try connection.query(fromKey, first.0, first.1, count, skip, row: row)
    return items.count == count ? items : nil
  }

  /// The first key of the block holding the row at `position` (ascending), and how many
  /// rows of the block come before it.
  private func block(
    containing position: Int, total: Int, _ connection: SQLiteConnection
  ) throws -> ((Int64, Int64), Int)? {
    let fromStart = position < total / 2
    let statement = try connection.statement(fromStart ? blocksAscending : blocksDescending)
    defer { statement.reset() }
    try statement.bind(table, at: 1)
    // Rows before the block (from the start), or in it and after it (from the end).
    var counted = 0
    while try statement.step() {
      let size = Int(statement.int64(2))
      // A block larger than the list (a file edited by hand) disagrees with the rows; with
      // every size at most `total`, the sums below stay far from overflowing.
      guard size >= 0, size <= total else { return nil }
      let key = (statement.int64(0), statement.int64(1))
      if fromStart {
        if position < counted + size { return (key, position - counted) }
        counted += size
      } else {
        counted += size
        let start = total - counted
        if start <= position { return start < 0 ? nil : (key, position - start) }
      }
    }
    return nil
  }

  private var fromKey: String {
    """
    SELECT \(columns) FROM \(table) WHERE (\(key), id) >= (?, ?)
    ORDER BY \(key) ASC, id ASC LIMIT ? OFFSET ?
    """
  }

  private var blocksAscending: String {
    "SELECT k1, k2, size FROM list_blocks WHERE list = ? ORDER BY k1 ASC, k2 ASC"
  }

  private var blocksDescending: String {
    "SELECT k1, k2, size FROM list_blocks WHERE list = ? ORDER BY k1 DESC, k2 DESC"
  }

  // MARK: Keeping the blocks small

  /// After a write that added or moved the row with key `(key, id)`: splits its block when
  /// it has grown past twice the block size.
  func added(key: Int64, id: Int64, _ connection: SQLiteConnection) throws {
    let found = try connection.query(
      covering, table, key, id, row: { ($0.int64(0), $0.int64(1), Int($0.int64(2))) })
    guard let block = found.first, block.2 > 2 * SQLiteListIndex.blockSize else { return }
    try split((block.0, block.1), size: block.2, connection)
  }

  /// After a write that removed rows: merges the block that held `(key, id)` into the
  /// block before it when it fell under a quarter of the block size.
  func removed(key: Int64, id: Int64, _ connection: SQLiteConnection) throws {
    let found = try connection.query(
      covering, table, key, id, row: { ($0.int64(0), $0.int64(1), Int($0.int64(2))) })
    guard let block = found.first, block.2 < SQLiteListIndex.blockSize / 4,
      (block.0, block.1) != SQLiteListIndex.sentinel
    else { return }
    // The block before holds a smaller key, so it covers this one's rows once it is gone.
    try connection.execute(
      "DELETE FROM list_blocks WHERE list = ? AND k1 = ? AND k2 = ?", table, block.0, block.1)
    try connection.execute(
      """
      UPDATE list_blocks SET size = size + ? WHERE list = ? AND (k1, k2) = (
        SELECT k1, k2 FROM list_blocks WHERE list = ? AND (k1, k2) < (?, ?)
        ORDER BY k1 DESC, k2 DESC LIMIT 1)
      """, block.2, table, table, block.0, block.1)
  }

  /// Cuts the block starting at `first` into blocks of `blockSize` rows, walking its rows
  /// once.
  private func split(_ first: (Int64, Int64), size: Int, _ connection: SQLiteConnection) throws {
    let keys = try connection.query(
      """
      SELECT \(key), id FROM \(table) WHERE (\(key), id) >= (?, ?)
      ORDER BY \(key) ASC, id ASC LIMIT ?
      """, first.0, first.1, size, row: { ($0.int64(0), $0.int64(1)) })
    guard keys.count == size else { return try rebuild(connection) }
    var start = SQLiteListIndex.blockSize
    try connection.execute(
      "UPDATE list_blocks SET size = ? WHERE list = ? AND k1 = ? AND k2 = ?",
      min(SQLiteListIndex.blockSize, size), table, first.0, first.1)
    while start < size {
      let length = min(SQLiteListIndex.blockSize, size - start)
      let (k1, k2) = keys[start]
      try connection.execute(
        "INSERT INTO list_blocks (list, k1, k2, size) VALUES (?, ?, ?, ?)", table, k1, k2,
        length)
      start += length
    }
  }

  /// After a batch insert run without triggers: rows all at or after the last block's
  /// first key (a batch of new messages) join the last block, which is then cut into
  /// blocks; any other batch cuts the whole list again.
  func addedInBatch(_ keys: [(Int64, Int64)], _ connection: SQLiteConnection) throws {
    guard !keys.isEmpty else { return }
    let found = try connection.query(
      blocksDescending + " LIMIT 1", table,
      row: { ($0.int64(0), $0.int64(1), Int($0.int64(2))) })
    // A last block of a size no list holds (a file edited by hand) is cut again too.
    guard let last = found.first, (0...Int(Limits.maxCounter)).contains(last.2),
      keys.allSatisfy({ $0 >= (last.0, last.1) })
    else {
      return try rebuild(connection)
    }
    let size = last.2 + keys.count
    try connection.execute(
      "UPDATE list_blocks SET size = ? WHERE list = ? AND k1 = ? AND k2 = ?", size, table,
      last.0, last.1)
    if size > 2 * SQLiteListIndex.blockSize { try split((last.0, last.1), size: size, connection) }
  }

  /// Cuts the whole list into blocks again: after a batch insert, an import, or blocks that
  /// disagree with the rows. One pass over the `(key, id)` index.
  func rebuild(_ connection: SQLiteConnection) throws {
    try connection.execute("DELETE FROM list_blocks WHERE list = ?", table)
    try connection.execute(SQLiteListIndex.rebuildSQL(table: table, key: key))
  }

  /// The block containing a key: the one with the greatest first key at or below it.
  private var covering: String {
    """
    SELECT k1, k2, size FROM list_blocks WHERE list = ? AND (k1, k2) <= (?, ?)
    ORDER BY k1 DESC, k2 DESC LIMIT 1
    """
  }
}

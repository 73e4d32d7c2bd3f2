/// One row of a result, valid while its connection's call returns it.
struct PostgresRow: StoredRow {
  let libpq: LibPQ
  let result: LibPQ.PGResult
  let row: Int32

  func isNull(_ column: Int32) -> Bool { libpq.getisnull(result, row, column) == 1 }

  /// An integer column; a NULL or a value that is not an integer reads as 0, which every
  /// mapping then refuses as out of range where 0 is not allowed.
  func int64(_ column: Int32) -> Int64 {
    guard let text = optionalText(column) else { return 0 }
    if let value = Int64(text) { return value }
    switch text {
    case "t", "true": return 1
    case "f", "false": return 0
    default: return 0
    }
  }

  func text(_ column: Int32) -> String { optionalText(column) ?? "" }

  /// The text a string bound as a parameter was (`PostgresText` unescapes it).
  func optionalText(_ column: Int32) -> String? {
    guard !isNull(column), let bytes = libpq.getvalue(result, row, column) else { return nil }
    let count = Int(libpq.getlength(result, row, column))
    let stored = bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
    return PostgresText.decoded(stored)
  }
}

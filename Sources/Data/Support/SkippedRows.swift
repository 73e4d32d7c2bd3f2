import PocketDomain

/// The rows a salvaging read left out, each with why (`pocket export` of a store holding a
/// value out of range): shared by the stores' archive readers.
final class SkippedRows {
  private(set) var reasons: [StoreCause] = []

  /// `body`'s value; with `skipped`, `nil` for a row that cannot be read (its reason kept
  /// there); without it, the row's error.
  static func row<Value>(_ skipped: SkippedRows?, _ body: () throws -> Value) throws -> Value? {
    do {
      return try body()
    } catch let error as InvalidRow {
      guard let skipped else { throw error }
      skipped.reasons.append(error.reason)
      return nil
    }
  }
}

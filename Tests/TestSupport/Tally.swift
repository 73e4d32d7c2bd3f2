import PocketDomain

/// A record kind that only the tests know, declared once, as a contributor would add one:
/// the count of a click-counter screen (`TallyScreen`, AppTests). Nothing else in Pocket names
/// it, yet every store keeps it, exports and imports it, and reports another connection's
/// change to it (`DeclaredRecordKindTests`, `ChangeKindsContractTests`).
public struct Tally: DeclaredRecord {
  public static let declaration = RecordDeclaration(name: "tally", kinds: .tally, isUserData: true)

  public var key: String
  public var count: Int

  public init(key: String, count: Int) {
    self.key = key
    self.count = count
  }

  public func check() throws(DomainError) {
    guard count >= 0 else { throw .invalidInput(.outOfRange(.english("a tally counts up from 0"))) }
  }
}

extension RecordKinds {
  /// The test-only tally's bit: the first after the shipped kinds'.
  public static let tally = RecordKinds(rawValue: 1 << 6)
}

extension KeyedRecords<Tally> {
  /// What a click does: `number` more (one by default) on `key`'s count, read and written in
  /// one step; returns the count after.
  @discardableResult
  public func click(_ key: String = "clicks", adding number: Int = 1) async throws -> Int {
    try await update(key) { Tally(key: key, count: ($0?.count ?? 0) + number) }?.count ?? 0
  }
}

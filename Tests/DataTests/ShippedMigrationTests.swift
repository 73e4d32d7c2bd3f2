import Testing

@testable import PocketData

/// Every shipped migration is frozen: its statements are exactly those it shipped with,
/// whatever today's lists of tables, columns or triggers say. Each is pinned here by its
/// number of statements and a fingerprint of their text (FNV-1a, 64 bits), recorded when it
/// shipped. A change to one of these lines means a shipped migration changed: add a new
/// migration instead.
@Suite struct ShippedMigrationTests {
  /// A migration as it shipped: its name, its number of statements, and their fingerprint.
  struct Shipped: Equatable, CustomStringConvertible {
    let name: String
    let statements: Int
    let fingerprint: UInt64
    var description: String { "(\"\(name)\", \(statements), 0x\(String(fingerprint, radix: 16)))" }
  }

  static func shipped(_ name: String, _ statements: [String]) -> Shipped {
    // FNV-1a over every statement, each followed by a NUL (no statement holds one).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in statements.joined(separator: "\0").utf8 + [0] {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Shipped(name: name, statements: statements.count, fingerprint: hash)
  }

  /// `SQLiteSchema.migrations` as they shipped; append a line when a migration ships.
  static let sqlite = [
    Shipped(name: "createTables", statements: 12, fingerprint: 0x4c67_4605_d552_5f46),
    Shipped(name: "orderIndexes", statements: 4, fingerprint: 0x907c_85bb_9748_eee8),
    Shipped(name: "rowCounts", statements: 10, fingerprint: 0x4f6a_f01a_51d8_a92b),
    Shipped(name: "stopwatchBootInstant", statements: 2, fingerprint: 0xbb4d_cf52_9e36_2331),
    Shipped(name: "listBlocks", statements: 13, fingerprint: 0x09d4_d2fa_51d2_5719),
    Shipped(name: "rangeChecks", statements: 14, fingerprint: 0x7050_1a18_912e_db81),
    Shipped(name: "shownItems", statements: 2, fingerprint: 0x7ae1_2f7b_cf72_510c),
    Shipped(name: "changeKinds", statements: 35, fingerprint: 0x0ab2_1aa7_e39a_8139),
    Shipped(name: "declaredRecords", statements: 5, fingerprint: 0xe0a5_b9e5_08f4_287a),
    Shipped(name: "terminalShown", statements: 10, fingerprint: 0x4241_842a_2b97_7972),
    Shipped(name: "lapShownTimes", statements: 2, fingerprint: 0xa127_eef8_82f6_6d6d),
    Shipped(name: "chatSearchPending", statements: 5, fingerprint: 0x858b_b709_6a5a_8e3a),
  ]

  /// `PostgresSchema.migrations` as they shipped; append a line when a migration ships.
  static let postgres = [
    Shipped(name: "createTables", statements: 44, fingerprint: 0xc628_973c_91ac_05df),
    Shipped(name: "listBlocks", statements: 21, fingerprint: 0x7b85_0519_2d3d_c5be),
    Shipped(name: "declaredRecords", statements: 4, fingerprint: 0x00fa_438b_b6b5_ffa9),
    Shipped(name: "terminalShown", statements: 6, fingerprint: 0x1543_61d6_1abc_7559),
    Shipped(name: "lapShownTimes", statements: 2, fingerprint: 0xf77f_87df_584c_3d17),
    Shipped(name: "changeLog", statements: 43, fingerprint: 0xa4d4_f338_2812_24f7),
    Shipped(name: "machines", statements: 1, fingerprint: 0xb3ef_d101_b140_861e),
  ]

  /// `PostgresReplica.migrations` (a copy's own tables) as they shipped, with the table that
  /// counts them; append a line when a migration ships.
  static let replica = [
    Shipped(name: "replicaVersion", statements: 1, fingerprint: 0x4580_2070_ea36_9740),
    Shipped(name: "pulledPosition", statements: 1, fingerprint: 0x9cf0_8df4_49d3_5396),
    Shipped(name: "machineNumber", statements: 1, fingerprint: 0x4e84_0844_7917_339e),
  ]

  @Test func everyShippedSQLiteMigrationIsAsItShipped() {
    let today = SQLiteSchema.migrations.map { Self.shipped($0.name, $0.statements) }
    #expect(Array(today.prefix(Self.sqlite.count)) == Self.sqlite, "today: \(today)")
  }

  @Test func everyShippedPostgresMigrationIsAsItShipped() {
    let today = PostgresSchema.migrations.map { Self.shipped($0.name, $0.statements) }
    #expect(Array(today.prefix(Self.postgres.count)) == Self.postgres, "today: \(today)")
  }

  @Test func everyShippedReplicaMigrationIsAsItShipped() {
    let today =
      [Self.shipped("replicaVersion", [PostgresReplica.createVersionTable])]
      + PostgresReplica.migrations.map { Self.shipped($0.name, $0.statements) }
    #expect(Array(today.prefix(Self.replica.count)) == Self.replica, "today: \(today)")
  }
}

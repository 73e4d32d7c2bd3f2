import Domain
import Foundation

struct PostgresScreenRepository: ScreenRepository {
  let database: PostgresDatabase

  /// Saves the screen; a `nil` calculator currency keeps the one stored.
  static let upsert = """
    INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
    VALUES (1, $1, $2, $3)
    ON CONFLICT (id) DO UPDATE
    SET screen = excluded.screen, currency = excluded.currency,
      last_calculator_currency =
        coalesce(excluded.last_calculator_currency, screen_state.last_calculator_currency)
    """

  static func state(_ connection: PostgresConnection) throws -> ScreenStateRow? {
    try connection.query(ScreenStateRow.select, row: ScreenStateRow.init).first
  }

  func lastScreen() async throws -> Screen? {
    try await database.read { try Self.state($0)?.lastScreen() }
  }

  func save(_ screen: Screen) async throws {
    var calculatorCurrency: String?
    if case .calculator(let currency) = screen { calculatorCurrency = currency }
    let row = ScreenStateRow(lastScreen: screen, lastCalculatorCurrency: calculatorCurrency)
    try await database.writeOne { connection in
      _ = try connection.execute(
        Self.upsert, row.screen, row.currency, row.lastCalculatorCurrency)
    }
  }

  func lastCalculatorCurrency() async throws -> String? {
    try await database.read { try Self.state($0)?.lastCalculatorCurrency }
  }

  func shownList() async throws -> ShownList? {
    try await database.read { try PostgresShownList.read($0) }
  }

  /// The stored list is read in the write transaction, and nothing is written when it is
  /// `shown` already.
  func save(_ shown: ShownList) async throws {
    try await database.write { try PostgresShownList.save(shown, $0) }
  }
}

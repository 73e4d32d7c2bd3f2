import Foundation
import PocketDomain

/// The statements of `SQLScreenRepository`.
enum ScreenSQL {
  static let select = SQLText(ScreenStateRow.select)
  /// Saves the screen; a `nil` calculator currency keeps the one stored.
  static let upsert = SQLText(
    """
    INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
    VALUES (1, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE
    SET screen = excluded.screen, currency = excluded.currency,
      last_calculator_currency =
        coalesce(excluded.last_calculator_currency, screen_state.last_calculator_currency)
    """)
}

/// The screen seen last, and the rows it showed, in an SQL store (SQLite or PostgreSQL).
struct SQLScreenRepository<Database: SQLDatabase>: ScreenRepository {
  let database: Database

  static func state(_ connection: Database.Connection) throws -> ScreenStateRow? {
    try connection.query(ScreenSQL.select, row: ScreenStateRow.init).first
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
        ScreenSQL.upsert, row.screen, row.currency, row.lastCalculatorCurrency)
    }
  }

  func lastCalculatorCurrency() async throws -> String? {
    try await database.read { try Self.state($0)?.lastCalculatorCurrency }
  }

  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    try await database.read { try SQLShownList.read(terminal, $0) }
  }

  /// The stored list is read in the write transaction, and nothing is written when it is
  /// `shown` already.
  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    try await database.write { try SQLShownList.save(shown, for: terminal, $0) }
  }

  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    try await database.write { try SQLShownList.drop(where: isGone, $0) }
  }
}

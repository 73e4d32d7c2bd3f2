import Foundation
import PocketData
import PocketDomain
import TestSupport
import TestTraits

/// Every store Pocket has. The repository contract suite runs each test once per case, so
/// a new store (`sqlite`) is checked by adding its case here and nothing else.
public enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
  case memory
  case json
  case sqlite
  /// On the private PostgreSQL server the tests start (`PostgresServer.shared`), each store
  /// in a schema of its own.
  case postgres

  public var description: String { rawValue }

  /// Whether the store keeps its content when it is closed and opened again.
  public var isPersistent: Bool {
    switch self {
    case .memory: false
    case .json, .sqlite, .postgres: true
    }
  }

  /// Every kind that can run here: all of them, but postgres only where a server could be
  /// started (`PostgresServerTests` reports the skip, and fails it when CI requires one).
  public static var available: [StoreKind] {
    allCases.filter { $0 != .postgres || PostgresServer.isAvailable }
  }

  /// The kinds that keep their content when closed and opened again.
  public static var persistent: [StoreKind] { available.filter(\.isPersistent) }

  /// The kinds kept in files of a store folder.
  public static let fileStores: [StoreKind] = [.json, .sqlite]

  /// The postgres store that a test's `directory` names: the schema it was given
  /// (`PostgresSchemaPool`: an emptied one of a finished test, else one named from the
  /// folder's path), so that opening it again finds the same one.
  public static func postgresTarget(for directory: URL) -> PostgresTarget {
    let schema = PostgresSchemaPool.schema(for: directory) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in directory.standardizedFileURL.path.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return "t_" + String(hash, radix: 16)
    }
    return PostgresTarget(url: PostgresServer.shared?.url(), schema: schema)
  }

  /// Opens a store of this kind in `directory` (ignored by the memory store).
  public func makeStore(at directory: URL) async throws -> Repositories {
    switch self {
    case .memory: InMemoryStore().repositories
    case .json: try JSONFileStore.open(directory: directory).repositories
    case .sqlite:
      try SQLiteStore.open(path: directory.appendingPathComponent(SQLiteStore.fileName).path)
        .repositories
    case .postgres:
      // Off the cooperative pool: making a schema on the server takes a while.
      try await Blocking.run { try PostgresStore.open(Self.postgresTarget(for: directory)) }
        .repositories
    }
  }
}

/// A store opened for one test in a fresh temporary directory.
///
/// `reopen()` closes and opens a persistent store on the same directory, so a test can
/// check that what it wrote survives; a memory store keeps its instance, as a process
/// would until it exits.
public struct StoreUnderTest: Sendable {
  public let kind: StoreKind
  public let directory: URL
  public private(set) var repositories: Repositories

  public init(_ kind: StoreKind) async throws {
    self.kind = kind
    directory = try Fixtures.temporaryDirectory()
    repositories = try await kind.makeStore(at: directory)
  }

  /// Opens the store again on the same directory (persistent kinds only).
  public mutating func reopen() async throws {
    guard kind.isPersistent else { return }
    repositories = try await kind.makeStore(at: directory)
  }

  /// Deletes the temporary directory (a postgres store's schema is emptied for the next
  /// test: `PostgresSchemaPool`).
  public func remove() {
    try? FileManager.default.removeItem(at: directory)
    if kind == .postgres { PostgresSchemaPool.release(directory) }
  }

  public var stopwatch: any StopwatchRepository { repositories.stopwatch }
  public var bookmarks: any BookmarkRepository { repositories.bookmarks }
  public var rates: any ExchangeRateRepository { repositories.rates }
  public var screens: any ScreenRepository { repositories.screens }
  public var mindLogs: any MindLogRepository { repositories.mindLogs }
  public var chat: any ChatRepository { repositories.chat }
}

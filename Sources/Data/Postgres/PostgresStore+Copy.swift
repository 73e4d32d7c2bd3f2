import Foundation
import PocketDomain

/// This machine's copy of a postgres store's records (`PostgresReplica`): where it is kept,
/// and how it is read while the server does not answer.
extension PostgresStore {
  /// The name of the file of this machine's copy of the store `target` names (with libpq's
  /// environment for what it leaves out): `replica-` and 16 hex digits of a hash (FNV-1a) of
  /// its user, host, port, database and schema, so each store has its own copy and a name
  /// never holds a password or a character a file name cannot.
  public static func copyFileName(_ target: PostgresTarget, environment: [String: String])
    -> String
  {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in target.name(environment: environment).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return "replica-" + String(repeating: "0", count: 16 - digits.count) + digits + ".sqlite"
  }

  /// Whether a copy at `path` exists (it is only made by a command's end that reached the
  /// server: `close(pullingInto:)`).
  public static func hasCopy(at path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The copy at `path`, opened to be read while the server does not answer, every change
  /// refused with `refusal`, and when it was last brought up to date; `nil` for a copy never
  /// brought up to date (nothing in it to show).
  public static func openCopy(
    at path: String, refusing refusal: DomainError, watch: WatchChoice = .automatic,
    thread: StoreThread = .own, waits: StoreWaits = StoreWaits()
  ) throws(DomainError) -> (store: SQLiteStore, copiedAt: Date)? {
    let copiedAt: Date?
    do {
      let connection = try PostgresReplica.connect(path: path)
      defer { try? connection.close() }
      copiedAt = try PostgresReplica.copiedAt(connection)
    } catch {
      throw sqlDomainError(error, store: path)
    }
    guard let copiedAt else { return nil }
    let store = try SQLiteStore.open(
      copyAt: path, refusing: refusal, durability: .localState, watch: watch, thread: thread,
      waits: waits)
    return (store, copiedAt)
  }
}

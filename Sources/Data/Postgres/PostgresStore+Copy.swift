import Foundation
import PocketDomain

/// This machine's copy of a postgres store's records (`PostgresReplica`): where it is kept
/// (`PostgresCopyStore` reads it).
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

  /// Brings this machine's copy of the store at `path` up to date, whole whatever the
  /// store's size when it needs a whole copy, on a connection and a thread of their own
  /// (`PostgresDatabase.copyWhole(into:)`): a view that follows a store of more records
  /// than a command's end copies (20,000) makes the copy this way while it shows the
  /// server's records, and the next command reads the copy. Whether the copy is up to date;
  /// a server that does not answer, or a copy that cannot be written, leaves it as it was.
  @discardableResult
  public func copyWhole(into path: String) async -> Bool {
    await withCheckedContinuation { finished in
      Thread.detachNewThread { [database] in
        finished.resume(returning: (try? database.copyWhole(into: path)) != nil)
      }
    }
  }

  /// Whether a copy at `path` exists (it is only made by a command's end that reached the
  /// server: `close(pullingInto:)`).
  public static func hasCopy(at path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}

import Foundation

/// Long tests run their full sizes when `POCKET_SOAK=1` (CI sets it) and small ones
/// otherwise, so the default `swift test` stays fast.
public enum Soak {
  public static var isOn: Bool { ProcessInfo.processInfo.environment["POCKET_SOAK"] == "1" }

  /// `full` with `POCKET_SOAK=1`, else `quick`.
  public static func size<T>(_ quick: T, full: T) -> T { isOn ? full : quick }

  /// The time limit, in minutes, of a suite that could hang: generous, because a test waits
  /// for its turn on the 2 cooperative threads (and the main actor) of a loaded machine, and
  /// the soak run loads it most.
  public static var minutesBeforeAHang: Int { isOn ? 20 : 3 }
}

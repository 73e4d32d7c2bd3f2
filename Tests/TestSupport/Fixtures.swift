import Foundation
import PocketDomain
import PocketTesting

/// Shared test values.
public enum Fixtures {
  /// 2026-11-29 01:32:00 UTC, a whole second (`SampleRecords.referenceDate`).
  public static let referenceDate = SampleRecords.referenceDate

  /// The Gregorian calendar in UTC: days of tests that do not depend on the machine's zone.
  public static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()

  /// The package root, found from this file's path, so tests work from any directory.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A fixture file under Tests/Fixtures.
  public static func url(_ name: String) -> URL {
    packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
  }

  /// A fresh empty directory (mode 0700) under the system temporary directory, or with
  /// `preferringMemory` under `/dev/shm` when the system has it (a tmpfs on Linux). The
  /// quick run prefers memory: its stores sync on every commit, and a virtual machine's disk
  /// makes each sync cost CPU. With `POCKET_SOAK=1` the folders are on the disk, as a user's
  /// are, where the soak sizes have room.
  public static func temporaryDirectory(preferringMemory: Bool = !Soak.isOn) throws -> URL {
    let url = temporaryParent(preferringMemory: preferringMemory)
      .appendingPathComponent("pocket-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
  }

  /// The system temporary directory, or with `preferringMemory` `/dev/shm` when the
  /// system has it (a tmpfs on Linux).
  public static func temporaryParent(preferringMemory: Bool) -> URL {
    var isDirectory: ObjCBool = false
    return preferringMemory
      && FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory)
      && isDirectory.boolValue
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
  }

  /// The reference date moved by `milliseconds` (`SampleRecords.date(_:)`).
  public static func date(_ milliseconds: Int64 = 0) -> Date { SampleRecords.date(milliseconds) }
}

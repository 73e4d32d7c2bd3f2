import Foundation
import PocketApp
import PocketDomain
import TestSupport
import Testing

/// The typed doors: `add` and `edit` with a day or a score on each side of its bounds, on
/// every store that keeps files. Each command is refused (exit 1, the range in the message,
/// nothing changed) or taken, and then every command on the store still works: the store
/// opens, exports, and the export imports into a fresh store.
@Suite("One door for every value: typed commands")
struct OneDoorCommandTests {
  /// A command, and whether it is taken. The days are chosen so that noon of the day lies
  /// on the same side of 1970-01-01T00:00Z in every time zone (UTC−12 to UTC+14).
  static let typed: [([String], Bool)] = [
    (["add", "--date", "1969-12-31", "5", "typo"], false),
    (["add", "--date", "0001-01-01", "5", "typo"], false),
    (["add", "--date", "1000-06-15", "5", "typo"], false),
    (["add", "--date", "1970-01-02", "5", "first days"], true),
    (["add", "10", "best"], true),
    (["add", "10.001", "past ten"], false),
    (["add", "0", "worst"], true),
    (["add", "-0.001", "below zero"], false),
    (["edit", "1", "--date", "1969-12-31", "5"], false),
    (["edit", "1", "--date", "0001-01-01", "5"], false),
    (["edit", "1", "--date", "1000-06-15", "5", "note"], false),
    (["edit", "1", "--date", "1970-01-02", "5", "note"], true),
    (["edit", "1", "10.001"], false),
    (["add", String(repeating: "n", count: 1_001)], false),
  ]

  /// Each command on both stores with `POCKET_SOAK=1`; else on one, the stores taken in turn.
  static var cases: [(String, Int)] {
    Soak.spread(Array(typed.indices), over: ["json", "sqlite"])
  }

  @Test(arguments: cases)
  @MainActor
  func aTypedValueIsRefusedWithNothingChangedOrTakenAndTheStoreStillWorks(
    store: String, index: Int
  ) async throws {
    let (command, taken) = Self.typed[index]
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // One entry to edit, on the mind log.
    #expect(
      await OutsideNumberTests.pocket(store, directory, ["add", "7", "walk"]).status == .done)
    let before = try await export(store, directory, "before.json")

    let run = await OutsideNumberTests.pocket(store, directory, command)
    if taken {
      #expect(run.status == .done, "\(store) \(command): \(run.errors)")
    } else {
      #expect(run.status == .refused, "\(store) \(command): \(run.status) \(run.output)")
      if command.contains("--date") {
        // A typing mistake, worded as one: the first day a store keeps, and the forms.
        #expect(
          run.errors.contains("is before 1970-01-01, the first day Pocket keeps: use today"),
          "\(run.errors)")
        #expect(!run.errors.contains("out of range"), "\(run.errors)")
      }
      #expect(try await export(store, directory, "after.json") == before, "\(command)")
    }
    // Every later command works on the store: it shows, exports, and the export imports.
    for later in [["mindlog"], ["delete", "1"], ["say", "still here"]] {
      let next = await OutsideNumberTests.pocket(store, directory, later)
      #expect(next.status == .done, "\(store) \(command) then \(later): \(next.errors)")
    }
    let archive = directory.appendingPathComponent("again.json")
    _ = try await export(store, directory, archive.lastPathComponent)
    let fresh = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: fresh) }
    let imported = await OutsideNumberTests.pocket(store, fresh, ["import", archive.path])
    #expect(imported.status == .done, "\(store) \(command): \(imported.errors)")
  }

  /// The store's export as text (its bytes name every record, in canonical order).
  @MainActor
  func export(_ store: String, _ directory: URL, _ name: String) async throws -> String {
    let path = directory.appendingPathComponent(name).path
    let run = await OutsideNumberTests.pocket(store, directory, ["export", path])
    #expect(run.status == .done, "export: \(run.errors)")
    return try String(contentsOfFile: path, encoding: .utf8)
  }
}

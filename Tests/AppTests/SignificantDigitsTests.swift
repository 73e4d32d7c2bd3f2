import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketApp
@testable import PocketData

/// A decimal with more significant digits than the 38 a `Decimal` holds is refused at every
/// door it can enter by — a typed amount, a mind-log score typed for `add` and `edit`,
/// `--timeout`, a rates file, an archive, a json store's snapshot and journal, a SQLite
/// row — never rounded without a word (`convert 1.0000000000000000000000000000000000000001`
/// showed `1.00 USD`). 38 digits are read exactly at each. (In process, through the same
/// `Pocket` the binary runs.)
@Suite("Significant digits at every door")
struct SignificantDigitsTests {
  /// 39 significant digits: one more than a `Decimal` holds.
  static let score39 = "5.00000000000000000000000000000000000001"
  /// 38: the most it holds; a valid score.
  static let score38 = "5.0000000000000000000000000000000000001"
  /// The amount: 41 significant digits.
  static let amount41 = "1.0000000000000000000000000000000000000001"
  /// 39 and 38 significant digits of a rate.
  static let rate39 = "1350.00304300000000000000000000000000001"
  static let rate38 = "1350.0030430000000000000000000000000001"

  @MainActor
  static func pocket(
    _ store: String, _ directory: URL, _ arguments: [String], rates: URL? = nil
  ) async -> (status: PocketApp.ExitStatus, output: String, errors: String) {
    await OutsideNumberTests.pocket(store, directory, arguments, rates: rates)
  }

  @Test func theOracleCountsDigitsByHand() {
    // Digits from the first non-zero to the last non-zero, counted on the text.
    func count(_ text: String) -> Int {
      let digits = text.filter(\.isNumber)
      let trimmed = digits.drop { $0 == "0" }.reversed().drop { $0 == "0" }
      return trimmed.count
    }
    #expect(count(Self.score39) == 39)
    #expect(count(Self.score38) == 38)
    #expect(count(Self.amount41) == 41)
    #expect(count(Self.rate39) == 39)
    #expect(count(Self.rate38) == 38)
  }

  @Test(arguments: Soak.all(["sqlite", "json"], quick: "sqlite"))
  @MainActor
  func aTypedAmountIsRefusedNotRounded(store: String) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(await Self.pocket(store, directory, ["calc", "USD"]).status == .done)
    let refused = await Self.pocket(store, directory, ["convert", Self.amount41])
    #expect(refused.status == .refused)
    #expect(refused.errors == "pocket: Enter a valid number\n")
    #expect(refused.output.isEmpty, "a refusal prints only its reason")
    // 38 digits are shown as typed.
    let most = await Self.pocket(
      store, directory, ["convert", "123456789012345.12345678901234567890123"])
    #expect(most.status == .done, "\(most.errors)")
    #expect(most.output.contains("123,456,789,012,345.12345678901234567890123 USD → "))
  }

  @Test(arguments: Soak.all(["sqlite", "json"], quick: "json"))
  @MainActor
  func aTypedScoreIsRefusedForAddAndEdit(store: String) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let added = await Self.pocket(store, directory, ["add", Self.score39, "too", "precise"])
    #expect(added.status == .refused)
    #expect(added.errors == "pocket: Enter a valid number\n")
    #expect(await Self.pocket(store, directory, ["mindlog"]).output.contains("No entries yet."))

    #expect(await Self.pocket(store, directory, ["add", Self.score38, "exact"]).status == .done)
    let edited = await Self.pocket(store, directory, ["edit", "1", Self.score39])
    #expect(edited.status == .refused)
    #expect(edited.errors == "pocket: Enter a valid number\n")
    // The entry keeps its 38 digits exactly.
    let file = directory.appendingPathComponent("export.json")
    #expect(await Self.pocket(store, directory, ["export", file.path]).status == .done)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("\"score\" : \"\(Self.score38)\""), "\(text)")
  }

  @Test @MainActor func aTimeoutIsRefusedNotRounded() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = await Self.pocket("memory", directory, ["--timeout", Self.amount41, "rates"])
    #expect(run.status == .usage)
    #expect(run.errors.contains("--timeout"), "\(run.errors)")
    let most = await Self.pocket(
      "memory", directory, ["--timeout", "1.0000000000000000000000000000000000001", "rates"])
    #expect(most.status == .done, "\(most.errors)")
  }

  @Test @MainActor func aRatesFileIsRefusedNamingTheRate() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try OutsideNumberTests.write(
      OutsideNumberTests.ratesBody(.rate, Self.rate39), in: directory, name: "rates.json")
    let refused = await Self.pocket("sqlite", directory, ["refresh", "--force"], rates: file)
    #expect(refused.status == .refused)
    #expect(
      refused.errors == "pocket: Could not load data: \(file.path): the rate of KRW \(Self.rate39) "
        + "has more than 38 significant digits, more than a decimal holds exactly\n")

    // Published later than the bundled rates, so that the refresh stores them.
    let later = OutsideNumberTests.ratesBody(.rate, Self.rate38)
      .replacingOccurrences(of: "1724025751", with: "1724100000")
    let exact = try OutsideNumberTests.write(later, in: directory, name: "rates38.json")
    #expect(
      await Self.pocket("sqlite", directory, ["refresh", "--force"], rates: exact).status == .done)
    let export = directory.appendingPathComponent("export.json")
    #expect(await Self.pocket("sqlite", directory, ["export", export.path]).status == .done)
    #expect(try String(contentsOf: export, encoding: .utf8).contains("\"\(Self.rate38)\""))
  }

  @Test(arguments: [
    (
      OutsideNumberTests.ArchiveField.score, SignificantDigitsTests.score39,
      SignificantDigitsTests.score38
    ),
    (.latestRate, SignificantDigitsTests.rate39, SignificantDigitsTests.rate38),
  ])
  @MainActor
  func anArchiveIsRefusedNamingTheField(
    field: OutsideNumberTests.ArchiveField, tooMany: String, most: String
  ) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try OutsideNumberTests.write(
      OutsideNumberTests.archive(field, tooMany), in: directory, name: "archive.json")
    let refused = await Self.pocket("sqlite", directory, ["import", file.path])
    #expect(refused.status == .refused)
    #expect(
      refused.errors == "pocket: Cannot use the file \(file.path): \(field.rawValue) \(tooMany) "
        + "has more than 38 significant digits, more than a decimal holds exactly\n")
    #expect(await Self.pocket("sqlite", directory, ["mindlog"]).output.contains("No entries yet."))

    let exact = try OutsideNumberTests.write(
      OutsideNumberTests.archive(field, most), in: directory, name: "exact.json")
    let imported = await Self.pocket("sqlite", directory, ["import", exact.path])
    #expect(imported.status == .done, "\(imported.errors)")
    let export = directory.appendingPathComponent("export.json")
    #expect(await Self.pocket("sqlite", directory, ["export", export.path]).status == .done)
    #expect(try String(contentsOf: export, encoding: .utf8).contains("\"\(most)\""))
  }

  /// A json store whose snapshot, or a journal line, holds a score of 39 digits is a broken
  /// store (exit 3) naming the field, and is left as it is.
  @Test @MainActor func aJSONStoreFileIsRefusedNamingTheField() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // An import writes a snapshot with its entry (score 7.25); the next entry is a line.
    let archive = try OutsideNumberTests.write(
      OutsideNumberTests.archive(nil, ""), in: directory, name: "archive.json")
    #expect(await Self.pocket("json", directory, ["import", archive.path]).status == .done)
    #expect(await Self.pocket("json", directory, ["add", "6", "second"]).status == .done)
    let snapshot = directory.appendingPathComponent("pocket.json")
    let journal = directory.appendingPathComponent("pocket.journal")
    let goodSnapshot = try String(contentsOf: snapshot, encoding: .utf8)
    let goodJournal = try String(contentsOf: journal, encoding: .utf8)

    let badSnapshot = goodSnapshot.replacingOccurrences(
      of: "\"score\" : \"7.25\"", with: "\"score\" : \"\(Self.score39)\"")
    #expect(badSnapshot != goodSnapshot)
    try badSnapshot.write(to: snapshot, atomically: false, encoding: .utf8)
    let snapshotRun = await Self.pocket("json", directory, ["mindlog"])
    #expect(snapshotRun.status == .storeUnusable)
    #expect(
      snapshotRun.errors.hasPrefix(
        "pocket: Cannot use the store at \(snapshot.path): mindLog.entries[0].score "
          + "\(Self.score39) has more than 38 significant digits"), "\(snapshotRun.errors)")
    #expect(try String(contentsOf: snapshot, encoding: .utf8) == badSnapshot)

    try goodSnapshot.write(to: snapshot, atomically: false, encoding: .utf8)
    let badJournal = goodJournal.replacingOccurrences(
      of: "\"score\":\"6\"", with: "\"score\":\"\(Self.score39)\"")
    #expect(badJournal != goodJournal)
    try badJournal.write(to: journal, atomically: false, encoding: .utf8)
    let journalRun = await Self.pocket("json", directory, ["mindlog"])
    #expect(journalRun.status == .storeUnusable)
    #expect(
      journalRun.errors.contains(
        ": score \(Self.score39) has more than 38 significant digits"), "\(journalRun.errors)")
    #expect(journalRun.errors.contains("pocket.journal: line "), "\(journalRun.errors)")
    #expect(try String(contentsOf: journal, encoding: .utf8) == badJournal)
  }

  /// A SQLite row holding a score of 39 digits: the store reports it naming the column.
  @Test @MainActor func aSQLiteRowIsRefusedNamingTheColumn() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(await Self.pocket("sqlite", directory, ["add", "5", "first"]).status == .done)
    do {
      let connection = try SQLiteConnection(
        path: directory.appendingPathComponent("pocket.sqlite").path, flags: 0x0000_0002)
      try connection.execute("UPDATE mind_logs SET score = ?", Self.score39)
    }
    let run = await Self.pocket("sqlite", directory, ["mindlog"])
    #expect(run.status == .storeUnusable)
    #expect(
      run.errors.contains("mind_logs.score (id 1) \(Self.score39) has more than 38 significant"),
      "\(run.errors)")
  }
}

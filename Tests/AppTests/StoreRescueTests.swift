import Foundation
import PocketApp
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// A store that already holds a value out of range, as a Pocket before every door checked
/// wrote one (`add --date 1969-12-31`): every command refuses it (exit 3), but `export`
/// writes what can be read and names what it left out (exit 1), and `import --replace`
/// makes the store whole again. Each test on both stores with `POCKET_SOAK=1`; the quick
/// run spreads the stores over them.
@Suite("Rescuing a store that holds a value out of range")
struct StoreRescueTests {
  /// Noon of 1969-12-31 (UTC), the date such an `add` stored.
  static let badDate: Int64 = -43_200_000

  @Test(arguments: Soak.all(["json", "sqlite"], quick: "json"))
  @MainActor
  func exportWritesWhatCanBeReadNamesTheRestAndImportReplaceRepairs(store: String)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func pocket(_ words: String...) async -> (
      status: PocketApp.ExitStatus, output: String, errors: String
    ) {
      await OutsideNumberTests.pocket(store, directory, words)
    }
    #expect(await pocket("add", "7", "walk").status == .done)  // entry 1
    #expect(await pocket("say", "hello").status == .done)
    try Self.writeBadEntry(store: store, in: directory)  // entry 2, then entry 3 "after"

    let refused = await pocket("mindlog")
    #expect(refused.status == .storeUnusable, "\(refused.errors)")
    #expect(refused.errors.contains("-43200000 is out of range"), "\(refused.errors)")

    let rescued = directory.appendingPathComponent("rescued.json")
    let export = await pocket("export", rescued.path)
    #expect(export.status == .refused, "\(export.errors)")
    #expect(export.output.contains("Exported"), "\(export.output)")
    #expect(export.errors.contains("Not exported, cannot be read:"), "\(export.errors)")
    #expect(
      export.errors.contains(
        "-43200000 is out of range (a date from 1970-01-01 to 9999-12-31)"), "\(export.errors)")
    let archive = try ArchiveFile.read(rescued.path)
    #expect(archive.mindLogs.map(\.id) == [1, 3])
    #expect(archive.mindLogs.map(\.note) == ["walk", "after"])
    #expect(archive.lastMindLogID == 3)
    #expect(archive.messages.map(\.content) == ["hello"])

    let repaired = await pocket("import", rescued.path, "--replace")
    #expect(repaired.status == .done, "\(repaired.errors)")
    let shown = await pocket("mindlog")
    #expect(shown.status == .done, "\(shown.errors)")
    #expect(shown.output.contains("walk") && shown.output.contains("after"), "\(shown.output)")
    #expect(await pocket("delete", "1").status == .done)
    // The ids go on from the last one given: the next entry is 4.
    #expect(await pocket("add", "5", "next").status == .done)
    let again = directory.appendingPathComponent("again.json")
    #expect(await pocket("export", again.path).status == .done)
    #expect(try ArchiveFile.read(again.path).lastMindLogID == 4)
  }

  @Test(arguments: Soak.all(["json", "sqlite"], quick: "sqlite"))
  @MainActor
  func importWithoutReplaceAndOtherCommandsStillRefuseTheDamagedStore(store: String)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(
      await OutsideNumberTests.pocket(store, directory, ["add", "7", "walk"]).status == .done)
    try Self.writeBadEntry(store: store, in: directory)
    let file = directory.appendingPathComponent("x.json")
    try Foundation.Data("{}".utf8).write(to: file)
    for words in [["import", file.path], ["mindlog"], ["add", "1", "more"]] {
      let run = await OutsideNumberTests.pocket(store, directory, words)
      #expect(run.status == .storeUnusable, "\(words): \(run.status) \(run.errors)")
    }
  }

  /// Writes mind-log entry 2 dated 1969-12-31 and entry 3 ("after") as a Pocket before
  /// every door checked did: a json journal line; a SQLite row written past the file's
  /// range triggers, which that Pocket's files did not have.
  static func writeBadEntry(store: String, in directory: URL) throws {
    if store == "json" {
      let journal = directory.appendingPathComponent("pocket.journal")
      let lines = (try? String(contentsOf: journal, encoding: .utf8)) ?? ""
      // The last change stored: the journal's last line, else the snapshot's.
      let snapshot = directory.appendingPathComponent("pocket.json")
      let last =
        try lines.split(separator: "\n").last.map { Foundation.Data($0.utf8) }
        ?? Foundation.Data(contentsOf: snapshot)
      let object = try JSONSerialization.jsonObject(with: last) as? [String: Any] ?? [:]
      let seq = (object["seq"] ?? object["journalSeq"]) as? Int ?? 0
      let bad = #"{"change":{"insertMindLog":{"dateMs":-43200000,"note":"typo","score":"5"}},"#
      let after =
        #"{"change":{"insertMindLog":{"dateMs":1795915920000,"note":"after","score":"6"}},"#
      let text = lines + bad + "\"seq\":\(seq + 1)}\n" + after + "\"seq\":\(seq + 2)}\n"
      try Foundation.Data(text.utf8).write(to: journal)
      return
    }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
    try connection.execute("DROP TRIGGER mind_logs_in_range_insert")
    try connection.execute(
      "INSERT INTO mind_logs VALUES (2, ?, '5', 'typo'), (3, 1795915920000, '6', 'after')",
      badDate)
    try connection.execute("UPDATE counters SET value = 3 WHERE name = 'mind_logs'")
  }
}

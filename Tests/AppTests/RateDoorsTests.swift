import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// A rate set published in 2099 at every door rates come in by: `refresh` and `import`
/// refuse it with the same sentence ("… more than a day after this machine's clock"), and
/// nothing changes; a store file that holds one (edited by hand) is not refused, since a
/// clock set wrong would then lock every store, but its set shows as due and the next real
/// set replaces it without `--force`; the bundled set is a real publication.
@Suite("A rate set from the future at every door", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct RateDoorsTests {
  /// 2099-03-25T00:00:00Z and a day later, in seconds.
  static let published2099 = 4_078_080_000
  static let refusal = "more than a day after this machine's clock"

  static func fixture() throws -> String {
    try String(contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
  }

  @Test func refreshAndImportRefuseItAlike() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let future = try Self.fixture()
      .replacing(
        /"time_last_update_unix":\d+/, with: "\"time_last_update_unix\":\(Self.published2099)"
      )
      .replacing(
        /"time_next_update_unix":\d+/,
        with: "\"time_next_update_unix\":\(Self.published2099 + 86_400)")
    let file = pocket.directory.appendingPathComponent("future-rates.json")
    try Foundation.Data(future.utf8).write(to: file)
    let before = try pocket.export()
    let refreshed = try pocket.run(["--rates-file", file.path, "refresh", "--force"])
    #expect(refreshed.status == 1)
    #expect(refreshed.stderr.contains(Self.refusal), "\(refreshed.stderr)")
    #expect(try pocket.export() == before)

    // The same set inside an export: refused the same way, nothing imported.
    let exported = String(decoding: before, as: UTF8.self)
      .replacingOccurrences(of: "1724025751000", with: "\(Self.published2099)000")
      .replacingOccurrences(of: "1724113181000", with: "\(Self.published2099 + 86_400)000")
    #expect(exported.contains("\(Self.published2099)000"), "the export's rates moved")
    let archive = pocket.directory.appendingPathComponent("future-export.json")
    try Foundation.Data(exported.utf8).write(to: archive)
    let target = try PocketProcess(store: "json")
    defer { target.remove() }
    let imported = try target.run(["import", archive.path])
    #expect(imported.status == 1)
    #expect(imported.stderr.contains(Self.refusal), "\(imported.stderr)")
  }

  @Test func aStoreFileHoldingOneOpensShowsItDueAndARealSetReplacesIt() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    #expect(try pocket.run(["rates"]).status == 0)
    let snapshot = pocket.directory.appendingPathComponent("pocket.json")
    let text = try String(contentsOf: snapshot, encoding: .utf8)
    #expect(text.contains("1724025751000"), "the bundled set is cached")
    try Foundation.Data(
      text.replacingOccurrences(of: "1724025751000", with: "\(Self.published2099)000")
        .replacingOccurrences(of: "1724113181000", with: "\(Self.published2099 + 86_400)000")
        .utf8
    ).write(to: snapshot)
    let shown = try pocket.run(["--offline", "rates"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("Published Mar 25, 2099"), "\(shown.stdout)")
    #expect(shown.stdout.contains("due since"), "a set from the future is never current")
    let real = pocket.directory.appendingPathComponent("real.json")
    try Foundation.Data(try Self.fixture().utf8).write(to: real)
    let refreshed = try pocket.run(["--rates-file", real.path, "refresh"])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    #expect(refreshed.stdout.contains("Rates updated: published Aug 19, 2024"))
  }

  @Test func theBundledSetIsARealPublication() async throws {
    let bundled = try await BundledRateSource().fetch()
    #expect(bundled.impossibility(now: Date()) == nil)
  }
}

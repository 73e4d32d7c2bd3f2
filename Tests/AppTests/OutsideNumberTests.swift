import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketApp
@testable import PocketData

/// Every number that enters from outside — an archive to import, a rates file — is checked
/// where it enters: each numeric field of both formats, tried with extreme values, is
/// either refused with a message naming the field, or accepted, and then every command
/// still works. (In process, through the same `Pocket` and `Session` the binary runs.)
@Suite("Numbers from outside")
struct OutsideNumberTests {
  /// The extremes every numeric field is tried with.
  static let extremes: [String] = [
    "0", "-1", "9007199254740992", "9223372036854775807", "-9223372036854775808", "1e308",
    "1e-308", String(repeating: "9", count: 400),
  ]

  // MARK: The archive format

  /// Every numeric field of the export format, with the path messages name it by.
  enum ArchiveField: String, CaseIterable, CustomStringConvertible, Sendable {
    case version
    case journalSeq
    case accumulatedMs = "stopwatch.accumulatedMs"
    case startedAtMs = "stopwatch.startedAtMs"
    case lapNumber = "laps[0].number"
    case lapTimeMs = "laps[0].lapTimeMs"
    case lapTotalMs = "laps[0].totalMs"
    case noticeDateMs = "bookmarks[0].noticeDateMs"
    case bookmarkedAtMs = "bookmarks[0].bookmarkedAtMs"
    case latestPublishedAtMs = "rates.latest.publishedAtMs"
    case latestNextUpdateAtMs = "rates.latest.nextUpdateAtMs"
    case latestRate = "rates.latest.rates.KRW"
    case previousPublishedAtMs = "rates.previous.publishedAtMs"
    case previousNextUpdateAtMs = "rates.previous.nextUpdateAtMs"
    case previousRate = "rates.previous.rates.KRW"
    case mindLogLastID = "mindLog.lastID"
    case mindLogID = "mindLog.entries[0].id"
    case mindLogDateMs = "mindLog.entries[0].dateMs"
    case score = "mindLog.entries[0].score"
    case chatLastID = "chat.lastID"
    case messageID = "chat.messages[0].id"
    case messageDateMs = "chat.messages[0].dateMs"

    var description: String { rawValue }

    /// Written as a JSON string (a decimal), not as a JSON number.
    var isDecimalString: Bool { [.latestRate, .previousRate, .score].contains(self) }

    /// The value the field has when another field is tried.
    var usual: String {
      switch self {
      case .version: "1"
      case .journalSeq: "0"
      case .accumulatedMs: "4500"
      case .lapNumber: "1"
      case .lapTimeMs, .lapTotalMs: "1000"
      case .latestRate: "1350.003043"
      case .previousRate: "1315.579762"
      case .score: "7.25"
      case .mindLogLastID, .chatLastID: "3"
      case .mindLogID, .messageID: "2"
      default: "1795915920000"  // 2026-11-29
      }
    }
  }

  /// An archive (an export) with `value` written as `field`, every other field usual.
  static func archive(_ field: ArchiveField?, _ value: String) -> String {
    // The one lap is lap 1, so its time is its total: a value either takes in range is
    // written to both (out of range, only to the field tried, which the refusal names).
    let lapFields: [ArchiveField] = [.lapTimeMs, .lapTotalMs]
    let tiedLap =
      field.map(lapFields.contains) == true
      && Limits.durationMilliseconds.contains(Int64(value) ?? -1)
    func v(_ key: ArchiveField) -> String {
      let text = key == field || (tiedLap && lapFields.contains(key)) ? value : key.usual
      return key.isDecimalString ? "\"\(text)\"" : text
    }
    return """
      {
        "format": "pocket-json", "version": \(v(.version)), "journalSeq": \(v(.journalSeq)),
        "stopwatch": {"accumulatedMs": \(v(.accumulatedMs)), "startedAtMs": \(v(.startedAtMs))},
        "laps": [{"number": \(v(.lapNumber)), "lapTimeMs": \(v(.lapTimeMs)), "totalMs": \(v(.lapTotalMs))}],
        "bookmarks": [{"url": "https://n.example/1", "title": "First",
          "noticeDateMs": \(v(.noticeDateMs)), "bookmarkedAtMs": \(v(.bookmarkedAtMs))}],
        "rates": {
          "latest": {"base": "USD", "publishedAtMs": \(v(.latestPublishedAtMs)),
            "nextUpdateAtMs": \(v(.latestNextUpdateAtMs)), "rates": {"KRW": \(v(.latestRate)), "EUR": "0.907539"}},
          "previous": {"base": "USD", "publishedAtMs": \(v(.previousPublishedAtMs)),
            "nextUpdateAtMs": \(v(.previousNextUpdateAtMs)), "rates": {"KRW": \(v(.previousRate)), "EUR": "0.9"}},
          "favorites": ["KRW"]},
        "lastScreen": {"screen": "stopwatch"}, "lastCalculatorCurrency": "KRW",
        "mindLog": {"lastID": \(v(.mindLogLastID)),
          "entries": [{"id": \(v(.mindLogID)), "dateMs": \(v(.mindLogDateMs)), "score": \(v(.score)), "note": "walk"}]},
        "chat": {"lastID": \(v(.chatLastID)),
          "messages": [{"id": \(v(.messageID)), "content": "hello", "dateMs": \(v(.messageDateMs)), "isEdited": false}]}
      }

      """
  }

  /// The values each field accepts among the extremes; all others are refused.
  static func accepts(_ field: ArchiveField, _ value: String) -> Bool {
    guard value == "0" else { return false }
    switch field {
    case .version, .lapNumber, .latestRate, .previousRate, .mindLogID, .messageID: return false
    // Below the id the archive holds (2).
    case .mindLogLastID, .chatLastID: return false
    // A next update before the publication, which `refresh` refuses too.
    case .latestNextUpdateAtMs, .previousNextUpdateAtMs: return false
    default: return true
    }
  }

  /// Twelve hours from now, in milliseconds: a mind-log day or a stopwatch start may be up to
  /// a day after the importing machine's clock (a clock a little wrong, a zone ahead).
  static let inHalfADay = String(Int64((Date().timeIntervalSince1970 + 43_200) * 1000))

  /// In-range values at the far ends of the ranges, which must be accepted too.
  static let boundaries: [(ArchiveField, String)] = [
    (.accumulatedMs, "3155760000000"),  // 100 years
    (.startedAtMs, inHalfADay),  // at most a day after the clock, as a start can be
    (.startedAtMs, "0"),  // running since 1970
    (.lapTimeMs, "3155760000000"), (.lapTotalMs, "3155760000000"),
    (.noticeDateMs, "253402300799999"), (.bookmarkedAtMs, "253402300799999"),
    // (A publication at most a day after the clock: `StoreViewModelTests`, `ImportDoorTests`.)
    (.latestNextUpdateAtMs, "253402300799999"),
    (.latestRate, "1000000000000"), (.latestRate, "0.000000000001"),
    (.previousRate, "1e12"), (.previousRate, "1e-12"),
    (.mindLogDateMs, inHalfADay), (.messageDateMs, "253402300799999"), (.score, "10"),
    (.mindLogLastID, "9007199254740990"), (.chatLastID, "9007199254740990"),
  ]

  /// Every field with every extreme with `Soak.everyCase`; else each field with three, the
  /// extremes taken in turn, so the quick run still tries each extreme on eight or more
  /// fields.
  static var archiveCases: [(ArchiveField, String)] {
    ArchiveField.allCases.enumerated().flatMap { index, field in
      let values =
        Soak.everyCase ? extremes : (0..<3).map { extremes[(3 * index + $0) % extremes.count] }
      return values.map { (field, $0) }
    }
  }

  /// Runs `pocket` in this process on the store at `directory`.
  @MainActor
  static func pocket(
    _ store: String, _ directory: URL, _ arguments: [String], rates: URL? = nil
  ) async -> (status: PocketApp.ExitStatus, output: String, errors: String) {
    let options =
      ["--store", store, "--store-path", directory.path, "--lang", "en"]
      + (rates.map { ["--rates-file", $0.path] } ?? [])
    let (status, console) = await ScriptedConsole.run(options + arguments)
    return (status, console.output, console.errors)
  }

  static func write(_ text: String, in directory: URL, name: String) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try Foundation.Data(text.utf8).write(to: url)
    return url
  }

  @Test(arguments: archiveCases)
  @MainActor
  func anArchiveFieldIsRefusedNamingItOrAcceptedAndUsable(field: ArchiveField, value: String)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.write(Self.archive(field, value), in: directory, name: "archive.json")
    if Self.accepts(field, value) {
      let turn =
        Self.archiveCases.filter { Self.accepts($0.0, $0.1) }.firstIndex { $0 == (field, value) }
        ?? 0
      try await expectAcceptedAndUsable(
        file, store: "sqlite", "\(field) = \(value)",
        everyCommand: Self.runsEveryCommand(turn: turn))
      return
    }
    // The memory store: the refusal comes before any store is touched.
    let run = await Self.pocket("memory", directory, ["import", file.path])
    #expect(run.status == .refused, "\(field) = \(value.prefix(30)): \(run.errors)")
    #expect(run.errors.contains(field.rawValue), "names \(field): \(run.errors)")
    // A value out of its range is the file's; a next update before its publication is the
    // archive's, found where its rate sets are checked as `refresh` checks a download.
    let relational =
      value == "0" && [.latestNextUpdateAtMs, .previousNextUpdateAtMs].contains(field)
    #expect(
      run.errors.hasPrefix(
        relational ? "pocket: The archive cannot be imported: " : "pocket: Cannot use the file"),
      "\(run.errors)")
  }

  /// The stores the boundaries are tried on: each boundary on both with `POCKET_SOAK=1`,
  /// else on one of them, the stores taken in turn.
  static var boundaryCases: [((ArchiveField, String), String)] {
    Soak.spread(boundaries, over: ["sqlite", "json"]).map { ($1, $0) }
  }

  @Test(arguments: boundaryCases)
  @MainActor
  func boundaryValuesAreAcceptedAndEveryCommandWorks(
    boundary: (ArchiveField, String), store: String
  ) async throws {
    let (field, value) = boundary
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.write(Self.archive(field, value), in: directory, name: "archive.json")
    let turn = Self.boundaries.firstIndex { $0 == boundary } ?? 0
    try await expectAcceptedAndUsable(
      file, store: store, "\(field) = \(value)", everyCommand: Self.runsEveryCommand(turn: turn))
  }

  /// Whether the accepted value at `turn` (counted through the accepted extremes, and
  /// through the boundaries) is followed by every command: with `Soak.everyCase`, else one
  /// in three, taken in turn, so the quick run still runs every command after values of
  /// each kind. The others are imported, exported and the export imported again.
  static func runsEveryCommand(turn: Int) -> Bool { Soak.everyCase || turn % 3 == 0 }

  /// Imports `file` into a fresh store, then runs every screen and every command that
  /// uses stored numbers (with `everyCommand`; else only the export): each exits 0, and
  /// nothing shows NaN. The export imports again.
  @MainActor
  func expectAcceptedAndUsable(
    _ file: URL, store: String, _ label: String, everyCommand: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let imported = await Self.pocket(store, directory, ["import", file.path])
    #expect(
      imported.status == .done, "\(label) imports: \(imported.errors)",
      sourceLocation: sourceLocation)
    let export = directory.appendingPathComponent("again.json").path
    // Every screen, and every command that does arithmetic on stored numbers.
    let commands: [[String]] = [
      ["rates"], ["calc", "KRW"], ["convert", "100"], ["convert", "1", "EUR"], ["stopwatch"],
      ["start"], ["lap"], ["stop"], ["notices"], ["bookmarks"], ["rename", "1", "Renamed"],
      ["mindlog"], ["add", "5", "fine"], ["chat"], ["say", "hello"],
    ]
    for command in (everyCommand ? commands : []) + [["export", export]] {
      let run = await Self.pocket(store, directory, command)
      #expect(
        run.status == .done, "\(label): \(command) → \(run.status) \(run.errors)",
        sourceLocation: sourceLocation)
      #expect(!run.output.contains("NaN"), "\(label): \(command)", sourceLocation: sourceLocation)
    }
    // What the commands made from the accepted numbers is in range too: the stopwatch
    // stops counting at 100 years, no lap time is negative, and the export imports again.
    let document = try #require(
      try JSONSerialization.jsonObject(
        with: Foundation.Data(contentsOf: URL(fileURLWithPath: export)))
        as? [String: Any])
    let stopwatch = document["stopwatch"] as? [String: Any] ?? [:]
    let laps = document["laps"] as? [[String: Any]] ?? []
    let durations =
      [stopwatch["accumulatedMs"] as? Int64]
      + laps.flatMap { [$0["lapTimeMs"] as? Int64, $0["totalMs"] as? Int64] }
    for duration in durations {
      #expect(
        duration.map(Limits.durationMilliseconds.contains) == true, "\(label): \(durations)",
        sourceLocation: sourceLocation)
    }
    let fresh = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: fresh) }
    let again = await Self.pocket(store, fresh, ["import", export])
    #expect(again.status == .done, "\(label): \(again.errors)", sourceLocation: sourceLocation)
  }

  // MARK: The rates format

  /// Every numeric field of an open.er-api.com response.
  enum RatesField: String, CaseIterable, CustomStringConvertible, Sendable {
    case published = "time_last_update_unix"
    case next = "time_next_update_unix"
    case rate = "KRW"

    var description: String { rawValue }

    var usual: String {
      switch self {
      case .published: "1724025751"
      case .next: "1724113181"
      case .rate: "1350.003043"
      }
    }
  }

  static func ratesBody(_ field: RatesField?, _ value: String) -> String {
    func v(_ key: RatesField) -> String { key == field ? value : key.usual }
    return """
      {"result": "success", "base_code": "USD", "time_last_update_unix": \(v(.published)),
       "time_next_update_unix": \(v(.next)), "rates": {"USD": 1, "KRW": \(v(.rate)), "EUR": 0.907539}}
      """
  }

  static var ratesCases: [(RatesField, String)] {
    RatesField.allCases.flatMap { field in extremes.map { (field, $0) } }
      + [
        (.rate, "1e100"), (.rate, "1e12"), (.rate, "1e-12"), (.published, "253402300799"),
        // In range, but with more significant digits (40) than a Decimal holds exactly.
        (.rate, "1350.003043000000000000000000000000000001"),
      ]
  }

  /// In range and possible: a next update before the publication (`next` 0) and a
  /// publication in the year 9999 are in range, but no real set, and refused too.
  static func acceptsRate(_ field: RatesField, _ value: String) -> Bool {
    switch (field, value) {
    case (.published, "0"), (.rate, "1e12"), (.rate, "1e-12"):
      true
    default: false
    }
  }

  @Test(arguments: ratesCases)
  @MainActor
  func aRatesFieldIsRefusedNamingItOrAcceptedAndUsable(field: RatesField, value: String)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.write(Self.ratesBody(field, value), in: directory, name: "rates.json")
    let run = await Self.pocket("sqlite", directory, ["refresh", "--force"], rates: file)
    let label = "\(field) = \(value.prefix(30))"
    guard Self.acceptsRate(field, value) else {
      #expect(run.status == .refused, "\(label): \(run.errors)")
      #expect(run.errors.hasPrefix("pocket: Could not load data: "), "\(run.errors)")
      #expect(run.errors.contains(field.rawValue), "names \(field): \(run.errors)")
      // The cached (bundled) rates stay: looked at after every refusal with
      // `Soak.everyCase`, else after one in three, the refused values taking turns.
      let turn =
        Self.ratesCases.filter { !Self.acceptsRate($0.0, $0.1) }
        .firstIndex { $0 == (field, value) } ?? 0
      if Self.runsEveryCommand(turn: turn) {
        let calc = await Self.pocket("sqlite", directory, ["calc", "KRW"])
        #expect(calc.output.contains("1 USD = 1,350.003043 KRW"), "\(calc.output)")
      }
      return
    }
    #expect(run.status == .done, "\(label): \(run.errors)")
    for command in [
      ["rates"], ["rates", "krw"], ["fav", "KRW"], ["calc", "KRW"],
      ["convert", "999,999,999,999,999.99"],
      ["convert", "1"], ["convert", "1", "EUR"], ["calc", "EUR"], ["convert", "100", "KRW"],
      ["export", directory.appendingPathComponent("export.json").path],
    ] {
      let result = await Self.pocket("sqlite", directory, command, rates: file)
      #expect(result.status == .done, "\(label): \(command) \(result.errors)")
      #expect(!(result.output + result.errors).contains("NaN"), "\(label): \(command)")
    }
  }
}

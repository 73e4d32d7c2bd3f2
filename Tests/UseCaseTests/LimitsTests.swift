import Foundation
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@testable import PocketData

/// Arithmetic on numbers from outside never traps and never gives NaN: it stays in range,
/// or becomes a refusal with a message.
@Suite("Limits on numbers from outside")
struct LimitsTests {
  let clock = ManualClock()
  let store = InMemoryStore().repositories

  func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

  func snapshot(_ rates: [String: String]) -> RateSnapshot {
    RateSnapshot(
      base: "USD", publishedAt: Fixtures.date(), nextUpdateAt: Fixtures.date(86_400_000),
      rates: rates.mapValues(decimal))
  }

  @Test func aConversionTooLargeToShowIsRefused() async throws {
    // Both rates at the ends of their range: 10^15 × 10^12 / 10^-12 would be 10^39.
    try await store.rates.storeNewer(snapshot(["XAU": "0.000000000001", "VND": "1000000000000"]))
    let convert = ConvertCurrency(rates: store.rates)
    await #expect(throws: DomainError.invalidInput(.resultTooLarge)) {
      try await convert(decimal("999999999999999"), from: "XAU", to: "VND")
    }
    // The largest shown result, 10^30, is still shown.
    #expect(try await convert(decimal("1000000"), from: "XAU", to: "VND").result == decimal("1e30"))
  }

  @Test func aRatePastItsLimitNeverReachesAStore() async throws {
    // A rate past every limit, which would overflow a conversion, is refused by the store
    // itself, whoever calls it: nothing is stored.
    await #expect(throws: DomainError.self) {
      try await self.store.rates.storeNewer(self.snapshot(["BIG": "1e120", "TINY": "1e-120"]))
    }
    #expect(try await store.rates.latest() == nil)
  }

  @Test func elapsedTimeNeverTrapsAndStopsAtTheLongestDuration() {
    let longest = Duration.milliseconds(Limits.durationMilliseconds.range.upperBound)
    let sinceEpoch = Stopwatch(accumulated: longest, startedAt: Date(epochMilliseconds: 0))
    #expect(sinceEpoch.elapsed(at: Moment(wall: Fixtures.referenceDate)) == longest)
    let extreme = Stopwatch(
      accumulated: .milliseconds(Int64.max), startedAt: Date(epochMilliseconds: Int64.min))
    #expect(
      extreme.elapsed(at: Moment(wall: Date(epochMilliseconds: Int64.max)))
        == .milliseconds(Int64.max))
    let future = Stopwatch(accumulated: .seconds(3), startedAt: Date(epochMilliseconds: Int64.max))
    #expect(future.elapsed(at: Moment(wall: Fixtures.referenceDate)) == .seconds(3))
  }

  @Test func conversionsToMillisecondsSaturateInsteadOfTrapping() {
    #expect(Date(epochMilliseconds: Int64.max).epochMilliseconds == Int64.max)
    #expect(Date(epochMilliseconds: Int64.min).epochMilliseconds == Int64.min)
    #expect(Date(timeIntervalSince1970: 1e300).epochMilliseconds == Int64.max)
    #expect(Duration.seconds(Int64.max).milliseconds == Int64.max)
    #expect(Duration.seconds(Int64.min).milliseconds == Int64.min)
    #expect(Duration.milliseconds(-1_500).milliseconds == -1_500)
  }

  @Test func theLastLapNumberIsRefusedWithAMessage() async throws {
    let timeline = Timeline.manual(clock)
    try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    try await store.stopwatch.update(
      appending:
        Lap(number: Int(Limits.maxCounter), lapTime: .zero, total: .zero))
    await #expect(
      throws: DomainError.invalidInput(
        .outOfRange(.lapNumbersEnd(last: 9_007_199_254_740_991)))
    ) {
      try await SaveLap(stopwatch: self.store.stopwatch, timeline: timeline)()
    }
  }

  @Test func aLapAfterALaterImportedTotalIsNeverNegative() async throws {
    let timeline = Timeline.manual(clock)
    try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    try await store.stopwatch.update(
      appending: Lap(number: 1, lapTime: .seconds(60), total: .seconds(60)))
    clock.advance(by: .seconds(2))
    let lap = try await SaveLap(stopwatch: store.stopwatch, timeline: timeline)()
    // The total never drops below the newest lap's, so the laps still sum to it.
    #expect(lap == Lap(number: 2, lapTime: .zero, total: .seconds(60)))
  }

  /// An archive edit, and the reason an archive file's reader gives, naming the field as
  /// the file does (`ArchiveChecks`); `nil` when it is accepted.
  static let archiveEdits: [(String, @Sendable (inout StoreArchive) -> Void, String?)] = [
    (
      "message at the limit", { $0.messages[0].content = String(repeating: "가", count: 4_000) },
      nil
    ),
    (
      "message over the limit",
      { $0.messages[0].content = String(repeating: "가", count: 4_001) },
      "chat.messages[0].content is too long: 4001 characters (at most 4000)"
    ),
    ("empty message", { $0.messages[1].content = "" }, "chat.messages[1].content is empty"),
    // One character may join any number of marks: the bytes are counted too.
    (
      "message at the byte limit",
      { $0.messages[0].content = "e" + String(repeating: "\u{301}", count: 32_767) + "a" },
      nil
    ),
    (
      "one character over the byte limit",
      { $0.messages[0].content = "e" + String(repeating: "\u{301}", count: 33_000) },
      "chat.messages[0].content is too long: 66001 bytes of UTF-8 (at most 65536)"
    ),
    (
      "note over the byte limit",
      { $0.mindLogs[0].note = "e" + String(repeating: "\u{301}", count: 33_000) },
      "mindLog.entries[0].note is too long: 66001 bytes of UTF-8 (at most 65536)"
    ),
    ("url at the byte limit", { $0.bookmarks[0].url = String(repeating: "u", count: 65_536) }, nil),
    (
      "url over the byte limit",
      { $0.bookmarks[0].url = String(repeating: "u", count: 65_537) },
      "bookmarks[0].url is too long: 65537 bytes of UTF-8 (at most 65536)"
    ),
    ("note at the limit", { $0.mindLogs[0].note = String(repeating: "n", count: 1_000) }, nil),
    (
      "note over the limit", { $0.mindLogs[0].note = String(repeating: "n", count: 1_001) },
      "mindLog.entries[0].note is too long: 1001 characters (at most 1000)"
    ),
    ("title at the limit", { $0.bookmarks[1].title = String(repeating: "t", count: 200) }, nil),
    (
      "title over the limit", { $0.bookmarks[1].title = String(repeating: "t", count: 201) },
      "bookmarks[1].title is too long: 201 characters (at most 200)"
    ),
    // Typing refuses an empty title; the first versions' stores hold them, so every store and
    // an import take one (SQLiteFixtureTests reads one from a version-1 file).
    ("empty title", { $0.bookmarks[0].title = "" }, nil),
    (
      "negative lap time", { $0.laps[1].lapTime = .milliseconds(-1) },
      "laps[1].lapTimeMs -1 is out of range (0 to 100 years)"
    ),
    (
      "huge stopwatch time", { $0.stopwatch.accumulated = .milliseconds(Int64.max) },
      "stopwatch.accumulatedMs 9223372036854775807 is out of range (0 to 100 years)"
    ),
    (
      "lap number past the last", { $0.laps[1].number = Int(Int64.max) },
      "laps[1].number 9223372036854775807 is out of range (1 to 9007199254740991)"
    ),
    (
      "last id past the last", { $0.lastMessageID = Int64.max },
      "chat.lastID 9223372036854775807 is out of range (0 to 9007199254740991)"
    ),
    (
      "date after 9999", { $0.messages[0].date = Date(epochMilliseconds: 253_402_300_800_000) },
      "chat.messages[0].dateMs 253402300800000 is out of range (a date from 1970-01-01 to 9999-12-31)"
    ),
    (
      "date before 1970", { $0.bookmarks[0].noticeDate = Date(epochMilliseconds: -1) },
      "bookmarks[0].noticeDateMs -1 is out of range (a date from 1970-01-01 to 9999-12-31)"
    ),
    (
      "rate too large", { $0.latestRates?.rates["KRW"] = Decimal(string: "1e13") },
      "rates.latest.rates.KRW 10000000000000 is out of range (0.000000000001 to 1000000000000)"
    ),
    (
      "score out of range", { $0.mindLogs[1].score = -1 },
      "mindLog.entries[1].score -1 is out of range (0 to 10)"
    ),
    // The laps a stopwatch records: 1, 2, 3, … with totals that never go down and lap times
    // that are the differences of the totals; the next lap then gets the next number.
    (
      "a gap in lap numbers",
      { $0.laps.append(Lap(number: 4, lapTime: .zero, total: $0.laps[1].total)) },
      "laps[2].number 4 leaves a gap: lap 3 is missing"
    ),
    (
      "a total that goes down",
      {
        $0.laps.append(Lap(number: 3, lapTime: .zero, total: $0.laps[1].total - .milliseconds(1)))
      },
      "laps[2].totalMs 3499 is less than lap 2's total 3500"
    ),
    (
      "a lap time that is not the difference of the totals",
      { $0.laps[1].lapTime += .milliseconds(1) },
      "laps[1].lapTimeMs 2501 is not its total minus the total before (2500)"
    ),
    (
      "a third lap that adds up",
      {
        $0.laps.append(Lap(number: 3, lapTime: .seconds(2), total: $0.laps[1].total + .seconds(2)))
      },
      nil
    ),
  ]

  /// Domain's check names a problem by the record and its field, not by the file's format.
  @Test(arguments: [
    (
      "a gap in lap numbers", 2,
      "lap 4 leaves a gap: lap 3 is missing"
    ),
    (
      "a total that goes down", 3,
      "lap 3's total 3499 ms is less than lap 2's total 3500 ms"
    ),
    (
      "a lap time that is not the difference of the totals", 4,
      "lap 2's lap time 2501 ms is not its total minus the total before (2500 ms)"
    ),
  ])
  func domainNamesArchiveProblemsInItsOwnTerms(label: String, edit: Int, reason: String) {
    var archive = StoreArchive.sample()
    switch edit {
    case 2: archive.laps.append(Lap(number: 4, lapTime: .zero, total: archive.laps[1].total))
    case 3:
      archive.laps.append(
        Lap(number: 3, lapTime: .zero, total: archive.laps[1].total - .milliseconds(1)))
    default: archive.laps[1].lapTime += .milliseconds(1)
    }
    // The refusal, worded in English as the domain names it.
    #expect("\(label)") {
      try archive.validate()
    } throws: { error in
      guard case .invalidInput(.invalidArchive(let failure)) = error as? DomainError else {
        return false
      }
      return failure.englishText == reason
    }
  }

  @Test func domainNamesAnOutOfRangeRecordByItsIdentity() {
    var archive = StoreArchive.sample()
    archive.messages[0].date = Date(epochMilliseconds: 253_402_300_800_000)
    #expect(
      throws: DomainError.invalidInput(
        .invalidArchive(
          .outOfRange(field: "chat message 1: date", value: "253402300800000", range: .dates)))
    ) { try archive.validate() }
  }

  @Test(arguments: archiveEdits.indices)
  func importedArchivesRespectTheLimitsOfTypedInput(index: Int) {
    let (label, edit, reason) = Self.archiveEdits[index]
    var archive = StoreArchive.sample()
    edit(&archive)
    #expect(ArchiveChecks.problem(archive)?.englishText == reason, "\(label)")
    // Domain's own check refuses the same archives, naming problems in its own terms.
    if reason != nil {
      #expect(throws: DomainError.self, "\(label)") { try archive.validate() }
    } else {
      #expect(throws: Never.self, "\(label)") { try archive.validate() }
    }
  }
}

import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// Every field of every record kind, with the values on both sides of each of its bounds,
/// through every repository call that writes it, on every store (the quick run spreads the
/// trials over the stores): each call either refuses
/// the value with nothing changed, or takes it, and then the store opens again, exports it,
/// and the export passes the import's check. So no door takes what another refuses.
@Suite("One door for every value: direct repository calls")
struct OneDoorContractTests {
  /// A value written through one door, and whether it lies in its field's range (the
  /// oracle: the bounds written out by hand, not read from `Limits`).
  struct Trial: Sendable, CustomStringConvertible {
    var field: String
    var value: String
    var inRange: Bool
    var write: @Sendable (Repositories) async throws -> Void

    var description: String { "\(field) = \(value.prefix(24)) via \(door)" }
    var door = ""
  }

  // The bounds, by hand: the first and last millisecond of 1970-01-01 to 9999-12-31 (UTC),
  // 0 to 100 years of 365.25 days, scores 0 to 10, rates 10^-12 to 10^12, texts up to their
  // field's length.
  static let dates: [(Int64, Bool)] = [
    (-1, false), (0, true), (253_402_300_799_999, true), (253_402_300_800_000, false),
  ]
  static let durations: [(Int64, Bool)] = [
    (-1, false), (0, true), (3_155_760_000_000, true), (3_155_760_000_001, false),
  ]
  static let scores: [(String, Bool)] = [
    ("-0.001", false), ("0", true), ("10", true), ("10.001", false),
  ]
  static let rates: [(String, Bool)] = [
    ("0.000000000000999", false), ("0.000000000001", true), ("1000000000000", true),
    ("1000000000000.01", false),
  ]
  static func texts(limit: Int, mayBeEmpty: Bool) -> [(String, Bool)] {
    [
      ("", mayBeEmpty), (String(repeating: "가", count: limit), true),
      (String(repeating: "가", count: limit + 1), false),
    ]
  }

  static func date(_ milliseconds: Int64) -> Date { Date(epochMilliseconds: milliseconds) }
  static let day = Fixtures.date()

  static var trials: [Trial] {
    var trials: [Trial] = []
    func add(
      _ field: String, _ value: String, _ inRange: Bool, _ door: String,
      _ write: @escaping @Sendable (Repositories) async throws -> Void
    ) {
      var trial = Trial(field: field, value: value, inRange: inRange, write: write)
      trial.door = door
      trials.append(trial)
    }
    for (ms, inRange) in durations {
      let watch = Stopwatch(accumulated: .milliseconds(ms))
      add("stopwatch.accumulatedMs", "\(ms)", inRange, "save") {
        try await $0.stopwatch.update(saving: watch)
      }
      add("stopwatch.accumulatedMs", "\(ms)", inRange, "update") { repositories in
        _ = try await repositories.stopwatch.update { _, _ in (.save(watch), ()) }
      }
      // Lap 1 of an empty stopwatch: its time is its total.
      let lap = Lap(number: 1, lapTime: .milliseconds(ms), total: .milliseconds(ms))
      add("laps.lapTimeMs", "\(ms)", inRange, "append") {
        try await $0.stopwatch.update(appending: lap)
      }
      add("laps.lapTimeMs", "\(ms)", inRange, "update") { repositories in
        _ = try await repositories.stopwatch.update { _, _ in (.appendLap(lap), ()) }
      }
    }
    for number in [0, Int(Limits.maxCounter) + 1] {
      let lap = Lap(number: number, lapTime: .seconds(1), total: .seconds(1))
      add("laps.number", "\(number)", false, "append") {
        try await $0.stopwatch.update(appending: lap)
      }
    }
    for (ms, inRange) in dates {
      let running = Stopwatch(accumulated: .zero, startedAt: date(ms))
      add("stopwatch.startedAtMs", "\(ms)", inRange, "save") {
        try await $0.stopwatch.update(saving: running)
      }
      let noticeDated = Bookmark(
        url: "https://n.example/1", title: "T", noticeDate: date(ms), bookmarkedAt: day)
      let bookmarked = Bookmark(
        url: "https://n.example/1", title: "T", noticeDate: day, bookmarkedAt: date(ms))
      add("bookmarks.noticeDateMs", "\(ms)", inRange, "insert") {
        try await $0.bookmarks.toggleOn(noticeDated)
      }
      add("bookmarks.bookmarkedAtMs", "\(ms)", inRange, "toggle") {
        _ = try await $0.bookmarks.toggle(bookmarked)
      }
      let published = RateSnapshot(
        base: "USD", publishedAt: date(ms), nextUpdateAt: day, rates: ["KRW": 1300])
      let next = RateSnapshot(
        base: "USD", publishedAt: day, nextUpdateAt: date(ms), rates: ["KRW": 1300])
      add("rates.publishedAtMs", "\(ms)", inRange, "store") {
        try await $0.rates.storeNewer(published)
      }
      add("rates.nextUpdateAtMs", "\(ms)", inRange, "store") { try await $0.rates.storeNewer(next) }
      add("mindLog.dateMs", "\(ms)", inRange, "insert") {
        _ = try await $0.mindLogs.insert(date: date(ms), score: 5, note: "n")
      }
      add("mindLog.dateMs", "\(ms)", inRange, "update") { repositories in
        var entry = try await repositories.mindLogs.insert(date: day, score: 5, note: "n")
        entry.date = date(ms)
        try await repositories.mindLogs.update(replacing: entry)
      }
      add("chat.dateMs", "\(ms)", inRange, "insert") {
        _ = try await $0.chat.insert(content: "hi", date: date(ms))
      }
      add("chat.dateMs", "\(ms)", inRange, "insert(contentsOf:)") {
        _ = try await $0.chat.insert(contentsOf: [("a", day), ("b", date(ms))])
      }
      add("chat.dateMs", "\(ms)", inRange, "update") { repositories in
        var message = try await repositories.chat.insert(content: "hi", date: day)
        message.date = date(ms)
        try await repositories.chat.update(message)
      }
    }
    for (text, inRange) in scores {
      let score = Decimal(string: text) ?? .nan
      add("mindLog.score", text, inRange, "insert") {
        _ = try await $0.mindLogs.insert(date: day, score: score, note: "n")
      }
      add("mindLog.score", text, inRange, "update") { repositories in
        var entry = try await repositories.mindLogs.insert(date: day, score: 5, note: "n")
        entry.score = score
        try await repositories.mindLogs.update(replacing: entry)
      }
    }
    for (text, inRange) in rates {
      let snapshot = RateSnapshot(
        base: "USD", publishedAt: day, nextUpdateAt: day,
        rates: ["KRW": Decimal(string: text) ?? .nan])
      add("rates.rates.KRW", text, inRange, "store") { try await $0.rates.storeNewer(snapshot) }
    }
    for (text, inRange) in texts(limit: InputField.note.limit, mayBeEmpty: true) {
      add("mindLog.note", "\(text.count) characters", inRange, "insert") {
        _ = try await $0.mindLogs.insert(date: day, score: 5, note: text)
      }
    }
    for (text, inRange) in texts(limit: InputField.message.limit, mayBeEmpty: false) {
      add("chat.content", "\(text.count) characters", inRange, "insert") {
        _ = try await $0.chat.insert(content: text, date: day)
      }
      add("chat.content", "\(text.count) characters", inRange, "update") { repositories in
        var message = try await repositories.chat.insert(content: "hi", date: day)
        message.content = text
        try await repositories.chat.update(message)
      }
    }
    for (text, inRange) in texts(limit: InputField.title.limit, mayBeEmpty: true) {
      let bookmark = Bookmark(
        url: "https://n.example/1", title: text, noticeDate: day, bookmarkedAt: day)
      add("bookmarks.title", "\(text.count) characters", inRange, "insert") {
        try await $0.bookmarks.toggleOn(bookmark)
      }
      add("bookmarks.title", "\(text.count) characters", inRange, "rename") { repositories in
        try await repositories.bookmarks.toggleOn(
          Bookmark(url: "https://n.example/2", title: "T", noticeDate: day, bookmarkedAt: day))
        try await repositories.bookmarks.rename(url: "https://n.example/2", to: text)
      }
    }
    return trials
  }

  static var cases: [(StoreKind, Int)] {
    StoreKind.available.flatMap { kind in trials.indices.map { (kind, $0) } }
  }

  /// The trials `kind` runs: every one with `POCKET_SOAK=1`; else each trial on one store,
  /// the stores taken in turn, so the quick run still tries every door and every store.
  static func trials(on kind: StoreKind) -> [Trial] {
    Soak.spread(trials, over: StoreKind.available).filter { $0.0 == kind }.map(\.1)
  }

  @Test(arguments: StoreKind.available)
  func everyDoorRefusesWithNothingChangedOrTakesWhatEveryStoreReadsBack(kind: StoreKind)
    async throws
  {
    // A fresh store for each trial, but one that a refused trial left as it was made is
    // used again: on postgres each store is a schema made on the server.
    var store = try await StoreUnderTest(kind)
    let pristine = try await store.repositories.archive.export()
    defer { store.remove() }
    for trial in Self.trials(on: kind) {
      if try await store.repositories.archive.export() != pristine {
        store.remove()
        store = try await StoreUnderTest(kind)
      }
      // A record the trial's write may build on (an update inserts first): the state before
      // the value itself is tried is read after those.
      let outcome: Result<Void, any Error>
      do {
        try await trial.write(store.repositories)
        outcome = .success(())
      } catch {
        outcome = .failure(error)
      }
      switch outcome {
      case .success:
        #expect(trial.inRange, "\(kind): \(trial) was taken")
        try await store.reopen()
        let archive = try await store.repositories.archive.export()
        #expect(throws: Never.self, "\(kind): \(trial) exports what import takes") {
          try archive.validate()
        }
        // (Rates and a stopwatch saved at zero are not user data: `holdsUserData` leaves them out.)
        let counted = !trial.field.hasPrefix("rates") && trial.value != "0"
        #expect(archive.holdsUserData || !counted, "\(kind): \(trial) stored")
      case .failure(let error):
        #expect(!trial.inRange, "\(kind): \(trial) was refused: \(error)")
        guard case DomainError.invalidInput(.outOfRange(let reason)) = error else {
          Issue.record("\(kind): \(trial) failed otherwise: \(error)")
          continue
        }
        let name = trial.field.split(separator: ".").last.map(String.init) ?? trial.field
        #expect(
          reason.englishText.contains(name), "\(kind): \(trial): the reason names it: \(reason)")
        // Nothing of the refused value was stored; the store opens again and exports.
        try await store.reopen()
        let archive = try await store.repositories.archive.export()
        #expect(throws: Never.self) { try archive.validate() }
        #expect(Self.holdsNoValueOf(trial, archive), "\(kind): \(trial) left a trace")
      }
    }
  }

  /// Whether the archive holds none of what `trial` tried to write: only the records an
  /// update inserted first (with usual values) may be there.
  static func holdsNoValueOf(_ trial: Trial, _ archive: StoreArchive) -> Bool {
    archive.stopwatch.isReset && archive.laps.isEmpty && archive.latestRates == nil
      && archive.bookmarks.allSatisfy { $0.title == "T" && $0.noticeDate == day }
      && archive.mindLogs.allSatisfy { $0.score == 5 && $0.note == "n" && $0.date == day }
      && archive.messages.allSatisfy { $0.content == "hi" && $0.date == day }
  }
}

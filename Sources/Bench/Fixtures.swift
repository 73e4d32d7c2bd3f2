import Foundation
import PocketData
import PocketDomain

/// Records to fill stores with. Dates lie in the past, one second apart, so every action's
/// new record is the newest.
enum Fixtures {
  /// 2024-01-01T00:00:00Z.
  static let origin = Date(epochMilliseconds: 1_704_067_200_000)

  static func date(_ index: Int) -> Date {
    Date(epochMilliseconds: origin.epochMilliseconds + Int64(index) * 1_000)
  }

  /// `count` laps of 1 to 2 s, numbered from 1, and a stopped stopwatch whose time is their
  /// total (so `start` resumes it and the next lap follows on).
  static func laps(_ count: Int) -> (Stopwatch, [Lap]) {
    var laps: [Lap] = []
    laps.reserveCapacity(count)
    var total = Duration.zero
    for number in stride(from: 1, through: count, by: 1) {
      let lapTime = Duration.milliseconds(1_000 + (number * 37) % 1_000)
      total += lapTime
      laps.append(Lap(number: number, lapTime: lapTime, total: total))
    }
    return (Stopwatch(accumulated: total), laps)
  }

  /// `count` bookmarks whose urls are none of the sample notices', so toggling those works.
  static func bookmarks(_ count: Int) -> [Bookmark] {
    (0..<count).map { index in
      Bookmark(
        url: "https://bench.invalid/notice/\(index)", title: "Benchmark notice \(index)",
        noticeDate: date(index), bookmarkedAt: date(index))
    }
  }

  static func mindLogs(_ count: Int) -> [MindLog] {
    (0..<count).map { index in
      MindLog(
        id: Int64(index + 1), date: date(index), score: Decimal(index % 11),
        note: "Benchmark entry \(index)")
    }
  }

  static func messageDrafts(_ count: Int) -> [(content: String, date: Date)] {
    (0..<count).map { index in (content: "Benchmark message \(index)", date: date(index)) }
  }

  /// An archive with the bundled rates and the given records; chat messages go in
  /// separately through the batch insert.
  static func archive(
    laps lapCount: Int = 0, bookmarks bookmarkCount: Int = 0, mindLogs logCount: Int = 0
  )
    async throws -> StoreArchive
  {
    let rates = try await BundledRateSource().fetch()
    let (stopwatch, laps) = laps(lapCount)
    let logs = mindLogs(logCount)
    let archive = StoreArchive(
      stopwatch: stopwatch, laps: laps, bookmarks: bookmarks(bookmarkCount), latestRates: rates,
      mindLogs: logs, lastMindLogID: Int64(logs.count))
    try archive.validate()
    return archive
  }

  /// Replaces what `repositories` hold with the bundled rates and these records.
  static func fill(
    _ repositories: Repositories, laps: Int = 0, bookmarks: Int = 0, mindLogs: Int = 0,
    messages: Int = 0
  ) async throws {
    let archive = try await archive(laps: laps, bookmarks: bookmarks, mindLogs: mindLogs)
    try await repositories.archive.replaceAll(with: archive)
    if messages > 0 {
      let inserted = try await repositories.chat.insert(contentsOf: messageDrafts(messages))
      guard inserted.count == messages else {
        throw BenchError.failed("the store took \(inserted.count) of \(messages) messages")
      }
    }
  }
}

import Foundation

/// A calendar day (in some time zone), without a time of day.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `date` falls on in `calendar`'s time zone.
  public init(_ date: Date, in calendar: Calendar) {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    self.init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
  }

  /// Whether the three numbers name a day the calendar has (no February 30).
  public func exists(in calendar: Calendar) -> Bool {
    guard let noon = noon(in: calendar) else { return false }
    return CalendarDay(noon, in: calendar) == self
  }

  /// Noon of this day in `calendar`'s time zone (noon exists on every day, DST or not).
  public func noon(in calendar: Calendar) -> Date? {
    calendar.date(
      from: DateComponents(
        timeZone: calendar.timeZone, year: year, month: month, day: day, hour: 12))
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int, in calendar: Calendar) -> CalendarDay {
    guard let noon = noon(in: calendar),
      let moved = calendar.date(byAdding: .day, value: count, to: noon)
    else { preconditionFailure("\(self) has no noon in \(calendar.timeZone)") }
    return CalendarDay(moved, in: calendar)
  }

  public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  /// ISO form, `2026-11-28`.
  public var description: String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day))"
  }
}

/// The mood over a span of days: one value per local calendar day (the mean of the day's
/// entries; `nil` for a day without one), oldest first, ending on `lastDay` (today unless
/// the span was asked to end earlier).
public struct MoodSummary: Equatable, Sendable {
  /// Each day's mean score, oldest first; the last is `lastDay`.
  public var days: [Decimal?]
  /// The day the span ends on, in the user's time zone.
  public var lastDay: CalendarDay
  /// Whether `lastDay` is today (the picture of "the last N days").
  public var endsToday: Bool
  /// The mean of the days logged among the 7 ending on `lastDay` (each day counts once);
  /// `nil` if none.
  public var lastWeekMean: Decimal?
  /// The mean of every day logged in the span; `nil` if none.
  public var mean: Decimal?
  /// How many days of the span have an entry.
  public var daysLogged: Int

  public init(days: [Decimal?], lastDay: CalendarDay, endsToday: Bool) {
    self.days = days
    self.lastDay = lastDay
    self.endsToday = endsToday
    lastWeekMean = Self.mean(days.suffix(7).compactMap { $0 })
    mean = Self.mean(days.compactMap { $0 })
    daysLogged = days.count { $0 != nil }
  }

  /// No days: nothing read yet (its `lastDay` means nothing).
  public static let empty = MoodSummary(
    days: [], lastDay: CalendarDay(year: 1, month: 1, day: 1), endsToday: true)

  static func mean(_ values: [Decimal]) -> Decimal? {
    guard !values.isEmpty else { return nil }
    return values.reduce(0, +) / Decimal(values.count)
  }

  /// Buckets `entries` by their day in `calendar`'s time zone over the `days` days that
  /// end on the day `now` falls on. Entries outside the span are ignored.
  public static func of(
    _ entries: [MindLog], days: Int, endingAt now: Date, in calendar: Calendar
  ) -> MoodSummary {
    let today = CalendarDay(now, in: calendar)
    return of(entries, days: days, lastDay: today, today: today, in: calendar)
  }

  /// Buckets `entries` by their day in `calendar`'s time zone over the `days` days that
  /// end on `lastDay` (a day after `today` ends the span on `today`). Entries outside the
  /// span, before it or after it, are ignored.
  public static func of(
    _ entries: [MindLog], days: Int, lastDay: CalendarDay, today: CalendarDay,
    in calendar: Calendar
  ) -> MoodSummary {
    precondition(days > 0, "a span of \(days) days")
    let last = min(lastDay, today)
    let first = last.adding(days: -(days - 1), in: calendar)
    // Where each day of the span starts, and where the day after it starts: an entry falls
    // on the day whose start is the last one at or before it. Found once per span, so an
    // entry costs comparisons, not a calendar computation.
    var starts: [Date] = []
    starts.reserveCapacity(days + 1)
    var day = first
    for _ in 0...days {
      guard let noon = day.noon(in: calendar) else {
        preconditionFailure("\(day) has no noon in \(calendar.timeZone)")
      }
      starts.append(calendar.startOfDay(for: noon))
      day = day.adding(days: 1, in: calendar)
    }
    var sums = [Decimal](repeating: 0, count: days)
    var counts = [Int](repeating: 0, count: days)
    for entry in entries {
      guard starts[0] <= entry.date, entry.date < starts[days] else { continue }
      // The first start after the entry, less one.
      var low = 0
      var high = days
      while low < high {
        let middle = (low + high) / 2
        if starts[middle + 1] <= entry.date { low = middle + 1 } else { high = middle }
      }
      sums[low] += entry.score
      counts[low] += 1
    }
    let values = zip(sums, counts).map { sum, count in count == 0 ? nil : sum / Decimal(count) }
    return MoodSummary(days: values, lastDay: last, endsToday: last == today)
  }
}

/// The mood over the `days` days ending on a given day (today unless told), bucketed per
/// calendar day in the user's time zone.
public struct SummarizeMood: Sendable {
  /// The longest span asked for (about three years).
  public static let maxDays = 1100
  private let mindLogs: any MindLogRepository
  private let now: @Sendable () -> Date
  private let calendar: Calendar
  /// How many entries one read takes: about a month of a diary with a few entries a day,
  /// so the usual 30-day picture reads one or two pages, not more entries than it shows.
  private static let pageSize = 64

  public init(
    mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date, calendar: Calendar
  ) {
    self.mindLogs = mindLogs
    self.now = now
    self.calendar = calendar
  }

  /// - Parameters:
  ///   - days: the span's length, from 1.
  ///   - endingOn: a moment of the span's last day in the calendar's time zone; `nil` for
  ///     today. A day after today ends the span today.
  public func callAsFunction(days: Int, endingOn: Date? = nil) async throws -> MoodSummary {
    let now = now()
    let today = CalendarDay(now, in: calendar)
    let last = min(endingOn.map { CalendarDay($0, in: calendar) } ?? today, today)
    let first = last.adding(days: -(days - 1), in: calendar)
    var entries: [MindLog] = []
    var offset = last < today ? try await firstOffset(onOrBefore: last) : 0
    // Newest first: stop at the first page that reaches past the span's first day.
    while true {
      let page = try await mindLogs.entries(offset: offset, limit: Self.pageSize)
      entries += page.items
      offset += page.items.count
      let reachedStart = page.items.last.map { CalendarDay($0.date, in: calendar) < first } ?? true
      if reachedStart || offset >= page.total { break }
    }
    return MoodSummary.of(entries, days: days, lastDay: last, today: today, in: calendar)
  }

  /// The place of the newest entry on `day` or before (the count of entries when there is
  /// none): a binary search over the newest-first list, one entry per read, so a span
  /// far back does not read every entry after it.
  private func firstOffset(onOrBefore day: CalendarDay) async throws -> Int {
    let newest = try await mindLogs.entries(offset: 0, limit: 1)
    guard let entry = newest.items.first, CalendarDay(entry.date, in: calendar) > day else {
      return 0
    }
    var low = 1
    var high = newest.total
    while low < high {
      let middle = low + (high - low) / 2
      let page = try await mindLogs.entries(offset: middle, limit: 1)
      guard let entry = page.items.first else {
        high = middle  // the list shrank meanwhile: look nearer the top
        continue
      }
      if CalendarDay(entry.date, in: calendar) > day { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

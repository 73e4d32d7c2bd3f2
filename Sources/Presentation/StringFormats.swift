import Foundation
import PocketDomain

// The formats of the string table: numbers, durations and times, in the chosen language
// and time zone.
extension Strings {
  /// `value` rounded half away from zero (half up in magnitude: 2.675 → 2.68, -2.675 →
  /// -2.68) to `fractionDigits`, with grouping: 135,000.30. Foundation's
  /// `.toNearestOrAwayFromZero` is that rule (its `.awayFromZero` rounds every fraction up:
  /// 2.671 → 2.68). Both languages write numbers this way; a value that rounds to zero has
  /// no sign.
  public func decimal(_ value: Decimal, fractionDigits: Int) -> String {
    let text = value.formatted(
      Self.number.precision(.fractionLength(fractionDigits))
        .rounded(rule: .toNearestOrAwayFromZero))
    guard text.hasPrefix("-"), !text.contains(where: { ("1"..."9").contains($0) }) else {
      return text
    }
    return String(text.dropFirst())
  }

  private static let number = Decimal.FormatStyle(locale: Locale(identifier: "en_US"))
    .grouping(.automatic)

  /// A mind-log score: as typed, without trailing zeros (7, 7.5).
  public func score(_ value: Decimal) -> String { value.description }

  /// Stopwatch time: MM:SS.cc, or H:MM:SS.cc from an hour on, at the precision
  /// `Duration.shownCentiseconds` gives.
  public func stopwatchTime(_ duration: Duration) -> String {
    stopwatchTime(centiseconds: duration.shownCentiseconds)
  }

  /// A lap's time as shown (`Lap.shownCentiseconds`).
  public func lapTime(_ lap: Lap) -> String {
    stopwatchTime(centiseconds: lap.shownCentiseconds)
  }

  func stopwatchTime(centiseconds: Int64) -> String {
    let centiseconds = max(0, centiseconds)
    let hours = centiseconds / 360_000
    let minutes = centiseconds / 6_000 % 60
    let seconds = centiseconds / 100 % 60
    let hundredths = centiseconds % 100
    let tail = "\(two(minutes)):\(two(seconds)).\(two(hundredths))"
    return hours > 0 ? "\(hours):\(tail)" : tail
  }

  func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Time of day: "1:32 AM" / "오전 1:32": the language's short time.
  public func timeOfDay(_ date: Date) -> String {
    format(date, styles: (date: .none, time: .short))
  }

  /// A calendar day: "11/29/2026" / "2026. 11. 29.".
  public func day(_ date: Date) -> String {
    format(date, Date.FormatStyle(date: .numeric, time: .omitted))
  }

  /// A calendar day in words: "Aug 20, 2024" / "2024년 8월 20일".
  public func dayInWords(_ date: Date) -> String {
    format(date, Date.FormatStyle(date: .abbreviated, time: .omitted))
  }

  /// Day and time: "Aug 19, 2024 at 12:02 AM".
  public func dateTime(_ date: Date) -> String {
    format(date, Date.FormatStyle(date: .abbreviated, time: .shortened))
  }

  func format(_ date: Date, _ style: Date.FormatStyle) -> String {
    var style = style
    style.locale = language.locale
    style.timeZone = timeZone
    return Self.plainSpaces(date.formatted(style))
  }

  /// `date` in one of the language's own date and time styles. A style is the locale's
  /// pattern as it stands, so it is formatted without ICU's pattern generator, which
  /// `Date.FormatStyle` builds (with the locale's hour cycle) to turn its fields into a
  /// pattern: a chat screen's dates cost a few milliseconds less to print. The same text
  /// either way (`DateStyleTests`). Formatted by the formatters `dateStyles` makes.
  func format(
    _ date: Date, styles: (date: DateFormatter.Style, time: DateFormatter.Style)
  ) -> String {
    Self.plainSpaces(
      dateStyles.string(date, styles: styles, locale: language.locale, timeZone: timeZone))
  }

  /// Makes the formatters of the chat's times and day lines (`timeOfDay`, `dayLine`) and
  /// formats once with each, which loads what ICU needs for them: called while a server is
  /// reached, the first screen then prints its dates without that wait.
  public func prepareDateStyles() {
    let date = Date(timeIntervalSince1970: 0)
    _ = timeOfDay(date)
    _ = dayLine(date)
  }

  /// `text` with ICU's narrow no-break space before AM/PM made a plain one, which terminals
  /// show best. Replaced in the UTF-8 bytes (U+202F is E2 80 AF, and no other character's
  /// bytes hold that run): Foundation's `replacingOccurrences` goes through NSString, whose
  /// first use in a process costs more than the screen's dates, and the generic
  /// `UnicodeScalarView` building looks up associated types at run time.
  private static func plainSpaces(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xAF
      {
        kept.append(UInt8(ascii: " "))
        index += 3
      } else {
        kept.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: kept, as: UTF8.self)
  }
}

import Foundation
import Testing

@testable import PocketApp
@testable import PocketPresentation

/// The chat's times and day lines come from the language's date and time styles
/// (`DateFormatter`), which print without ICU's pattern generator. They must read exactly
/// as the fields they stand for, formatted by `Date.FormatStyle`: the short time ("9:05
/// AM", "오전 9:05") and the wide weekday, month, day and year. Both makers of those
/// formatters are held to it: Foundation's (`DateStyles.foundation`, any front end's
/// default) and the one `pocket` prints with (`DateStyles.coreFoundation`).
@Suite struct DateStyleTests {
  static let makers: [(name: String, styles: DateStyles)] = [
    ("Foundation", .foundation), ("CoreFoundation", .coreFoundation),
  ]

  /// Days over two centuries, each at another time of day (minutes and the hours either
  /// side of noon and midnight), and daylight-saving changes on the way.
  static let dates: [Date] = (0..<1_500).map {
    Date(
      timeIntervalSince1970: -2_000_000_000 + Double($0) * 6_311_111 / 1.3
        + Double($0 * 7_919 % 86_400))
  }

  static let zones = ["UTC", "Asia/Seoul", "America/New_York", "Pacific/Chatham", "Asia/Kolkata"]

  /// What a format style of `fields` prints, its narrow no-break spaces made plain, as
  /// Pocket shows every date.
  private func oracle(_ date: Date, _ fields: Date.FormatStyle, _ strings: Strings) -> String {
    var style = fields
    style.locale = strings.language.locale
    style.timeZone = strings.timeZone
    return date.formatted(style).replacingOccurrences(of: "\u{202F}", with: " ")
  }

  @Test(arguments: Language.allCases, zones)
  func timesAndDayLinesReadAsTheirFields(language: Language, zone: String) throws {
    let zone = try #require(TimeZone(identifier: zone))
    let time = Date.FormatStyle(date: .omitted, time: .shortened)
    let day = Date.FormatStyle().weekday(.wide).month(.wide).day().year()
    for maker in Self.makers {
      let strings = Strings(language: language, timeZone: zone, dateStyles: maker.styles)
      var differences: [String] = []
      for date in Self.dates {
        let shownTime = strings.timeOfDay(date)
        let shownDay = strings.dayLine(date)
        if shownTime != oracle(date, time, strings) { differences.append(shownTime) }
        if shownDay != oracle(date, day, strings) { differences.append(shownDay) }
      }
      #expect(differences.isEmpty, "\(maker.name): \(differences.prefix(5))")
    }
  }

  /// A zone named by its offset alone, and one a user could name that no database holds
  /// as such: each reads as `DateFormatter` prints it (which is what the styles stand for).
  @Test(arguments: Language.allCases)
  func aZoneOfAnOffsetReadsAsDateFormatterPrintsIt(language: Language) throws {
    for zone in [
      TimeZone(secondsFromGMT: 9 * 3_600), TimeZone(secondsFromGMT: -(5 * 3_600 + 1_800)),
    ] {
      let zone = try #require(zone)
      let formatter = DateFormatter()
      formatter.locale = language.locale
      formatter.timeZone = zone
      for maker in Self.makers {
        let strings = Strings(language: language, timeZone: zone, dateStyles: maker.styles)
        for date in Self.dates.prefix(50) {
          formatter.dateStyle = .none
          formatter.timeStyle = .short
          let time = formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
          formatter.dateStyle = .full
          formatter.timeStyle = .none
          #expect(strings.timeOfDay(date) == time, "\(maker.name) \(zone.identifier)")
          #expect(
            strings.dayLine(date) == formatter.string(from: date),
            "\(maker.name) \(zone.identifier)")
        }
      }
    }
  }

  @Test func theTimeHasAPlainSpaceAndTheDayItsWeekday() {
    let date = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
    for maker in Self.makers {
      let english = Strings(language: .en, timeZone: .gmt, dateStyles: maker.styles)
      let korean = Strings(language: .ko, timeZone: .gmt, dateStyles: maker.styles)
      #expect(english.timeOfDay(date) == "8:00 AM", "\(maker.name)")
      #expect(korean.timeOfDay(date) == "오전 8:00", "\(maker.name)")
      #expect(english.dayLine(date) == "Friday, January 15, 2027", "\(maker.name)")
      #expect(korean.dayLine(date) == "2027년 1월 15일 금요일", "\(maker.name)")
    }
  }
}

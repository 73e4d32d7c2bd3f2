import CoreFoundation
import Foundation
import PocketPresentation

extension DateStyles {
  /// The styles `pocket` prints dates in: CoreFoundation's formatters, their text read as
  /// UTF-8 (`StyleDateFormatter`); `DateFormatter` where CoreFoundation makes none.
  public static let coreFoundation = DateStyles { style in
    StyleDateFormatter(
      locale: style.locale, timeZone: style.timeZone, date: style.date, time: style.time
    ).map { formatter in { formatter.string(from: $0) } }
  }
}

/// One locale's date and time styles in one time zone: CoreFoundation's `CFDateFormatter`,
/// which `DateFormatter` wraps, with its text read as UTF-8 bytes. `DateFormatter` hands its
/// text over as a `String` bridged from the formatter's string, and a time such as "9:05 AM"
/// holds ICU's narrow no-break space: a string that is not ASCII is bridged through UTF-16,
/// whose generic decoding looks up conformances at run time, four scans of every
/// conformance in the binary at the first date a process prints. Not `Sendable`: used by
/// one caller at a time (`DateStyles` holds a lock).
final class StyleDateFormatter {
  private let formatter: CFDateFormatter

  /// `nil` when CoreFoundation makes no formatter for them (no such locale data).
  init?(
    locale: String, timeZone: String, date: DateFormatter.Style, time: DateFormatter.Style
  ) {
    guard let localeName = Self.string(locale), let zoneName = Self.string(timeZone),
      let formatter = CFDateFormatterCreate(
        nil, CFLocaleCreate(nil, localeName), Self.style(date), Self.style(time)),
      let zone = CFTimeZoneCreateWithName(nil, zoneName, true)
    else { return nil }
    CFDateFormatterSetProperty(formatter, kCFDateFormatterTimeZone, zone)
    self.formatter = formatter
  }

  /// `date` in the styles, as `DateFormatter.string(from:)` gives it.
  func string(from date: Date) -> String {
    let text = CFDateFormatterCreateStringWithAbsoluteTime(
      nil, formatter, date.timeIntervalSinceReferenceDate)
    guard let text else { return "" }
    let range = CFRange(location: 0, length: CFStringGetLength(text))
    let utf8 = CFStringEncoding(CFStringBuiltInEncodings.UTF8.rawValue)
    var count: CFIndex = 0
    _ = CFStringGetBytes(text, range, utf8, 0, false, nil, 0, &count)
    var bytes = [UInt8](repeating: 0, count: count)
    _ = CFStringGetBytes(text, range, utf8, 0, false, &bytes, count, nil)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func string(_ text: String) -> CFString? {
    CFStringCreateWithCString(nil, text, CFStringEncoding(CFStringBuiltInEncodings.UTF8.rawValue))
  }

  private static func style(_ style: DateFormatter.Style) -> CFDateFormatterStyle {
    switch style {
    case .none: .noStyle
    case .short: .shortStyle
    case .medium: .mediumStyle
    case .long: .longStyle
    case .full: .fullStyle
    @unknown default: .mediumStyle
    }
  }
}

import Foundation
import Synchronization

/// How `Strings` formats a date in one of a language's own date and time styles (the
/// chat's times and day lines): one formatter per locale, time zone and pair of styles,
/// made the first time it is asked for and kept. Foundation's `DateFormatter` by default;
/// a front end may hand `Strings` a maker of its own that prints the same text faster (the
/// text front end's reads CoreFoundation's text as UTF-8 bytes).
public final class DateStyles: Sendable {
  /// One locale's pair of styles in one time zone, named by their identifiers.
  public struct Style: Equatable, Sendable {
    public var locale: String
    public var timeZone: String
    public var date: DateFormatter.Style
    public var time: DateFormatter.Style
  }

  /// Makes the formatter of a style, as `DateFormatter.string(from:)` prints it; `nil`
  /// where it makes none (then `DateFormatter` formats that style). The formatter it
  /// returns is used by one caller at a time.
  public typealias Maker = @Sendable (Style) -> ((Date) -> String)?

  /// `DateFormatter` for every style.
  public static let foundation = DateStyles { _ in nil }

  private let make: Maker
  /// The formatters made so far (a few: two styles in a session's language and zone). A
  /// list, not a dictionary: the first dictionary keyed by a type of our own costs a scan
  /// of every conformance in the binary.
  private let formatters = Mutex<[(style: Style, format: (Date) -> String)]>([])

  public init(making make: @escaping Maker) {
    self.make = make
  }

  /// `date` in the locale's `styles` in `timeZone`.
  func string(
    _ date: Date, styles: (date: DateFormatter.Style, time: DateFormatter.Style),
    locale: Locale, timeZone: TimeZone
  ) -> String {
    let style = Style(
      locale: locale.identifier, timeZone: timeZone.identifier, date: styles.date,
      time: styles.time)
    return formatters.withLock { formatters in
      if let format = formatters.first(where: { $0.style == style })?.format {
        return format(date)
      }
      let format =
        make(style) ?? Self.dateFormatter(locale: locale, timeZone: timeZone, styles: styles)
      formatters.append((style, format))
      return format(date)
    }
  }

  private static func dateFormatter(
    locale: Locale, timeZone: TimeZone,
    styles: (date: DateFormatter.Style, time: DateFormatter.Style)
  ) -> (Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateStyle = styles.date
    formatter.timeStyle = styles.time
    return { formatter.string(from: $0) }
  }
}

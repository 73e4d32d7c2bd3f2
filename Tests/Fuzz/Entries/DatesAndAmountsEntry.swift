#if DEBUG
  import PocketDomain
  import Foundation
  import PocketPresentation

  @testable import PocketApp

  extension FuzzEntries {
    /// The bytes as a typed date and a typed amount, in English and in Korean: `--date`'s
    /// words (`DateWords`, and the whole `add … --date …` line through the parser) and an
    /// amount as the calculator and the mind log read it (`DecimalInput`, with each
    /// language's separators). A day read is written again in each language's short form
    /// (`Strings.day`) and in the three forms `--date` documents, and each reads back as the
    /// same day; an amount read is not negative and reads back the same from the text the
    /// screens show it with (`Strings.amount`, every digit kept).
    public static func datesAndAmounts(_ bytes: [UInt8]) {
      let text = String(decoding: bytes, as: UTF8.self)
      let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
      for typed in [[text], words] {
        guard case .day(.day(let day))? = DateWords.parse(typed) else { continue }
        FuzzCheck.require(
          (1...9999).contains(day.year) && (1...12).contains(day.month)
            && (1...31).contains(day.day),
          "\(FuzzCheck.quote(text)) read as the day \(day)")
        dayReadsBack(day, from: text)
      }
      _ = try? CommandParser.parse("add 5 fuzz --date " + text)
      for language in [Language.en, .ko] {
        let strings = Strings(language: language, timeZone: .gmt)
        guard
          let amount = try? DecimalInput.parse(
            text, groupingSeparator: language.groupingSeparator,
            decimalSeparator: language.decimalSeparator)
        else { continue }
        FuzzCheck.require(amount >= 0, "\(FuzzCheck.quote(text)) read as \(amount)")
        let shown = strings.amount(amount)
        let again = try? DecimalInput.parse(
          shown, groupingSeparator: language.groupingSeparator,
          decimalSeparator: language.decimalSeparator)
        FuzzCheck.require(
          again == amount,
          "\(FuzzCheck.quote(text)) read as \(amount), shown as \(shown), read back as "
            + "\(again.map { "\($0)" } ?? "nothing")")
      }
    }

    /// `day`, written as each language shows a day and in `--date`'s three forms, reads
    /// back as `day`. (From 1970 on: before it no store holds a day, and the calendar of
    /// the formatter is not the proleptic one before 1582.)
    private static func dayReadsBack(_ day: CalendarDay, from text: String) {
      guard day.year >= 1970 else { return }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = .gmt
      guard
        let noon = calendar.date(
          from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
      else { FuzzCheck.fail("the day \(day) read from \(FuzzCheck.quote(text)) has no date") }
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let forms = [
        Strings(language: .en, timeZone: .gmt).day(noon),
        Strings(language: .ko, timeZone: .gmt).day(noon),
        "\(day.year)-\(two(day.month))-\(two(day.day))",
        "\(two(day.month))/\(two(day.day))/\(day.year)",
        "\(day.year). \(day.month). \(day.day).",
      ]
      for form in forms {
        FuzzCheck.require(
          DateWords.parse([form]) == .day(.day(day)),
          "the day \(day) read from \(FuzzCheck.quote(text)), written \(FuzzCheck.quote(form)), "
            + "reads back as \(String(describing: DateWords.parse([form])))")
      }
    }
  }
#endif

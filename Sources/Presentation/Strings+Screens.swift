import Foundation
import PocketDomain
import Synchronization

/// The words of the screens' own lines: hints, day lines, pages, laps, rates, amounts and
/// the store summary.
extension Strings {
  /// The last line of a screen: its own commands (`commands`, in this language), and
  /// `help`. The calculator has its own (`calculatorHint(base:)`).
  public func commandsHint(_ commands: String) -> String {
    pick("Commands: \(commands) · help", "명령: \(commands) · 도움말 help")
  }

  /// The calculator's hint, naming the currency an amount is in unless FROM is given. In
  /// the live view (`live`), where a digit opens the amount's line, it names no command.
  public func calculatorHint(base: String, live: Bool = false) -> String {
    guard !live else {
      return pick(
        "Type an amount in \(base), or an amount and a currency (100 EUR)",
        "금액을 입력하세요: \(base) 금액, 또는 금액과 통화 (100 EUR)")
    }
    return pick(
      "Type: convert AMOUNT [FROM] (an amount in \(base) unless FROM is given)",
      "입력: convert AMOUNT [FROM] (FROM을 생략하면 \(base) 금액)")
  }

  public func messageCount(_ count: Int) -> String { pick("Messages: \(count)", "채팅 수: \(count)") }
  /// The chat's day line, the local calendar day of the messages under it in the user's
  /// time zone: "Monday, November 30, 2026" / "2026년 11월 30일 월요일".
  public func dayLine(_ date: Date) -> String {
    format(date, styles: (date: .full, time: .none))
  }
  /// The rates' filter while one is on; `clearKey`: the key that clears it, where keys
  /// work (the live view).
  public func filterLine(_ query: String, clearKey: String?) -> String {
    guard let clearKey else { return pick("Filter: \(query)", "찾기: \(query)") }
    return pick("Filter: \(query) · \(clearKey) clears", "찾기: \(query) · \(clearKey) 지우기")
  }
  /// The line of a list searched for `query`, with how many items match; `clearKey`: the
  /// key that clears the search, where keys work (the live view).
  public func searchLine(_ query: String, matches: Int, clearKey: String?) -> String {
    let english = "Search: \"\(query)\" · " + (matches == 1 ? "1 match" : "\(matches) matches")
    let korean = "검색: \"\(query)\" · \(matches)개 일치"
    guard let clearKey else { return pick(english, korean) }
    return pick("\(english) · \(clearKey) clears", "\(korean) · \(clearKey) 지우기")
  }
  public func currencyCount(_ count: Int) -> String {
    pick(count == 1 ? "1 currency" : "\(count) currencies", "통화 \(count)개")
  }
  /// Which page of a long list shows, which items, and how to page on: `more` to the next
  /// page, which the last page has none of (there `more` says so and stays). In the live
  /// view (`live`), where keys page on (its key bar and `?` say which), no command.
  public func pageLine(
    _ number: Int, of count: Int, items: ClosedRange<Int>, total: Int, live: Bool = false
  ) -> String {
    let range = "\(items.lowerBound)–\(items.upperBound)"
    guard !live else {
      return pick(
        "Page \(number) of \(count) · \(range) of \(total)",
        "\(count)쪽 중 \(number)쪽 · 전체 \(total)개 중 \(range)")
    }
    let isLast = number >= count
    return pick(
      "Page \(number) of \(count) · \(range) of \(total) · "
        + (isLast ? "the last page" : "more: next page") + " · page N",
      "\(count)쪽 중 \(number)쪽 · 전체 \(total)개 중 \(range) · "
        + (isLast ? "마지막 쪽" : "more: 다음 쪽") + " · page N")
  }
  /// The fastest and slowest laps of all, on whatever page they are.
  public func lapExtremes(fastest: Lap, slowest: Lap) -> String {
    pick(
      "Fastest: \(lap(fastest.number)) \(lapTime(fastest)) · Slowest: \(lap(slowest.number)) \(lapTime(slowest))",
      "최단: \(lap(fastest.number)) \(lapTime(fastest)) · 최장: \(lap(slowest.number)) \(lapTime(slowest))"
    )
  }
  public func lap(_ number: Int) -> String { pick("Lap \(number)", "랩 \(number)") }
  public func status(_ status: StopwatchViewModel.Status) -> String {
    switch status {
    case .reset: pick("ready", "대기")
    case .running: pick("running", "작동 중")
    case .stopped: pick("stopped", "멈춤")
    }
  }
  /// When rates were published, and since when newer ones are due (`dueSince`): with no
  /// source to refresh from (`source` false), how to get them, so old rates never pass for
  /// current.
  public func published(_ date: Date, dueSince: Date?, source: Bool) -> String {
    let when = dateTime(date)
    guard let dueSince else { return pick("Published \(when)", "\(when) 기준") }
    let due = dayInWords(dueSince)
    return source
      ? pick("Published \(when), due since \(due)", "\(when) 기준, \(due)부터 갱신 시각 지남")
      : pick(
        "Published \(when), due since \(due): refresh with --online",
        "\(when) 기준, \(due)부터 갱신 시각 지남: --online으로 새로 고치세요")
  }
  /// The rate list's header: publication, since when an update is due, the base, and that
  /// the list rounds the rates the calculator uses whole.
  public func published(_ date: Date, dueSince: Date?, source: Bool, base: String) -> String {
    published(date, dueSince: dueSince, source: source)
      + pick(
        " · 1 \(base) buys (calculator: full rate)", " · 1 \(base)당 (계산기는 전체 자릿수 환율 사용)")
  }
  /// Said on the rate list while a refresh runs.
  public var refreshing: String { pick("Refreshing…", "갱신 중…") }
  /// The calculator's rate, `1 USD = 1,350.003043 KRW`: every digit of the rate it
  /// converts with (`fullRate`), so its lines can be checked with a pencil.
  public func rateLine(base: String, rate: Decimal, code: String) -> String {
    "1 \(base) = \(fullRate(rate)) \(code)"
  }
  /// A rate with every digit it holds, no more (1,350.003043; 0.0007418; 1), grouped.
  public func fullRate(_ value: Decimal) -> String {
    decimal(value, fractionDigits: max(0, -value.exponent))
  }
  /// A rate with at least 4 decimals and at least 4 significant digits, so that no rate
  /// reads as 0.0000 or loses its first four significant digits: 1,350.0030, 0.0007418.
  ///
  /// Formatted (by ICU, `decimal`) the first time a value is shown and kept: the list
  /// shows the same 162 rates each time it is drawn again (after a pin, a filter, a
  /// reload), and its text depends on the value alone (both languages write numbers alike).
  public func rate(_ value: Decimal) -> String {
    if let known = Self.rates.withLock({ $0[value] }) { return known }
    let text = decimal(value, fractionDigits: Self.rateFractionDigits(value))
    Self.rates.withLock { rates in
      if rates.count >= Self.ratesKept { rates.removeAll(keepingCapacity: true) }
      rates[value] = text
    }
    return text
  }

  /// The rates formatted so far, by value; at most `ratesKept` (then it starts again), a
  /// few sets of rates' worth.
  private static let rates = Mutex<[Decimal: String]>([:])
  static let ratesKept = 2_048

  static func rateFractionDigits(_ value: Decimal) -> Int {
    var magnitude = value.magnitude
    guard magnitude > 0, magnitude < 1 else { return 4 }
    var leadingZeros = 0
    while magnitude < Decimal(sign: .plus, exponent: -1, significand: 1), leadingZeros < 30 {
      magnitude *= 10
      leadingZeros += 1
    }
    return max(4, leadingZeros + 4)
  }

  /// `A X → B Y`: the amount exactly as typed (every digit it was parsed with, at least
  /// 2 decimals) and the result rounded half up to 2 decimals, so the line is true at the
  /// precision shown: B is A × rate rounded.
  public func conversion(_ conversion: Conversion) -> String {
    "\(amount(conversion.amount)) \(conversion.from) → "
      + "\(decimal(conversion.result, fractionDigits: 2)) \(conversion.to)"
  }

  /// A typed amount with all its digits (at least 2 decimals): 1.005, 12.50, 1,000.00.
  public func amount(_ value: Decimal) -> String {
    decimal(value, fractionDigits: max(2, -value.exponent))
  }

  public func exported(_ count: Int, to path: String) -> String {
    pick("Exported \(count) records to \(path)", "기록 \(count)개를 \(path)에 내보냈습니다")
  }

  /// A record an export of a damaged store left out, and why (the cause is not translated).
  public func leftOut(_ reason: StoreCause) -> String {
    pick(
      "Not exported, cannot be read: \(englishCause(reason))",
      "읽을 수 없어 내보내지 않은 기록" + koreanNested(reason))
  }

  public func imported(_ count: Int, from path: String) -> String {
    pick("Imported \(count) records from \(path)", "\(path)에서 기록 \(count)개를 가져왔습니다")
  }

  /// `pocket store`: kind, path, schema version and how other processes' changes are
  /// seen (and this machine's copy, for a store that keeps one), then each kind of record
  /// with its count. Front ends align the rows (by display width: the Korean labels are
  /// wide).
  public func storeSummary(
    kind: String, path: String, version: Int, watch: StoreWatch, copy: StoreCopy? = nil,
    rateSource: RateSourceChoice?, counts: RecordCounts
  ) -> (header: [String], rows: [(label: String, count: Int)]) {
    let rows = [
      (pick("laps", "랩"), counts.laps), (pick("bookmarks", "북마크"), counts.bookmarks),
      (pick("rate snapshots", "환율 스냅샷"), counts.rateSnapshots),
      (pick("favourite currencies", "즐겨찾는 통화"), counts.favoriteCurrencies),
      (pick("mind logs", "마음 일기"), counts.mindLogs),
      (pick("chat messages", "채팅"), counts.chatMessages),
    ]
    let copyLine = copy.map { "\(pick("This machine's copy", "이 컴퓨터의 사본")): \(copied($0))" }
    let header =
      [
        "\(pick("Store", "저장소")): \(kind)", "\(pick("Path", "경로")): \(path)",
        "\(pick("Schema version", "스키마 버전")): \(version)",
        "\(pick("Other processes' changes", "다른 프로세스의 변경")): \(watched(watch))",
      ] + (copyLine.map { [$0] } ?? [])
      + ["\(pick("Rate source", "환율 받을 곳")): \(rateSource.map(named) ?? pick("none", "없음"))"]
    return (header, rows.map { (label: $0.0, count: $0.1) })
  }

  /// This machine's copy as `store` says it: its file, this machine's number, as of when,
  /// and whether it is shown because the server does not answer.
  func copied(_ copy: StoreCopy) -> String {
    let machine = copy.machine.map { pick("machine \($0), ", "컴퓨터 \($0)번, ") } ?? ""
    let when =
      machine
      + (copy.copiedAt.map { pick("as of \(dateTime($0))", "\(dateTime($0)) 기준") }
        ?? pick("cannot be read", "읽을 수 없음"))
    let shown =
      copy.offline
      ? pick("; shown: the server does not answer", "; 서버가 응답하지 않아 사본을 보여 줍니다") : ""
    return "\(copy.path) (\(when)\(shown))"
  }

  /// A rate source as `store` and `source` name it: its URL, or its file's path.
  func named(_ source: RateSourceChoice) -> String {
    switch source {
    case .http(let url): url.absoluteString
    case .file(let path): path
    }
  }

  /// What `source` says: the rate source the store remembers, and what it did to it.
  public func rateSource(_ source: RateSourceChoice?, _ change: StoreViewModel.RateSourceChange)
    -> String
  {
    switch (change, source.map(named)) {
    case (.shown, let name?):
      pick("Rate source: \(name) (remembered for this store)", "환율 받을 곳: \(name) (이 저장소가 기억함)")
    case (.shown, nil):
      pick(
        "No rate source is remembered: give --online, --rates-url URL or --rates-file PATH "
          + "before source or refresh",
        "기억한 환율 받을 곳이 없습니다: source나 refresh 앞에 --online, --rates-url URL, "
          + "--rates-file PATH를 주세요")
    case (.remembered, let name):
      pick("Rate source remembered: \(name ?? "")", "환율 받을 곳을 기억했습니다: \(name ?? "")")
    case (.forgotten, let name?):
      pick("Rate source forgotten: \(name)", "환율 받을 곳을 잊었습니다: \(name)")
    case (.forgotten, nil):
      pick("No rate source was remembered", "기억한 환율 받을 곳이 없었습니다")
    }
  }

  /// How a store sees what other processes change, as `pocket store` says it.
  func watched(_ watch: StoreWatch) -> String {
    switch watch {
    case .fileEvents:
      pick("shown at once (file events)", "바로 보입니다 (파일 이벤트)")
    case .polling(let interval, let reason):
      // The reason names a file system or a setting: not translated, as a cause is not.
      pick(
        "checked every \(Int(interval / .milliseconds(1))) ms (\(reason))",
        "\(Int(interval / .milliseconds(1)))ms마다 확인합니다 (\(reason))")
    case .serverNotifications:
      pick(
        "shown at once, from any machine (server notifications)",
        "바로 보입니다, 어느 컴퓨터에서든 (서버 알림)")
    case .inProcessOnly:
      pick(
        "none (a memory store is this process's alone)", "없음 (메모리 저장소는 이 프로세스만 씁니다)")
    }
  }

  /// The currency's name in this language, else its code (`names`, looked up once per
  /// code: a screen asks only for the currencies it shows).
  public func currencyName(_ code: String) -> String {
    names.name(code, in: language) ?? code
  }
}

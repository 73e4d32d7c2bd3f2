import Domain
import Foundation
import Presentation

/// What one screen shows: the state of its view model.
package enum ScreenContent: Equatable {
  case rates(RatesViewModel.State)
  case calculator(CalculatorViewModel.State)
  case stopwatch(StopwatchViewModel.State)
  case notices(NoticesViewModel.State)
  case bookmarks(BookmarksViewModel.State)
  case mindLog(MindLogViewModel.State)
  case chat(ChatViewModel.State)

  var tab: Tab {
    switch self {
    case .rates, .calculator: .rates
    case .stopwatch: .stopwatch
    case .notices: .notices
    case .bookmarks: .bookmarks
    case .mindLog: .mindLog
    case .chat: .chat
    }
  }
}

/// Plain-text screens: a pure function of view-model state and the string table.
package struct Renderer {
  let strings: Strings

  package init(strings: Strings) { self.strings = strings }

  /// The tab line, the screen, and a last line for `message` when there is one.
  package func render(_ content: ScreenContent, message: Message? = nil) -> String {
    var lines = [tabLine(content.tab), ""]
    switch content {
    case .rates(let state): lines += rates(state)
    case .calculator(let state): lines += calculator(state)
    case .stopwatch(let state): lines += stopwatch(state)
    case .notices(let state): lines += notices(state)
    case .bookmarks(let state): lines += bookmarks(state)
    case .mindLog(let state): lines += mindLog(state)
    case .chat(let state): lines += chat(state)
    }
    if let message {
      lines += ["", strings.text(message)]
    }
    // A line break inside a field (a message, a title) would fake a row of its own.
    return lines.map { TerminalText.escaping($0, keepingNewlines: false) }
      .joined(separator: "\n") + "\n"
  }

  func tabLine(_ current: Tab) -> String {
    Tab.allCases.map { $0 == current ? "[\(strings.title($0))]" : strings.title($0) }
      .joined(separator: "  ")
  }

  private func rates(_ state: RatesViewModel.State) -> [String] {
    var lines: [String] = []
    if let published = state.publishedAt {
      lines.append(strings.published(published, stale: state.isOutdated))
    }
    if state.hasNoResults {
      return lines + [strings.noResults]
    }
    let rates = state.quotes.map { strings.decimal($0.rate, fractionDigits: 4) }
    let width = rates.map(\.count).max() ?? 0
    for (quote, rate) in zip(state.quotes, rates) {
      let star = quote.isFavorite ? "★" : " "
      lines.append(
        "\(star) \(quote.code)  \(rightAligned(rate, width)) \(trend(quote.trend)) "
          + strings.currencyName(quote.code))
    }
    lines.append("")
    lines.append(strings.currencyCount(state.quotes.count))
    return lines
  }

  private func trend(_ trend: Trend) -> String {
    switch trend {
    case .up: "🔼"
    case .down: "🔽"
    case .flat: "  "
    }
  }

  private func calculator(_ state: CalculatorViewModel.State) -> [String] {
    var lines = [
      "\(strings.calculatorTitle) · \(state.currency) \(strings.currencyName(state.currency))"
    ]
    if let rate = state.rate {
      lines.append(strings.rateLine(base: state.base, rate: rate, code: state.currency))
    }
    lines.append("")
    lines.append(state.conversion.map(strings.conversion) ?? strings.calculatorHint)
    return lines
  }

  private func stopwatch(_ state: StopwatchViewModel.State) -> [String] {
    var lines = [
      "\(strings.title(.stopwatch)) · \(strings.status(state.status))",
      "  " + strings.stopwatchTime(state.elapsed),
      "",
    ]
    guard !state.laps.isEmpty else { return lines + [strings.noLapsYet] }
    let labels = state.laps.map { strings.lap($0.lap.number) }
    let width = labels.map(\.count).max() ?? 0
    for (row, label) in zip(state.laps, labels) {
      var line =
        "\(leftAligned(label, width))  \(strings.stopwatchTime(row.lap.lapTime))"
        + "  \(strings.stopwatchTime(row.lap.total))"
      switch row.mark {
      case .fastest: line += "  \(strings.fastest)"
      case .slowest: line += "  \(strings.slowest)"
      case nil: break
      }
      lines.append(line)
    }
    if state.lapCount > state.laps.count {
      lines += ["", strings.showingNewest(state.laps.count, of: state.lapCount)]
    }
    return lines
  }

  private func notices(_ state: NoticesViewModel.State) -> [String] {
    let width = String(state.items.count).count
    return state.items.enumerated().flatMap { index, item in
      [
        "\(rightAligned(String(index + 1), width)) \(item.isBookmarked ? "★" : " ") "
          + "\(item.notice.title) · \(strings.day(item.notice.date))",
        String(repeating: " ", count: width + 3) + item.notice.url,
      ]
    }
  }

  private func bookmarks(_ state: BookmarksViewModel.State) -> [String] {
    guard state.page.total > 0 else { return [strings.noBookmarksYet] }
    return numbered(state.page) { bookmark in
      ["\(bookmark.title) · \(strings.day(bookmark.noticeDate))", bookmark.url]
    }
  }

  private func mindLog(_ state: MindLogViewModel.State) -> [String] {
    guard state.page.total > 0 else { return [strings.noEntriesYet] }
    let width = state.page.items.map { strings.score($0.score).count }.max() ?? 0
    return numbered(state.page) { entry in
      let note = entry.note.isEmpty ? "" : "  \(entry.note)"
      return [
        "\(strings.day(entry.date))  \(rightAligned(strings.score(entry.score), width))\(note)"
      ]
    }
  }

  private func chat(_ state: ChatViewModel.State) -> [String] {
    guard !state.isEmpty else { return [strings.noMessagesYet, "", strings.messageCount(0)] }
    return numbered(state.page) { message in
      let mark = message.isEdited ? " (\(strings.edited))" : ""
      return ["\(strings.timeOfDay(message.date))  \(message.content)\(mark)"]
    } + ["", strings.messageCount(state.page.total)]
  }

  /// Rows numbered by their place in the whole list; continuation lines are indented under
  /// the first. Says how many there are when the page does not show them all.
  private func numbered<Item>(_ page: Page<Item>, _ row: (Item) -> [String]) -> [String] {
    let width = String(page.offset + page.items.count).count
    var lines: [String] = []
    for (index, item) in page.items.enumerated() {
      let parts = row(item)
      lines.append("\(rightAligned(String(page.offset + index + 1), width))  \(parts[0])")
      lines += parts.dropFirst().map { String(repeating: " ", count: width + 2) + $0 }
    }
    if page.total > page.items.count {
      lines += ["", strings.showingNewest(page.items.count, of: page.total)]
    }
    return lines
  }

  /// `text` filled with spaces on its left to `width` characters (numbers).
  private func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// `text` filled with spaces on its right to `width` characters (labels).
  private func leftAligned(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}

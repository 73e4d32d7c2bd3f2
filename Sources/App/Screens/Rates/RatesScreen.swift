import Foundation
import PocketDomain
import PocketPresentation

/// The rate list: `rates`, `fav`, `refresh`.
final class RatesScreen: ViewModelFeature<RatesViewModel>, ViewModelScreen {
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec(
      "rates", usage: "rates [QUERY]", "Exchange rates; filter by code or name",
      "환율 목록; 코드나 이름으로 거릅니다"
    ) { words throws(UsageError) in .rates(query: words.rest()) }
    .detailed(
      """
      QUERY: a code, a currency's or a country's name, or a short name, in English or
      Korean (KRW, won, 원화, 한국, yen, UK, quid), ignoring case, accents and spaces.
      A whole word lists what it names; part of a word, every currency holding it.
      """,
      """
      QUERY: 통화 코드, 통화나 나라 이름, 흔히 부르는 이름 (영어나 한국어: KRW, 원화, 한국,
      엔, 달러화, 영국), 대소문자와 악센트와 띄어쓰기는 가리지 않습니다.
      낱말 전체는 그 낱말이 가리키는 통화만, 낱말 일부는 그것이 들어간 모든 통화를 보여줍니다.
      """),
    CommandSpec(
      "fav", usage: "fav CODE", "Pin a currency on top of the rates, or unpin it",
      "통화를 환율 목록 맨 위에 고정하거나 고정을 풉니다"
    ) { words throws(UsageError) in .favorite(code: try words.required(.code)) }
    .detailed(
      "CODE: a code, or a word for one currency as calc reads it (원화, yen).",
      "CODE: 통화 코드, 또는 calc처럼 통화 하나를 가리키는 낱말 (원화, 엔)."),
    CommandSpec(
      "refresh", usage: "refresh [--force]",
      "Fetch new rates once they are published (--force: now)",
      "새 환율이 발표되면 받아옵니다 (--force: 지금 받기)"
    ) { words throws(UsageError) in .refresh(force: try words.flag("--force")) }
    .detailed(
      """
      Needs a source, given once before the command and remembered for the store
      (see source): --online (open.er-api.com), --rates-url URL or --rates-file PATH.
      A set is taken when it was published after the cached one, and never one from
      more than a day after this machine's clock.
      """,
      """
      받아올 곳을 한 번 명령 앞에 주면 저장소가 기억합니다 (source 참고):
      --online (open.er-api.com), --rates-url URL, --rates-file PATH. 저장된 환율보다
      나중에 발표된 환율만 받고, 이 컴퓨터 시계보다 하루 넘게 앞선 환율은 받지 않습니다.
      """),
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    .rates, title: Wording("Rates", "환율"), opener: "rates",
    hint: "rates QUERY · fav CODE · calc CODE · refresh")

  nonisolated static let keys: [KeyHelp] = [
    .init("/", "filter", "찾기", acts: .character("/")),
    .init("Enter", "calculator", "계산기", acts: .enter),
    .init("f", "pin", "고정", acts: .character("f")),
    .init("R", "refresh", "갱신", acts: .character("R")),
  ]

  /// The input line `/` opens.
  nonisolated static let filterPrompt = Wording("Filter", "찾기")

  /// The key that clears a kept filter, as the filter line names it.
  nonisolated static let clearKey = "Esc"

  /// `/` opens the filter with the filter on (Esc brings it back); Enter opens the
  /// calculator of the selected currency, or of the first one a filter kept; Esc clears
  /// the filter.
  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    let query = viewModel.state.query
    return switch (key, selected?.code) {
    case (.character("/"), _):
      .input(
        InputRequest(
          prompt: Self.filterPrompt, words: "rates ", text: query,
          limit: InputRequest.shortLimit, isLive: true, restore: .rates(query: query)))
    case (.enter, let code?): .run(.calc(code: code))
    case (.enter, nil) where !query.isEmpty:
      viewModel.state.quotes.first.map { .run(.calc(code: $0.code)) }
    case (.escape, _) where !query.isEmpty: .run(.rates(query: ""))
    case (.character("f"), let code?): .run(.favorite(code: code))
    case (.character("R"), _): .start(.refresh(force: false))
    default: nil
    }
  }

  func load(_ screen: Screen) async { await viewModel.load() }

  /// The rates fall due: before `rates`, `calc` and `convert` (which show them) and now and
  /// then in a live view.
  nonisolated static func refreshesWhenDue(before command: Command?) -> Bool {
    switch command {
    case nil, .rates?, .calc?, .convert?: true
    default: false
    }
  }

  func refreshWhenDue(retry: Bool) async -> WhenDue? {
    guard await viewModel.refreshWhenDue(retry: retry) else { return nil }
    let message = viewModel.state.message
    if let message, message.isRefusal { return .failed(message) }
    return .refreshed(message)
  }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .rates(let query): .perform(.rates) { await self.viewModel.search(query) }
    case .search(let text) where context.current == .rates:
      .perform(.rates) { await self.viewModel.search(text) }
    case .favorite(let code): .perform(.rates) { await self.viewModel.toggleFavorite(code) }
    case .refresh(let force): .perform(.rates) { await self.viewModel.refresh(force: force) }
    default: nil
    }
  }
}

extension RatesViewModel.State: ScreenState {
  var screen: Screen { .rates }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.rates(self) }
}

extension Renderer {
  fileprivate func rates(_ state: RatesViewModel.State) -> [ScreenLine] {
    var lines: [ScreenLine] = []
    if let published = state.publishedAt {
      var header = ScreenLine(
        strings.published(
          published, dueSince: state.dueSince, source: state.hasSource,
          base: state.base ?? "USD"))
      if state.isRefreshing { header.append(" · \(strings.refreshing, as: .hint)") }
      lines.append(header)
    }
    if !state.query.isEmpty {
      lines.append(
        ScreenLine(
          strings.filterLine(state.query, clearKey: isLive ? RatesScreen.clearKey : nil),
          as: .hint))
    }
    if state.hasNoResults {
      return lines + [ScreenLine(strings.noResults)]
    }
    // Rates of every size line up on the decimal point (`1,350.0030` over `0.002720`).
    let rates = decimalAligned(state.quotes.map { strings.rate($0.rate) })
    for (quote, rate) in zip(state.quotes, rates) {
      let row: ScreenLine =
        "\(star(quote.isFavorite)) \(quote.code)  \(rate) "
        + "\(trend(quote.trend)) \(strings.currencyName(quote.code))"
      lines.append(row.showing(ListItem(code: quote.code)))
    }
    lines.append("")
    lines.append(ScreenLine(strings.currencyCount(state.quotes.count)))
    return lines
  }

  fileprivate func trend(_ trend: Trend) -> ScreenLine {
    switch trend {
    case .up: ScreenLine("🔼", as: .rise)
    case .down: ScreenLine("🔽", as: .fall)
    case .flat: "  "
    }
  }
}

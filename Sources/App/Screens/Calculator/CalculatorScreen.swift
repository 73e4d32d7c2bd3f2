import Foundation
import PocketDomain
import PocketPresentation

/// The calculator, pushed from the rate list: `calc`, `convert`, `back` (which the
/// router carries out).
final class CalculatorScreen: ViewModelFeature<CalculatorViewModel>, ViewModelScreen {
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec(
      "calc", usage: "calc CODE", "Open the calculator for a currency (its code or a name)",
      "통화(코드 또는 이름)의 계산기를 엽니다"
    ) { words throws(UsageError) in
      // A code, or words naming one currency: `calc 한국 원`.
      let first = try words.required(.code)
      let more = words.rest()
      return .calc(code: more.isEmpty ? first : "\(first) \(more)")
    }
    .detailed(
      "CODE: a code (KRW, krw), or words naming one currency (원화, yen, 한국 원, Swiss franc).",
      "CODE: 통화 코드 (KRW), 또는 통화 하나를 가리키는 낱말 (원화, 엔, 한국 원, 스위스 프랑)."),
    CommandSpec(
      "convert", usage: "convert AMOUNT [FROM]",
      "Convert BASE (or FROM) into the calculator's currency", "BASE(또는 FROM) 금액을 계산기의 통화로 바꿉니다"
    ) { words throws(UsageError) in .convert(amount: words.next() ?? "", from: words.next()) }
    .detailed(
      """
      AMOUNT: 100, 1,000.5, 0.25; at most 15 digits before the point. FROM: a code or a
      word for one currency, as calc reads it (convert 100 EUR, convert 100 유로화).
      """,
      """
      AMOUNT: 100, 1,000.5, 0.25; 소수점 앞은 15자리까지. FROM: calc처럼 통화 코드나 통화
      하나를 가리키는 낱말 (convert 100 EUR, convert 100 유로화).
      """),
    CommandSpec(
      "back", "Leave the calculator for the rates list", "계산기를 닫고 환율 목록으로 돌아갑니다",
      command: .back),
  ]

  /// Pushed from the rates list, on its tab.
  nonisolated static let tab: TabSpec? = nil
  nonisolated static let pushedFrom: Screen? = .rates

  nonisolated static let keys: [KeyHelp] = [
    .init("0-9", "amount", "금액", acts: .character("0")),
    .init("Esc", "back", "뒤로", acts: .escape),
  ]

  nonisolated static let name = Wording("Calculator", "계산기")

  /// Digits type the amount: Tab and Esc leave the calculator.
  nonisolated static let typesDigits = true

  /// The input line a digit opens.
  nonisolated static let amountPrompt = Wording("Amount", "금액")

  /// Typing a number opens the amount line, which converts at every key; Esc on it brings
  /// back the conversion shown before, or none.
  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    switch key {
    case .character(let character) where character.isNumber || character == ".":
      .input(
        InputRequest(
          prompt: Self.amountPrompt, words: "convert ", text: String(character),
          limit: InputRequest.shortLimit, isLive: true, restore: restore))
    case .escape: .run(.back)
    default: nil
    }
  }

  /// The command that shows the conversion shown now: the same amount from the same
  /// currency, or the calculator opened afresh when it shows none.
  private var restore: Command {
    let state = viewModel.state
    guard let conversion = state.conversion else { return .calc(code: state.currency) }
    return .convert(
      amount: "\(conversion.amount)",
      from: conversion.from == conversion.base ? nil : conversion.from)
  }

  nonisolated static func shows(_ screen: Screen) -> Bool {
    if case .calculator = screen { return true }
    return false
  }

  /// The calculator seen last opens on its currency while the cached rates list it.
  func reopen(_ screen: Screen) async -> Bool {
    guard case .calculator(let code) = screen else { return false }
    return await viewModel.open(code)
  }

  func load(_ screen: Screen) async {
    guard case .calculator(let code) = screen else { return }
    if viewModel.state.currency != code { await viewModel.open(code) }
  }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .calc(let code):
      return .open {
        guard await self.viewModel.open(code) else { return nil }
        return .calculator(currency: self.viewModel.state.currency)
      }
    case .convert(let amount, let from):
      guard let currency = context.lastCalculatorCurrency else { return .refuse(.noCalculator) }
      return .perform(.calculator(currency: currency)) {
        await self.viewModel.convert(amount, from: from)
      }
    default:
      return nil
    }
  }
}

extension CalculatorViewModel.State: ScreenState {
  var screen: Screen { .calculator(currency: currency) }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.calculator(self) }
}

extension Renderer {
  fileprivate func calculator(_ state: CalculatorViewModel.State) -> [ScreenLine] {
    var lines: [ScreenLine] = [
      "\(strings.calculatorTitle) · \(state.currency) \(strings.currencyName(state.currency))"
    ]
    if let rate = state.rate {
      lines.append(ScreenLine(strings.rateLine(base: state.base, rate: rate, code: state.currency)))
    }
    // Rates due for a refresh say so here too: a conversion with old rates is marked.
    if let published = state.publishedAt, state.dueSince != nil {
      lines.append(
        ScreenLine(strings.published(published, dueSince: state.dueSince, source: true), as: .hint))
    }
    // From a currency other than the base: its rate too, the other leg of the conversion
    // (the result is amount × the first rate ÷ this one).
    if let conversion = state.conversion, conversion.from != conversion.base,
      conversion.from != conversion.to
    {
      lines.append(
        ScreenLine(
          strings.rateLine(base: conversion.base, rate: conversion.fromRate, code: conversion.from))
      )
    }
    lines.append("")
    lines.append(
      state.conversion.map { ScreenLine(strings.conversion($0)) }
        ?? ScreenLine(strings.calculatorHint(base: state.base, live: isLive), as: .hint))
    return lines
  }
}

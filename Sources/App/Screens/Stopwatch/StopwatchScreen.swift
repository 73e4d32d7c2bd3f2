import Foundation
import PocketDomain
import PocketPresentation

/// The stopwatch: `stopwatch`, `start`, `stop`, `lap`, `reset`.
final class StopwatchScreen: ViewModelFeature<StopwatchViewModel>, ViewModelScreen {
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec("stopwatch", "Show the stopwatch", "스톱워치를 보여줍니다", command: .stopwatch),
    CommandSpec("start", "Start or resume the stopwatch", "스톱워치를 시작하거나 이어서 잽니다", command: .start),
    CommandSpec("stop", "Stop the stopwatch", "스톱워치를 멈춥니다", command: .stop),
    CommandSpec(
      "lap", "Record a lap of the running stopwatch", "작동 중인 스톱워치의 랩을 기록합니다", command: .lap),
    CommandSpec(
      "reset", usage: "reset [--yes]",
      "Stop the stopwatch and delete its time and laps (asks first; --yes does not ask)",
      "스톱워치를 멈추고 시간과 랩을 지웁니다 (먼저 묻습니다; --yes는 묻지 않습니다)"
    ) { words throws(UsageError) in .reset(confirmed: try words.yes()) },
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    .stopwatch, title: Wording("Stopwatch", "스톱워치"), opener: "stopwatch",
    hint: "start · stop · lap · reset · more · page N")

  nonisolated static let keys: [KeyHelp] = [
    .init("Space", "start/stop", "시작/멈춤", acts: .character(" ")),
    .init("l", "lap", "랩", acts: .character("l")),
    .init("r", "reset", "초기화", acts: .character("r")),
  ]

  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    switch key {
    case .character(" "): .run(viewModel.state.status == .running ? .stop : .start)
    case .character("l"): .run(.lap)
    case .character("r"): .run(.reset(confirmed: false))
    default: nil
    }
  }

  var isTicking: Bool { viewModel.state.status == .running }
  func tick() { viewModel.tick() }

  func confirmed(_ question: Message) -> (command: Command, typed: String)? {
    guard case .confirmReset = question else { return nil }
    return (.reset(confirmed: true), "reset --yes")
  }
  func load(_ screen: Screen) async { await viewModel.load() }

  /// The stopwatch read off the clock now, without changing its state: rendering inside
  /// `withObservationTracking` changes nothing it observes.
  var state: StopwatchViewModel.State { viewModel.stateNow }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .stopwatch: .performFresh(.stopwatch) { await self.viewModel.showPage(1) }
    case .start: .performFresh(.stopwatch) { await self.viewModel.startTapped() }
    case .stop: .perform(.stopwatch) { await self.viewModel.stopTapped() }
    case .lap: .performFresh(.stopwatch) { await self.viewModel.lapTapped() }
    case .reset(let confirmed):
      .performFresh(.stopwatch) { await self.viewModel.resetTapped(confirmed: confirmed) }
    default: context.pageAction(for: command, of: viewModel, on: .stopwatch)
    }
  }
}

extension StopwatchViewModel.State: PagedScreenState {
  var screen: Screen { .stopwatch }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.stopwatch(self) }
}

extension Renderer {
  fileprivate func stopwatch(_ state: StopwatchViewModel.State) -> [ScreenLine] {
    var lines: [ScreenLine] = [
      "\(StopwatchScreen.tab?.title.text(strings.language) ?? "") · \(strings.status(state.status))",
      ScreenLine("  " + strings.stopwatchTime(state.elapsed)),
      "",
    ]
    let rows = state.rows
    guard !rows.isEmpty else { return lines + [ScreenLine(strings.noLapsYet)] }
    // Each column is as wide as its widest cell, so times past an hour stay in line.
    let labels = rows.map { strings.lap($0.lap.number) }
    let lapTimes = rows.map { strings.lapTime($0.lap) }
    let totals = rows.map { strings.stopwatchTime($0.lap.total) }
    let width = labels.map { self.width($0) }.max() ?? 0
    let lapWidth = lapTimes.map { self.width($0) }.max() ?? 0
    let totalWidth = totals.map { self.width($0) }.max() ?? 0
    for (index, row) in rows.enumerated() {
      var item = ListItem(number: row.lap.number)
      item.total = state.lapCount
      // The newest lap is the top row, under the lap in progress (until a reset).
      let progress = state.status == .reset ? 0 : 1
      item.place = state.lapCount + 1 - row.lap.number + progress
      item.rows = state.lapCount + progress
      var line = ScreenLine(
        "\(leftAligned(labels[index], width))  \(rightAligned(lapTimes[index], lapWidth))"
          + "  \(rightAligned(totals[index], totalWidth))",
        as: row.isRunning ? .running : nil, item: item)
      switch row.mark {
      case .fastest: line.append("  \(strings.fastest, as: .fastest)")
      case .slowest: line.append("  \(strings.slowest, as: .slowest)")
      case nil: break
      }
      lines.append(line)
    }
    // The marks of all laps, so a mark on another page is found.
    if let fastest = state.fastest, let slowest = state.slowest {
      lines += ["", ScreenLine(strings.lapExtremes(fastest: fastest, slowest: slowest))]
    }
    // The page line names the laps shown by their numbers.
    let numbers = state.laps.map(\.lap.number)
    guard state.pageCount > 1, let low = numbers.min(), let high = numbers.max() else {
      return lines
    }
    var pageLine = ScreenLine(
      strings.pageLine(
        state.pageNumber, of: state.pageCount, items: low...high, total: state.lapCount,
        live: isLive))
    pageLine.isPageLine = true
    return lines + ["", pageLine]
  }
}

extension Screen {
  /// The stopwatch screen, by the name the stores keep it under.
  package static let stopwatch = Screen.named("stopwatch")
}

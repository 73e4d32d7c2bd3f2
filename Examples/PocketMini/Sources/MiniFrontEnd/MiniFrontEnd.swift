import Foundation
import PocketData
import PocketDomain
import PocketPresentation

/// A minimal front end of a stopwatch and a chat on one store, built on Pocket's core
/// alone: its view models, their intents, following the store, and the core's own words
/// (`Strings`). A line of input is a command; `screen` is what it shows.
@MainActor
public final class MiniFrontEnd {
  public let stopwatch: StopwatchViewModel
  public let chat: ChatViewModel
  private let strings: Strings
  private let changes: any StoreObservation
  /// The intents and the reloads after another process's change, kept apart.
  private let gate = IntentGate()

  public init(
    repositories: Repositories, timeline: Timeline, language: Language = .en,
    timeZone: TimeZone = .gmt
  ) {
    // Every view model is made from one value of its dependencies.
    let dependencies = ViewModelDependencies(
      repositories: repositories, timeline: timeline, language: language, timeZone: timeZone,
      bundledRates: BundledRateSource())
    stopwatch = StopwatchViewModel(dependencies)
    chat = ChatViewModel(dependencies)
    strings = Strings(language: language, timeZone: timeZone)
    changes = repositories.changes
  }

  /// Reads both screens.
  public func load() async {
    await stopwatch.load()
    await chat.load()
  }

  /// Runs one command: `start`, `stop`, `lap`, `reset`, `say TEXT`, `delete N`. Returns
  /// false for `quit`.
  @discardableResult
  public func handle(_ line: String) async -> Bool {
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let command = words.first else { return true }
    let rest = words.count > 1 ? words[1] : ""
    await gate.intent {
      switch command {
      case "start": await stopwatch.startTapped()
      case "stop": await stopwatch.stopTapped()
      case "lap": await stopwatch.lapTapped()
      case "reset": await stopwatch.resetTapped(confirmed: true)
      case "say": await chat.send(rest)
      case "delete": await chat.delete(number: Int(rest) ?? 0)
      default: break
      }
    }
    return command != "quit"
  }

  /// What the front end shows now: the stopwatch, its laps, the chat and the last message.
  public var screen: [String] {
    let watch = stopwatch.stateNow
    var lines = ["\(strings.status(watch.status)) \(strings.stopwatchTime(watch.elapsed))"]
    lines += watch.laps.map { "  \(strings.lap($0.lap.number)) \(strings.lapTime($0.lap))" }
    lines.append(strings.messageCount(chat.state.page.total))
    lines += chat.state.page.items.enumerated().map { "  \($0.offset + 1) \($0.element.content)" }
    for message in [stopwatch.message, chat.message].compactMap({ $0 }) {
      lines.append(strings.text(message))
    }
    return lines
  }

  /// Follows the store while the task runs: another process's change reloads the screens
  /// that show it, between commands, and then `changed` is called.
  public func follow(changed: @escaping @MainActor () -> Void) -> Task<Void, Never> {
    let shown: [any FollowsStore] = [stopwatch, chat]
    return changes.follow(gate: gate, { shown }) { reload in
      if await reload() != nil { changed() }
    }
  }
}

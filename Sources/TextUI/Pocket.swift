import Data
import Domain
import Foundation
import Presentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exit statuses of `pocket`.
package enum ExitStatus: Int32 {
  case done = 0
  case refused = 1
  case usage = 2
  case storeUnusable = 3
}

/// Where the app reads and writes text, so tests can drive it without a terminal.
package protocol Console {
  func readLine() -> String?
  func write(_ text: String)
  func writeError(_ text: String)
  var isInteractive: Bool { get }
}

/// The composition root: chooses the store, builds the session, runs one command or an
/// interactive loop.
@MainActor
package struct Pocket {
  var environment: [String: String]
  var console: any Console
  /// Wall-clock time moved by a monotonic clock; tests pass a manual one.
  var timeline = Timeline(clock: ContinuousClock(), now: { Date() })
  var timeZone: TimeZone = .current

  package init(environment: [String: String], console: any Console) {
    self.environment = environment
    self.console = console
  }

  package func run(_ arguments: [String]) async -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      console.writeError("pocket: \(error.message)\n")
      return .usage
    }
    if options.showHelp {
      console.write(
        HelpText.usage + "\n\n" + HelpText.text(for: nil) + "\n" + HelpText.options + "\n")
      return .done
    }
    let language = options.language ?? Language.fromEnvironment(environment)
    let strings = Strings(language: language, timeZone: timeZone)
    let store: OpenedStore
    do {
      store = try OpenedStore.open(options, environment: environment)
    } catch {
      console.writeError("pocket: \(strings.text(Message(error)))\n")
      return .storeUnusable
    }
    let session = Session(
      store: store, timeline: timeline, strings: strings, rateSource: options.rates.source,
      notices: SampleNotices.all)
    if let failure = await session.launch() {
      console.writeError("pocket: \(strings.text(failure))\n")
      return .storeUnusable
    }
    let renderer = Renderer(strings: strings)
    if !options.command.isEmpty {
      return await runOnce(options.command.joined(separator: " "), session, strings, renderer)
    }
    return await runInteractive(session, strings, renderer)
  }

  private func runOnce(
    _ line: String, _ session: Session, _ strings: Strings, _ renderer: Renderer
  ) async -> ExitStatus {
    let command: Command
    do {
      guard let parsed = try CommandParser.parse(line) else {
        console.writeError("pocket: empty command. \(HelpText.usage)\n")
        return .usage
      }
      command = parsed
    } catch {
      console.writeError("pocket: \(error.message)\n")
      return .usage
    }
    switch await session.execute(command) {
    case .done(let message):
      console.write(renderer.render(session.content, message: message))
      return .done
    case .refused(let message):
      console.write(renderer.render(session.content))
      console.writeError("pocket: \(strings.text(message))\n")
      return message.isStoreFailure ? .storeUnusable : .refused
    case .text(let text):
      console.write(text)
      return .done
    case .quit:
      return .done
    }
  }

  private func runInteractive(
    _ session: Session, _ strings: Strings, _ renderer: Renderer
  ) async -> ExitStatus {
    console.write(renderer.render(session.content))
    while true {
      if console.isInteractive { console.write("> ") }
      guard let line = console.readLine() else { return .done }
      let command: Command
      do {
        guard let parsed = try CommandParser.parse(line) else { continue }
        command = parsed
      } catch {
        console.writeError("\(error.message)\n")
        continue
      }
      switch await session.execute(command) {
      case .done(let message):
        console.write(renderer.render(session.content, message: message))
      case .refused(let message):
        console.write(renderer.render(session.content, message: message))
        if message.isStoreFailure { return .storeUnusable }
      case .text(let text):
        console.write(text)
      case .quit:
        return .done
      }
    }
  }
}

extension Message {
  /// The store failed: exit status 3.
  var isStoreFailure: Bool {
    if case .storageFailed = self { return true }
    return false
  }
}

/// The real terminal.
package struct StandardConsole: Console {
  package init() {}
  package func readLine() -> String? { Swift.readLine(strippingNewline: true) }
  package func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
  package func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
  package var isInteractive: Bool { isatty(STDIN_FILENO) != 0 }
}

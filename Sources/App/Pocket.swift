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
  /// Text already escaped (`TerminalText`), written as it is: it may carry Pocket's own
  /// colour sequences.
  func writeEscaped(_ text: String)
  func writeErrorEscaped(_ text: String)
  /// Standard input is a terminal (a prompt is shown, questions are asked).
  var isInteractive: Bool { get }
  /// Standard output / standard error is a terminal (colour, the live view).
  var outputIsTerminal: Bool { get }
  var errorIsTerminal: Bool { get }
}

extension Console {
  package func writeEscaped(_ text: String) { write(text) }
  package func writeErrorEscaped(_ text: String) { writeError(text) }
  package var outputIsTerminal: Bool { false }
  package var errorIsTerminal: Bool { false }
}

/// The composition root: chooses the store, builds the session, runs one command or an
/// interactive loop.
@MainActor
package struct Pocket {
  var environment: [String: String]
  var console: any Console
  /// Wall-clock and boot-clock time moved by a monotonic clock; tests pass a manual one.
  var timeline = Timeline(clock: ContinuousClock(), now: { Date() }, boot: BootClock.read)
  var timeZone: TimeZone = .current
  /// Opens the store the options name; tests hand in another one (a store that fails).
  var openStore: @MainActor (Options, [String: String]) throws -> OpenedStore = OpenedStore.open
  /// Whether a long import shows its progress on standard error (when that is a terminal);
  /// only the real executable does, never a test's console.
  var showsProgress = false

  /// Colours of standard error, for the reasons Pocket gives there (`--color` decides
  /// once the options are read).
  private var errorPalette: Palette?

  package init(environment: [String: String], console: any Console) {
    self.environment = environment
    self.console = TerminalSafeConsole(base: console)
    errorPalette = Palette(
      ColorPolicy.resolve(
        choice: nil, environment: environment, outputIsTerminal: console.errorIsTerminal))
  }

  /// The `pocket` executable: runs with the process's arguments and environment on the
  /// real terminal, then exits with the status.
  package static func main() async -> Never {
    var pocket = Pocket(
      environment: ProcessInfo.processInfo.environment, console: StandardConsole())
    pocket.showsProgress = true
    let status = await pocket.run(Array(CommandLine.arguments.dropFirst()))
    exit(status.rawValue)
  }

  package func run(_ arguments: [String]) async -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      let language = Options.language(arguments, environment: environment)
      reportError("pocket: " + error.text(language))
      return .usage
    }
    var pocket = self
    pocket.errorPalette = Palette(
      ColorPolicy.resolve(
        choice: options.color, environment: environment,
        outputIsTerminal: console.errorIsTerminal))
    return await pocket.run(options)
  }

  private func run(_ options: Options) async -> ExitStatus {
    let language = options.language ?? Language.fromEnvironment(environment)
    if options.showHelp {
      console.write(
        HelpText.usage(language) + "\n\n" + HelpText.text(for: nil, language: language) + "\n"
          + HelpText.options(language) + "\n")
      return .done
    }
    let strings = Strings(language: language, timeZone: timeZone)
    let store: OpenedStore
    do {
      store = try openStore(options, environment)
    } catch {
      reportError("pocket: " + strings.text(Message(error)))
      return .storeUnusable
    }
    let session = Session(
      store: store, timeline: timeline, strings: strings, rateSource: options.rateSource,
      bundledRates: BundledRateSource(),
      archiveFiles: DiskArchiveFileRepository(), notices: SampleNotices.all)
    if showsProgress { session.progressLine = ProgressLine.standardError(language: language) }
    if let failure = await session.launch() {
      reportError("pocket: " + strings.text(failure))
      return .storeUnusable
    }
    let palette = Palette(
      ColorPolicy.resolve(
        choice: options.color, environment: environment,
        outputIsTerminal: console.outputIsTerminal))
    let renderer = Renderer(strings: strings, palette: palette)
    if options.command.isEmpty, !options.plain, console.isInteractive, console.outputIsTerminal {
      let live = LiveView(session: session, renderer: renderer)
      if let status = await live.run() {
        if let farewell = live.farewell { reportError("pocket: " + farewell) }
        return status
      }
    }
    let presenter = LinePresenter(
      renderer: renderer, content: { session.content },
      write: { [console] in console.writeEscaped($0) })
    defer { presenter.stop() }
    if !options.command.isEmpty {
      let status = await runOnce(options.command, session, strings, presenter)
      await printWarnings(of: store, strings)
      return status
    }
    return await runInteractive(session, strings, presenter)
  }

  /// Prints what the store reports as gone wrong without losing anything: the command
  /// succeeded, and its exit status stays 0.
  private func printWarnings(of store: OpenedStore, _ strings: Strings) async {
    for warning in await store.takeWarnings() {
      reportError("pocket: " + strings.warning(warning))
    }
  }

  /// The longest line Pocket reads, in bytes.
  nonisolated static let maxLineBytes = 64 * 1024

  /// What one typed line came to.
  private enum LineResult {
    case blank
    case usage(UsageError)
    /// `showsScreen`: the command was `show`, which prints the screen changed or not.
    case outcome(Outcome, showsScreen: Bool = false)
  }

  /// Runs one typed line. In an interactive session (`interruptible`) Ctrl-C cancels a
  /// `refresh` and waits for any other command.
  private func handle(
    _ line: String, _ session: Session, interruptible: Bool = false
  ) async -> LineResult {
    await handle(byteCount: line.utf8.count, session, interruptible: interruptible) {
      () throws(UsageError) in try CommandParser.parse(line)
    }
  }

  /// Runs one command given as words (one-shot arguments), never splitting a word again.
  /// The words count against the line limit as the line they would make.
  private func handle(words: [String], _ session: Session) async -> LineResult {
    let byteCount = words.reduce(max(words.count - 1, 0)) { $0 + $1.utf8.count }
    return await handle(byteCount: byteCount, session, interruptible: false) {
      () throws(UsageError) in try CommandParser.parse(words: words)
    }
  }

  private func handle(
    byteCount: Int, _ session: Session, interruptible: Bool,
    _ parse: () throws(UsageError) -> Command?
  ) async -> LineResult {
    guard byteCount <= Self.maxLineBytes else {
      return .outcome(.refused(.lineTooLong(limit: Self.maxLineBytes)))
    }
    let command: Command
    do {
      guard let parsed = try parse() else { return .blank }
      command = parsed
    } catch {
      return .usage(error)
    }
    let showsScreen = command == .show
    guard interruptible else {
      return .outcome(await session.execute(command), showsScreen: showsScreen)
    }
    if case .refresh = command {
      return .outcome(await Interruption.cancellable { await session.execute(command) })
    }
    return .outcome(
      await Interruption.deferred { await session.execute(command) }, showsScreen: showsScreen)
  }

  /// A command that would remove more than one item (`clear`, `reset`) came back as a
  /// question. At a terminal (`asking`) it is asked, and a yes runs the command confirmed;
  /// otherwise (a one-shot command, a script on standard input) nothing is done and the
  /// refusal says to add `--yes`.
  private func confirming(
    _ result: LineResult, _ session: Session, _ strings: Strings, asking: Bool
  ) async -> LineResult {
    guard case .outcome(.refused(let question), _) = result,
      let confirmed = Session.confirmed(question)
    else { return result }
    if asking {
      // The question names titles from outside: one line, its own line breaks escaped.
      console.write(oneLine("\(strings.text(question)) \(strings.yesOrNo)") + " ")
      if let answer = console.readLine(), Self.isYes(answer) {
        return .outcome(
          await Interruption.deferred { await session.execute(confirmed.command) })
      }
    }
    return .outcome(.refused(.notConfirmed(question, command: confirmed.typed)))
  }

  /// Yes in either language: y, yes, 예, 네, ㅇ (any case, blanks around).
  private static func isYes(_ answer: String) -> Bool {
    ["y", "yes", "예", "네", "ㅇ"].contains(
      answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// Runs one command. Nothing is on the terminal yet, so a command that is done prints
  /// the screen; a refused one prints only its reason.
  private func runOnce(
    _ words: [String], _ session: Session, _ strings: Strings, _ presenter: LinePresenter
  ) async -> ExitStatus {
    presenter.beginCommand()
    defer { presenter.endCommand() }
    switch await confirming(await handle(words: words, session), session, strings, asking: false)
    {
    case .blank:
      reportError("pocket: " + UsageError.emptyCommand.text(strings.language))
      return .usage
    case .usage(let error):
      reportError("pocket: " + error.text(strings.language))
      return .usage
    case .outcome(.done(let message), let showsScreen):
      presenter.flush(confirmation: message, force: showsScreen)
      return .done
    case .outcome(.refused(let message), _):
      reportError("pocket: " + strings.text(message))
      return ExitStatus(for: .refused(message))
    case .outcome(.text(let text), _):
      console.write(text)
      return .done
    case .outcome(.quit, _):
      return .done
    }
  }

  /// Reads commands until `quit`, the end of input or Ctrl-C. Every command's change is
  /// saved when it returns, so ending at any prompt leaves the store as the user saw it.
  ///
  /// The screen prints at launch, then again only when what it shows changed (see
  /// `LinePresenter`): after a command that changed it, with the confirmation; a command
  /// that changed nothing visible prints only its confirmation; a refused one only its
  /// reason, on standard error; `show` always prints it.
  private func runInteractive(
    _ session: Session, _ strings: Strings, _ presenter: LinePresenter
  ) async -> ExitStatus {
    Interruption.install()
    presenter.flush()
    while true {
      if console.isInteractive { console.write("> ") }
      guard let line = console.readLine() else { return .done }
      presenter.beginCommand()
      defer { presenter.endCommand() }
      let result = await confirming(
        await handle(line, session, interruptible: true), session, strings,
        asking: console.isInteractive)
      await printWarnings(of: session.store, strings)
      switch result {
      case .blank:
        continue
      case .usage(let error):
        reportError(error.text(strings.language))
      case .outcome(.done(let message), let showsScreen):
        presenter.flush(confirmation: message, force: showsScreen)
      case .outcome(.refused(let message), _):
        reportError(strings.text(message))
        if ExitStatus(for: .refused(message)) == .storeUnusable { return .storeUnusable }
      case .outcome(.text(let text), _):
        console.write(text)
        // `import` replaces what the screen shows.
        presenter.flush()
      case .outcome(.quit, _):
        return .done
      }
      if Interruption.wasRequested { return .done }
    }
  }
}

extension Pocket {
  /// Writes a reason or a warning to standard error as one line (its own line breaks
  /// escaped too), in the error colour on a terminal that shows colour.
  fileprivate func reportError(_ text: String) {
    console.writeErrorEscaped(Self.errorLine(text, palette: errorPalette))
  }

  /// `text` as `reportError` writes it: one line, every control escaped, in the error
  /// colour when `palette` colours.
  static func errorLine(_ text: String, palette: Palette?) -> String {
    (palette?.text(ScreenLine(text, as: .error)) ?? oneLine(text)) + "\n"
  }
}

/// `text` as one line of the terminal: its own line breaks escaped too.
private func oneLine(_ text: String) -> String {
  TerminalText.escaping(text, keepingNewlines: false)
}

/// The real terminal.
///
/// A reader that went away (`pocket rates | head -1`) ends Pocket quietly with status 0:
/// SIGPIPE is ignored and a write that fails with EPIPE exits.
package struct StandardConsole: Console {
  /// Standard input, read with the line limit applied as the bytes arrive.
  private let input = LineReader(descriptor: STDIN_FILENO, limit: Pocket.maxLineBytes)

  package init() {
    signal(SIGPIPE, SIG_IGN)
  }

  package func readLine() -> String? { input.readLine() }
  package func write(_ text: String) { Self.emit(text, to: STDOUT_FILENO) }
  package func writeError(_ text: String) { Self.emit(text, to: STDERR_FILENO) }
  package var isInteractive: Bool { isatty(STDIN_FILENO) != 0 }
  package var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
  package var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  private static func emit(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        // The reader is gone (EPIPE) or the output is unusable: nothing more can be said.
        exit(ExitStatus.done.rawValue)
      }
      bytes = bytes.dropFirst(count)
    }
  }
}

/// write(2), named so that `Console.write` does not hide it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

import Foundation
import PocketData
import PocketDomain
import PocketPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The composition root: chooses the store, builds the session, runs one command or an
/// interactive loop.
@MainActor
package struct Pocket {
  var environment: [String: String]
  var console: any Console
  /// The clocks and the time zone; the executable runs on `LocalTime.system()`.
  var time: LocalTime
  /// Opens the store the options name; tests hand in another one (a store that fails).
  /// Opens the store; a postgres store comes back while its server is being reached (see
  /// `run(_:)`, which waits for it once the session is made).
  var openStore: @MainActor (Options, [String: String], StoreWaits) throws -> OpenedStore = {
    try OpenedStore.open($0, environment: $1, headStart: nil, waiting: false, waits: $2)
  }
  /// Where the store reports a call waiting for another program's lock: handed to the store
  /// as it opens, so that a wait while it opens is reported too.
  var storeWaits = StoreWaits()
  /// The rates shown before the first refresh: the snapshot Pocket ships with; the fuzz
  /// target hands in a part of it, which a session reads and draws faster.
  var bundledRates: any ExchangeRateSource = BundledRateSource()
  /// Whether a long import's progress and a wait for another program's lock are said on
  /// standard error (at a terminal); only the real executable does, never a test's console.
  var showsProgress = false
  /// The variables whose values are not UTF-8 (`ProcessEnvironment.notUTF8`): `environment`
  /// holds them repaired, so one that names a path Pocket would use is refused.
  var environmentNotUTF8: [String: String] = [:]

  /// Colours of standard error, for the reasons Pocket gives there (`--color` decides
  /// once the options are read).
  var errorPalette: Palette?

  package init(environment: [String: String], console: any Console, time: LocalTime) {
    self.environment = environment
    self.time = time
    self.console = TerminalSafeConsole(base: console)
    errorPalette = Palette(
      ColorPolicy.resolve(
        choice: nil, environment: environment, outputIsTerminal: console.errorIsTerminal))
  }

  /// Runs the command line given as the process's bytes: an argument that is not UTF-8 is
  /// a usage error, and nothing runs.
  package func run(argumentBytes: [[UInt8]]) async -> ExitStatus {
    let arguments: [String]
    do {
      arguments = try Options.text(of: argumentBytes)
    } catch {
      let repaired = argumentBytes.map { String(decoding: $0, as: UTF8.self) }
      let language = Options.language(repaired, environment: environment)
      reportError("pocket: " + error.text(language))
      return ended(.usage, language)
    }
    return await run(arguments)
  }

  /// Runs the command line; a failed write on the way ends the run (see `ended(_:_:)`).
  package func run(_ arguments: [String]) async -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(arguments)
      try options.checkEnvironment(environment, notUTF8: environmentNotUTF8)
      try options.checkCurrentFolder()
    } catch {
      let language = Options.language(arguments, environment: environment)
      reportError("pocket: " + error.text(language))
      return ended(.usage, language)
    }
    var pocket = self
    pocket.errorPalette = Palette(
      ColorPolicy.resolve(
        choice: options.color, environment: environment,
        outputIsTerminal: console.errorIsTerminal))
    let status = await pocket.run(options)
    return pocket.ended(status, options.language ?? Language.fromEnvironment(environment))
  }

  /// The status a run that came to `status` exits with, once the writes that failed are
  /// counted: a failed standard output is named on standard error (where that still
  /// works), and a run that was done ends with `outputFailed` (see `FailedWrites`).
  private func ended(_ status: ExitStatus, _ language: Language) -> ExitStatus {
    let failed = console.failedWrites
    if let report = failed.report(language) { reportError("pocket: " + report) }
    return ExitStatus(status, after: failed)
  }

  private func run(_ options: Options) async -> ExitStatus {
    let language = options.language ?? Language.fromEnvironment(environment)
    if options.showHelp {
      console.write(
        HelpText.usage(language) + "\n\n"
          + HelpText.text(for: nil, language: language, base: nil, listsOptions: true) + "\n"
          + HelpText.options(language) + "\n")
      return .done
    }
    let strings = Strings(
      language: language, timeZone: time.timeZone, dateStyles: .coreFoundation)
    let palette = Palette(
      ColorPolicy.resolve(
        choice: options.color, environment: environment,
        outputIsTerminal: console.outputIsTerminal))
    let renderer = Renderer(strings: strings, palette: palette)
    // A wait for another program's lock is said on standard error from the open on (the
    // live view says it on its status row).
    let waitLine = showsProgress ? WaitLine.standardError(strings: strings) : nil
    var sayingWaits = waitLine?.follow(storeWaits)
    defer { sayingWaits?.cancel() }
    let store: OpenedStore
    do {
      store = try openStore(options, environment, storeWaits)
    } catch {
      return await unusable(Message(error), options, strings, renderer)
    }
    let isLive =
      options.command.isEmpty && !options.plain && console.isInteractive
      && console.outputIsTerminal && Self.terminalDraws(environment)
    // The live view shows a shared store's copy from its first frame, and follows it (or
    // makes the copy, where there is none to show).
    if isLive { store.willFollow() }
    // A refresh when due stands before what a command asked for: it gives up after two
    // seconds, then the cached rates show; a live view refreshes in the background.
    let rateRefreshing = options.rateRefreshing(
      store.rateSettings, whenDueTimeout: isLive ? nil : .seconds(2))
    let session = Session(
      store: store, timeline: time.timeline, strings: strings, rateSource: options.rateSource,
      rateRefreshing: rateRefreshing, bundledRates: bundledRates,
      archiveFiles: DiskArchiveFileRepository(protecting: store.files, thread: options.storeThread),
      notices: SampleNotices.all)
    if showsProgress { session.progressLine = ProgressLine.standardError(language: language) }
    let command = options.command.isEmpty ? nil : try? CommandParser.parse(words: options.command)
    if let failure = await session.launch(
      before: command, resumingTerminal: !options.command.isEmpty)
    {
      return await unusable(failure, options, strings, renderer)
    }
    // A postgres store's server was reached meanwhile (the session made, the screen seen
    // last restored from this machine's file); a server that could not be is reported as
    // an open that failed, unless the store is read from this machine's copy. While it answers, the date formatters most screens need are
    // made; every other store's screen makes those it shows, when it shows them.
    if store.kind == .postgres { strings.prepareDateStyles() }
    do {
      try store.ready()
    } catch {
      return await unusable(Message(error), options, strings, renderer)
    }
    if isLive {
      sayingWaits?.cancel()
      let live = LiveView(session: session, renderer: renderer)
      if let status = await live.run() {
        await session.saveShown()
        // A view the server's loss ended does not wait on it again.
        if status == .done { await store.closeServer() }
        if let farewell = live.farewell { reportError("pocket: " + farewell) }
        if let report = FailedWrites(output: live.writeFailure).report(language) {
          reportError("pocket: " + report)
        }
        return status
      }
      // The terminal could not be set up: line mode says the waits again.
      sayingWaits = waitLine?.follow(storeWaits)
    }
    let presenter = LinePresenter(
      renderer: renderer, content: { session.content },
      write: { [console] in console.writeEscaped($0) }, showed: { session.showed($0) },
      observes: options.command.isEmpty)
    defer { presenter.stop() }
    if !options.command.isEmpty {
      // Rates due are refreshed before a command shows them; new rates, or a failure (then
      // the cached rates show, marked as due), are said on standard error.
      if let command {
        switch await session.refreshWhenDue(before: command) {
        case .failed(let message)?, .refreshed(let message?)?:
          reportError("pocket: " + strings.text(message))
        case .refreshed(nil)?, nil: break
        }
      }
      let status = await runOnce(options.command, session, strings, presenter) {
        await unusable($0, options, strings, renderer)
      }
      // This machine's screens are kept in a file, never on the server.
      await store.closeServer()
      await session.saveShown()
      await printWarnings(of: store, strings)
      return status
    }
    await printWarnings(of: store, strings)
    let status = await runInteractive(session, strings, presenter, bail: options.bail)
    await session.saveShown()
    if status != .storeUnusable { await store.closeServer() }
    return status
  }

  /// The status of a run whose store cannot be used (`failure` says why), unless its
  /// command is one that rescues such a store (`StoreRescue`) and the rescue can open it.
  private func unusable(
    _ failure: Message, _ options: Options, _ strings: Strings, _ renderer: Renderer
  ) async -> ExitStatus {
    if let command = try? CommandParser.parse(words: options.command),
      StoreRescue.rescues(command),
      let status = await StoreRescue.run(
        command, options, environment: environment, timeline: time.timeline, strings: strings,
        renderer: renderer, write: { [console] in console.writeEscaped($0) }, report: reportError)
    {
      return status
    }
    reportError("pocket: " + strings.text(failure))
    return .storeUnusable
  }

  /// Prints what the store reports as gone wrong without losing anything (the command
  /// succeeded, and its exit status stays 0), or warns of (its copy shown, offline).
  func printWarnings(of store: OpenedStore, _ strings: Strings) async {
    for warning in await store.takeWarnings() {
      reportError("pocket: " + strings.warning(warning))
    }
  }

  /// Whether `TERM` names a terminal the live view can draw on: unset, empty or `dumb` gets
  /// line mode, as `less` and `vim` treat them.
  nonisolated static func terminalDraws(_ environment: [String: String]) -> Bool {
    guard let term = environment["TERM"], !term.isEmpty else { return false }
    return term != "dumb"
  }

  /// The longest line Pocket reads, in bytes.
  nonisolated static let maxLineBytes = 64 * 1024

  /// What one typed line came to.
  enum LineResult {
    case blank
    case usage(UsageError)
    /// `showsScreen`: the command was `show`, which prints the screen changed or not.
    case outcome(Outcome, showsScreen: Bool = false)
  }

  /// Runs one typed line. In an interactive session (`interruptible`) Ctrl-C cancels a
  /// `refresh` and waits for any other command.
  func handle(
    _ line: String, _ session: Session, interruptible: Bool = false
  ) async -> LineResult {
    await handle(byteCount: line.utf8.count, session, interruptible: interruptible) {
      () throws(UsageError) in try CommandParser.parse(line, registry: session.registry)
    }
  }

  /// Runs one command given as words (one-shot arguments), never splitting a word again.
  /// The words count against the line limit as the line they would make.
  func handle(words: [String], _ session: Session) async -> LineResult {
    let byteCount = words.reduce(max(words.count - 1, 0)) { $0 + $1.utf8.count }
    return await handle(byteCount: byteCount, session, interruptible: false) {
      () throws(UsageError) in
      try CommandParser.parse(words: words, registry: session.registry)
    }
  }

  func handle(
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
  func confirming(
    _ result: LineResult, _ session: Session, _ strings: Strings, asking: Bool
  ) async -> LineResult {
    guard case .outcome(.refused(let question), _) = result,
      let confirmed = session.confirmed(question)
    else { return result }
    if asking {
      // The question names titles from outside: one line, its own line breaks escaped.
      console.write(oneLine("\(strings.text(question)) \(strings.yesOrNo)") + " ")
      // A question that could not be shown is not answered.
      if console.failedWrites.isEmpty, case .text(let answer)? = await console.nextLine(),
        Self.isYes(answer)
      {
        return .outcome(
          await Interruption.deferred { await session.execute(confirmed.command) })
      }
    }
    return .outcome(.refused(.notConfirmed(question, command: confirmed.typed)))
  }

  /// Yes in either language (`TypedWords.yes`; any case, blanks around).
  private static func isYes(_ answer: String) -> Bool {
    TypedWords.yes.contains(
      answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// Runs one command. Nothing is on the terminal yet, so a command that is done prints
  /// the screen; a refused one prints only its reason.
  /// `unusable` gives the status of a command a store failure refused (and says why).
  private func runOnce(
    _ words: [String], _ session: Session, _ strings: Strings, _ presenter: LinePresenter,
    unusable: (Message) async -> ExitStatus
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
      return error.exitStatus
    case .outcome(.done(let message), let showsScreen):
      presenter.flush(confirmation: message, force: showsScreen)
      return .done
    case .outcome(.refused(let message), _):
      let status = ExitStatus(for: .refused(message))
      if status == .storeUnusable { return await unusable(message) }
      reportError("pocket: " + strings.text(message))
      return status
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
  ///
  /// The first write that fails (the screen, a confirmation, a reason, the prompt) ends the
  /// session before it reads another line: every command before it stays done, and none
  /// runs whose outcome could not be told. `run` then gives the status (see `FailedWrites`).
  ///
  /// The session's status tells a script whether every command was done, as `sh -e` and
  /// `sqlite3 -bail` do: it is that of the first command that was not (1 refused, 2 a
  /// usage error), else 0; a store that fails ends the session with 3. With `bail` the
  /// session ends at that first command, and the lines after it are not read.
  /// Never inlined into `run`: its waits would make `run`'s own frame hold a continuation,
  /// whose type is made at run time (a scan of every conformance in the binary) as `run`
  /// begins, by a one-shot command too.
  @inline(never)
  private func runInteractive(
    _ session: Session, _ strings: Strings, _ presenter: LinePresenter, bail: Bool
  ) async -> ExitStatus {
    Interruption.install(language: strings.language)
    presenter.flush()
    let inbox = LineInbox(console: console)
    let following = followStore(session, strings, presenter, ending: inbox)
    let status = await readCommands(session, strings, presenter, inbox, bail: bail)
    // The follower ends before the session does: nothing of it is left running at exit.
    following.cancel()
    await following.value
    return status
  }

}

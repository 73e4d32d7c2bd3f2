#if DEBUG
  import PocketData
  import PocketDomain
  import Foundation
  import PocketPresentation

  @testable import PocketApp

  extension FuzzEntries {
    /// The bytes as command lines, one a line, through the command parser and the pure part
    /// of the dispatcher, with no store read or written: many lines where `lineSession` runs
    /// one session. Each line is read as a typed line (`CommandParser.parse(_:)`), as the
    /// words its blanks separate and as the words its NUL bytes separate (one-shot
    /// arguments, `parse(words:)`). A usage error is worded in both languages; a command is
    /// dispatched as the session would on a screen the line's number picks (each tab's, a
    /// calculator's, with or without rows shown: `dispatch(_:in:)`), and `help`'s topic
    /// looked up.
    ///
    /// Checked: a line written with single blanks reads the same typed and as words, and a
    /// command the dispatcher hands to the screens is one some screen takes (the
    /// dispatcher's `preconditionFailure("No screen takes …")`).
    @MainActor public static func parser(_ bytes: [UInt8]) {
      let contexts = Dispatcher.shared.contexts
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() {
        // A line that is not UTF-8 is refused before the parser sees it (`LineReader`).
        guard let text = UTF8Bytes.text(line) else { continue }
        let context = contexts[number % contexts.count]
        let typed = parse { () throws(UsageError) in try CommandParser.parse(text) }
        take(typed, in: context)
        let blanks = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let words = parse { () throws(UsageError) in try CommandParser.parse(words: blanks) }
        if blanks.joined(separator: " ") == text {
          FuzzCheck.require(
            typed == words,
            "\(FuzzCheck.quote(text)) reads as \(typed) typed, as \(words) in words")
        } else if words != typed {
          take(words, in: context)
        }
        let arguments = text.split(separator: "\0", omittingEmptySubsequences: false)
        if arguments.count > 1 {
          let oneShot = parse { () throws(UsageError) in
            try CommandParser.parse(words: arguments.map(String.init))
          }
          if oneShot != typed { take(oneShot, in: context) }
        }
      }
    }

    /// The words a command is typed with (`ScreenRegistry.standard`) and the options its
    /// usage line names (`--date`): what the dictionary of the `parser` and `line-session`
    /// targets must hold.
    public static var commandWords: [String] {
      ScreenRegistry.standard.commands.flatMap { spec in
        spec.words
          + spec.usage.split(separator: " ").map { $0.trimmingCharacters(in: ["[", "]"]) }
          .filter { $0.hasPrefix("--") }
      }
    }

    /// What `parse` gives: a command, nothing (a blank line) or a usage error.
    private static func parse(_ parse: () throws(UsageError) -> Command?) -> Result<
      Command?, UsageError
    > {
      do {
        return .success(try parse())
      } catch {
        return .failure(error)
      }
    }

    /// A command dispatched in `context`, a usage error worded in both languages.
    @MainActor private static func take(
      _ result: Result<Command?, UsageError>, in context: ScreenContext
    ) {
      switch result {
      case .success(let command?): dispatch(command, in: context)
      case .success(nil): break
      case .failure(let error):
        for language in [Language.en, .ko] {
          FuzzCheck.require(!error.text(language).isEmpty, "\(error) has no \(language) text")
        }
      }
    }

    /// `command` as the dispatcher takes it on the screen `context` shows, without running
    /// it (`Session.dispatch`): the commands it runs itself aside, the action of the first
    /// screen that takes it, the showing screen asked first; when none takes it there, the
    /// tabs whose screens would, which its refusal names. A refusal is worded in both
    /// languages.
    @MainActor private static func dispatch(_ command: Command, in context: ScreenContext) {
      let dispatcher = Dispatcher.shared
      switch command {
      case .show, .back, .quit, .storeInfo, .rateSource, .export, .importArchive:
        return
      case .help(let topic):
        for language in [Language.en, .ko] {
          _ = HelpText.text(
            for: topic, language: language, base: nil, registry: dispatcher.registry)
        }
        return
      default:
        break
      }
      var asked = dispatcher.features
      if let showing = asked.firstIndex(where: { type(of: $0).shows(context.current) }) {
        asked.insert(asked.remove(at: showing), at: 0)
      }
      for feature in asked {
        guard let action = feature.action(for: command, in: context) else { continue }
        if case .refuse(let message) = action { dispatcher.word(message) }
        return
      }
      var open: [String] = []
      for feature in dispatcher.features {
        guard let tab = type(of: feature).tab else { continue }
        let there = ScreenContext(current: tab.screen, lastCalculatorCurrency: nil)
        if feature.action(for: command, in: there) != nil { open.append(tab.opener) }
      }
      FuzzCheck.require(!open.isEmpty, "no screen takes \(command), on no tab")
      dispatcher.word(.notOnThisScreen(command: command.word, open: open))
    }

    /// The screens' features, made once on a memory store that is never read: the dispatcher
    /// asks them what a command means (`action(for:in:)`), which reads nothing.
    @MainActor private final class Dispatcher {
      static let shared = Dispatcher()

      let registry = ScreenRegistry.standard
      let features: [any ScreenFeature]
      let strings = [Language.en, .ko].map { Strings(language: $0, timeZone: .gmt) }
      /// Every tab's screen and a calculator's as the one showing, with nothing shown, then
      /// with rows 1 to 3 shown on it and a calculator opened before.
      let contexts: [ScreenContext]

      private init() {
        let dependencies = ViewModelDependencies(
          repositories: InMemoryStore(thread: .main).repositories,
          timeline: LocalTime.system().timeline, language: .en, timeZone: .gmt,
          bundledRates: BundledRateSource(), notices: SampleNotices.all)
        features = registry.features.map { $0.init(dependencies) }
        let screens = registry.tabs.map(\.tab.screen) + [.calculator(currency: "KRW")]
        let rows = (1...3).map {
          ShownItem(number: $0, identity: .id(Int64($0)), text: "row \($0)", value: "")
        }
        contexts =
          screens.map { ScreenContext(current: $0, lastCalculatorCurrency: nil) }
          + screens.map {
            ScreenContext(
              current: $0, lastCalculatorCurrency: "KRW",
              shown: ShownList(screen: $0, items: rows))
          }
      }

      /// `message` in both languages.
      func word(_ message: Message) {
        for strings in strings { _ = strings.text(message) }
      }
    }
  }
#endif

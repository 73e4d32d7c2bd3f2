import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// Every text that comes from outside — paths, notes, messages, titles, urls, currency
/// codes, causes — is escaped the same way on every screen and in every message, in line
/// mode and in the live view: no control character of it reaches the terminal raw, a line
/// break in a path no more than an ESC.
@MainActor
@Suite(
  "Outside text escaped everywhere", .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct OutsideTextEscapingTests {
  /// Every scalar that could move the cursor, recolour, ring, rewrite a line or reorder
  /// text: C0, DEL, C1, the bidirectional marks, the line and paragraph separators, the
  /// embeddings, overrides and isolates.
  nonisolated static let controls: [Unicode.Scalar] =
    ([0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069].flatMap { Array($0) }
    + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]).compactMap(Unicode.Scalar.init)

  /// Outside text with every control, each followed by `!`: a control of it that reaches the
  /// output raw shows as that control then `!`, which Pocket's own line breaks and escape
  /// sequences never are.
  nonisolated static func payload(_ scalars: [Unicode.Scalar]) -> String {
    "<" + scalars.map { String(Character($0)) + "!" }.joined() + ">"
  }

  nonisolated static let text = payload(controls)
  /// For a file name: no NUL, and short enough for NAME_MAX.
  nonisolated static let name = payload(
    controls.filter {
      $0.value != 0 && ($0.value < 0x80 || [0x85, 0x9B, 0x2028, 0x202E, 0x2066].contains($0.value))
    })

  /// How ESC of the payload shows: escaped.
  static let escapedEscape = "\\u{1B}!"

  /// The controls of a payload that reach `output` raw.
  static func rawControls(_ output: String) -> [String] {
    let scalars = Array(output.unicodeScalars)
    return scalars.indices.dropLast().compactMap { index in
      scalars[index + 1] == "!" && controls.contains(scalars[index])
        ? "U+" + String(scalars[index].value, radix: 16, uppercase: true) : nil
    }
  }

  func expectNoRawControls(
    _ output: String, _ what: String, shown: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let raw = Self.rawControls(output)
    #expect(raw.isEmpty, "\(what): raw \(raw)", sourceLocation: sourceLocation)
    if shown {
      #expect(
        output.contains(Self.escapedEscape), "\(what) shows the outside text",
        sourceLocation: sourceLocation)
    }
  }

  // MARK: Every message

  /// `message` with the payload in each of its outside texts; nil for a message that has
  /// none. Exhaustive: a new `Message` case stops the build here.
  static func carryingPayload(_ message: Message) -> Message? {
    let text = Self.text
    switch message {
    case .input(.emptyAmount), .input(.invalidNumber), .input(.negativeAmount),
      .input(.scoreOutOfRange), .input(.emptyText),
      .input(.noSuchItem), .noSuchPage, .input(.tooLong), .lineTooLong,
      .input(.stopwatchNotRunning), .alreadyExists,
      .notFound, .refreshCancelled, .confirmReset, .noCalculator, .input(.storeNotEmpty),
      .input(.resultTooLarge), .bookmarksCleared, .noBookmarksToClear, .ratesUpdated, .ratesNotDue,
      .ratesOlderThanCached, .ratesUnchanged, .noRateSource, .input(.notShown),
      .input(.tooManyIntegerDigits),
      .unchanged, .lastPage:
      return nil
    case .input(.shownItemGone(let kind, let number, _)):
      return .input(.shownItemGone(kind, number: number, text: text))
    case .input(.notOnPage(let kind, _)): return .input(.notOnPage(kind, text: text))
    case .input(.shownItemChanged(let kind, let number, _)):
      return .input(.shownItemChanged(kind, number: number, text: text))
    case .input(.futureDate): return .input(.futureDate(text))
    case .input(.dayTooEarly): return .input(.dayTooEarly(text))
    case .input(.unknownCurrency): return .input(.unknownCurrency(text))
    case .ambiguousCurrency: return .ambiguousCurrency(text, candidates: ["USD", "CAD"])
    case .couldNotLoad: return .couldNotLoad(reason: .system(text))
    case .ratesFromTheFuture(_, let published, let clock):
      return .ratesFromTheFuture(source: text, publishedAt: published, clock: clock)
    case .notOnThisScreen: return .notOnThisScreen(command: text, open: [text, text])
    case .confirmClear(let count, _): return .confirmClear(count: count, titles: [text, text])
    case .notConfirmed(_, let command):
      return .notConfirmed(.confirmClear(count: 2, titles: [text, text]), command: command)
    case .input(.invalidArchive): return .input(.invalidArchive(.english(text)))
    case .input(.outOfRange):
      return .input(.outOfRange(.outOfRange(field: text, value: text, range: .between(text, text))))
    case .fileFailed: return .fileFailed(path: text, reason: .system(text))
    case .input(.ownStoreFile(_, let writing)):
      return .input(.ownStoreFile(path: text, writing: writing))
    case .storageFailed: return .storageFailed(path: text, reason: .system(text))
    case .storeBusy: return .storeBusy(path: text)
    case .bookmarkAdded: return .bookmarkAdded(text)
    case .bookmarkRemoved: return .bookmarkRemoved(text)
    case .bookmarkRenamed(let number, _): return .bookmarkRenamed(number: number, title: text)
    case .messageEdited(let number, _): return .messageEdited(number: number, text: text)
    case .messageDeleted(let number, _): return .messageDeleted(number: number, text: text)
    case .entryEdited(let number, _, _):
      return .entryEdited(number: number, score: text, note: text)
    case .entryDeleted(let number, _, _):
      return .entryDeleted(number: number, score: text, note: text)
    case .favoriteAdded: return .favoriteAdded(text)
    case .favoriteRemoved: return .favoriteRemoved(text)
    }
  }

  @Test(arguments: [Language.en, .ko])
  func everyMessageIsEscapedWhereverItIsSaid(language: Language) {
    let strings = Strings(language: language, timeZone: .gmt)
    let writer = FrameWriter(ambiguousIsWide: language == .ko, colour: true)
    let size = TerminalSize(rows: 12, columns: 4000)
    let messages = KoreanCoverageTests.messages.compactMap(Self.carryingPayload)
    #expect(messages.count >= 19)
    for message in messages {
      let said = strings.text(message)
      let name = message.case.rawValue
      for palette in [nil, Palette(background: .dark)] {
        let renderer = Renderer(strings: strings, palette: palette)
        // Line mode: a refusal on standard error, a confirmation under the screen.
        expectNoRawControls(Pocket.errorLine(said, palette: palette), "\(name) as an error")
        expectNoRawControls(
          renderer.render(ScreenContent(ChatViewModel.State()), message: message),
          "\(name) on a screen")
        var printed = ""
        let presenter = LinePresenter(
          renderer: renderer, content: { ScreenContent(ChatViewModel.State()) },
          write: { printed += $0 })
        presenter.flush(confirmation: message)
        presenter.stop()
        expectNoRawControls(printed, "\(name) as a confirmation")
        // The live view: on the status row, and as a question.
        let layout = LiveLayout(renderer: renderer)
        var overlay = LiveOverlay()
        overlay.status = LiveStatus(text: said, isError: message.isRefusal)
        let status = layout.frame(screen: ["tabs"], overlay: overlay, keys: [], size: size)
        expectNoRawControls(writer.update(from: nil, to: status, size: size), "\(name) live")
        overlay.question = said
        let question = layout.frame(screen: ["tabs"], overlay: overlay, keys: [], size: size)
        expectNoRawControls(
          writer.update(from: nil, to: question, size: size), "\(name) asked live")
      }
    }
  }

  // MARK: Every screen, line mode

  /// A rates file whose currency code is `code`.
  static func ratesFile(in directory: URL, code: String) throws -> URL {
    let file = directory.appendingPathComponent("rates.json")
    let body: [String: Any] = [
      "result": "success", "base_code": "USD", "time_last_update_unix": 1_767_225_720,
      "time_next_update_unix": 1_767_312_120, "rates": ["USD": 1, "EUR": 0.9, code: 2],
    ]
    try JSONSerialization.data(withJSONObject: body).write(to: file)
    return file
  }

  @Test(arguments: [(Language.en, false), (.ko, false), (.en, true)])
  func everyScreenInLineModeShowsOutsideTextEscaped(language: Language, colour: Bool) async throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    // The store's own path carries controls, a line break among them.
    let directory = parent.appendingPathComponent(Self.name)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let rates = try Self.ratesFile(in: parent, code: Self.text)
    let archive = directory.appendingPathComponent(Self.name + ".json").path
    let text = Self.text
    let run = await ScriptedConsole.run(
      [
        "--store-path", directory.path, "--rates-file", rates.path, "--lang",
        language == .ko ? "ko" : "en",
      ],
      script: [
        "refresh", "rates", "notices", "bookmark 1", "bookmark 2", "bookmarks",
        "rename 1 \(text)", "rename 2 \(text)", "clear", "n", "mindlog", "add 5 \(text)",
        "edit 1 6 \(text)", "delete 1", "chat", "say \(text)", "edit 1 \(text)",
        "say \(text)", "delete 1", "stopwatch", "store", "help", "show",
      ], interactive: true, terminal: colour)
    // The `refresh` of a code with controls is the first command not done (refused, the
    // code escaped in its reason).
    #expect(run.status == .refused)
    expectNoRawControls(run.console.output, "the screens")
    expectNoRawControls(run.console.errors, "the refusals")
    // The store's path shows whole on its line, its line break escaped.
    let lines = run.console.output.split(separator: "\n")
    let store = Self.escaped(directory.appendingPathComponent("pocket.sqlite").path)
    #expect(lines.contains { $0.hasSuffix(store) }, "\(store)")
    // Paths with blanks are typed as words of their own.
    let options = [
      "--store-path", directory.path, "--lang", language == .ko ? "ko" : "en",
    ]
    for command in [
      ["export", archive], ["import", archive, "--replace"], ["import", archive + ".missing"],
    ] {
      let one = await ScriptedConsole.run(options + command, terminal: colour)
      expectNoRawControls(one.console.output + one.console.errors, command[0], shown: false)
      #expect((one.console.output + one.console.errors).contains(Self.escaped(command[1])))
    }
  }

  /// `text` as the renderer must show it, from a table of its own: each control as
  /// `\u{HEX}`, two hex digits at least.
  static func escaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      guard controls.contains(scalar) else { return String(scalar) }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\u{" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex + "}"
    }.joined()
  }

  // MARK: Every screen, live view

  @Test(arguments: [Language.en, .ko])
  func everyScreenInTheLiveViewShowsOutsideTextEscaped(language: Language) async throws {
    let text = Self.text
    let repositories = InMemoryStore().repositories
    // A currency code with controls is refused at every door (the line-mode test sees its
    // refusal escaped); the rates screen shows codes every door lets in.
    try await repositories.rates.storeNewer(
      RateSnapshot(
        base: "USD", publishedAt: Fixtures.referenceDate,
        nextUpdateAt: Fixtures.referenceDate.addingTimeInterval(86_400),
        rates: ["USD": 1, "EUR": 0.9, "KRW": 2]))
    let opened = OpenedStore(
      kind: .sqlite, path: "/tmp/\(Self.name)/pocket.sqlite", schemaVersion: 1,
      repositories: repositories)
    let strings = Strings(language: language, timeZone: .gmt)
    let session = Session(
      store: opened, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: strings, rateSource: nil, bundledRates: BundledRateSource(),
      archiveFiles: InMemoryArchiveFileRepository(),
      notices: [
        Notice(title: text, date: Fixtures.referenceDate, url: "https://example.com/" + text),
        Notice(
          title: "b" + text, date: Fixtures.referenceDate, url: "https://example.com/b" + text),
      ])
    #expect(await session.launch() == nil)
    for command: Command in [
      .notices, .bookmark(number: 1), .bookmark(number: 2), .say(text: text),
      .add(score: "5", note: text),
    ] {
      _ = await session.execute(command)
    }
    let renderer = Renderer(strings: strings, palette: Palette(background: .dark))
    let live = LiveController(
      session: session, renderer: renderer, size: TerminalSize(rows: 40, columns: 4000))
    let writer = FrameWriter(ambiguousIsWide: language == .ko, colour: true)
    var shown: Frame?
    func frame(_ what: String, shown outside: Bool = true) {
      let next = live.frame()
      let update = writer.update(from: nil, to: next, size: live.state.size)
      expectNoRawControls(update, what, shown: outside)
      if let shown {
        expectNoRawControls(
          writer.update(from: shown, to: next, size: live.state.size), what, shown: false)
      }
      shown = next
    }
    func type(_ line: String) async {
      await live.handle(.character(":"))
      for character in line { await live.handle(.character(character)) }
      await live.handle(.enter)
    }
    for (index, entry) in session.registry.tabs.enumerated() {
      await live.handle(.character(ScreenRegistry.digit(index)))
      // The rates screen shows no outside text since codes are checked at every door.
      frame(entry.tab.opener, shown: ![Screen.stopwatch, .rates].contains(entry.tab.screen))
    }
    // A selected item, its text in the input line, and the confirmation of an edit.
    await live.handle(.down)
    await live.handle(.enter)
    frame("the chat's input line with a message")
    await live.handle(.enter)
    frame("the chat after an edit")
    _ = await session.execute(.calc(code: text))
    frame("the calculator")
    await type("bookmarks")
    await type("clear")
    frame("the question to clear the bookmarks")
    await live.handle(.character("n"))
    frame("the refusal not to clear")
    await type("store")
    frame("the store")
  }

  @Test func theHelpNamesARatesBaseEscaped() {
    for language in [Language.en, .ko] {
      expectNoRawControls(
        HelpText.text(for: nil, language: language, base: Self.text), "help")
      expectNoRawControls(
        HelpText.text(for: "calc", language: language, base: Self.text), "help calc",
        shown: false)
    }
  }
}

import Foundation
import PocketData
import PocketDomain
import PocketPresentation

/// The kinds of store `--store` can choose.
enum StoreChoice: String, CaseIterable, Sendable {
  case sqlite, json, memory, postgres
}

/// Where `refresh` gets rates from.
extension RateSourceChoice {
  /// open.er-api.com's USD endpoint, the provider the bundled snapshot came from.
  static var provider: RateSourceChoice { .http(HTTPRateSource.defaultURL) }

  /// The source this choice names; an HTTP fetch must end within `timeout`.
  func source(timeout: Duration) -> any ExchangeRateSource {
    switch self {
    case .file(let path): FileRateSource(path: path)
    case .http(let url): HTTPRateSource(url: url, timeout: timeout)
    }
  }

  /// The choice as it is remembered: a file by its absolute path (relative to the current
  /// folder when given relative), so a later run from another folder finds it.
  var remembered: RateSourceChoice {
    guard case .file(let path) = self, !path.hasPrefix("/") else { return self }
    return .file(URL(fileURLWithPath: path).standardizedFileURL.path)
  }
}

/// The command line before the command: global options, then the command's words.
package struct Options: Equatable {
  var store: StoreChoice = .sqlite
  var storePath: String?
  /// `--store-url`: where the postgres store connects (a URL or connection string, never
  /// with a password); `nil`: `POCKET_STORE_URL`, else libpq's `PG*` variables.
  var storeURL: String?
  /// `--store-schema`: the PostgreSQL schema that holds the postgres store.
  var storeSchema = PostgresTarget.defaultSchema
  var language: Language?
  /// The rate source given for this run (`--online`, `--rates-url`, `--rates-file`);
  /// `nil`: the one the store's folder remembers, if any.
  var rates: RateSourceChoice?
  /// `--offline`: rates are not refreshed by themselves when due.
  var offline = false
  /// `--timeout`: how long one HTTP refresh may take in all.
  var timeout = HTTPRateSource.defaultTimeout
  var showHelp = false
  /// `--plain`: line mode even at a terminal.
  var plain = false
  /// `--bail`: a line-mode session ends at the first command that is not done, with that
  /// command's status.
  var bail = false
  /// `--color auto|always|never`; `nil`: auto, unless NO_COLOR says never.
  var color: ColorChoice?
  /// The command and its arguments, as given.
  var command: [String] = []

  /// Reads the global options (`GlobalOption.all`) up to the first word that is not one:
  /// the command, with the words after it.
  package static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard let option = GlobalOption.named(argument) else {
        guard !argument.hasPrefix("--") else { throw .unknownOption(argument) }
        options.command = Array(arguments[index...])
        return options
      }
      var value = ""
      if option.value != nil {
        index += 1
        guard index < arguments.count else { throw .optionNeedsValue(argument) }
        value = arguments[index]
      }
      try option.apply(&options, value)
      index += 1
    }
    return options
  }

  /// The process's arguments (`ProcessArguments`) as text, each kept byte for byte.
  /// - Throws: `UsageError.notUTF8` for the first argument that is not UTF-8, naming the
  ///   option it is the value of or the command it is a word of: `CommandLine.arguments`
  ///   would repair it, and a repaired path names another file.
  package static func text(of arguments: [[UInt8]]) throws(UsageError) -> [String] {
    var texts: [String] = []
    for (position, bytes) in arguments.enumerated() {
      guard let text = UTF8Bytes.text(bytes) else {
        let words = arguments.map { String(decoding: $0, as: UTF8.self) }
        throw .notUTF8(door(of: position, in: words), shown: UTF8Bytes.shown(bytes))
      }
      texts.append(text)
    }
    return texts
  }

  /// Where the argument at `position` stands among `arguments`, read as `parse` reads them.
  static func door(of position: Int, in arguments: [String]) -> UsageError.TextDoor {
    var index = 0
    while index < arguments.count, arguments[index].hasPrefix("--") || arguments[index] == "-h" {
      if GlobalOption.valueNames.contains(arguments[index]) {
        if index + 1 == position { return .option(arguments[index]) }
        index += 2
      } else {
        index += 1
      }
    }
    return position > index ? .command(arguments[index]) : .command("pocket")
  }

  /// Refuses a store URL that carries a password, or that libpq could not read (its message
  /// would repeat the whole text), before libpq sees it: `option` names where it came from.
  static func checkStoreURL(_ url: String, option: String) throws(UsageError) {
    switch PostgresTarget.problem(url) {
    case nil: return
    case .password: throw .passwordInStoreURL(option: option)
    case .malformed(let problem): throw .badStoreURL(option: option, problem)
    }
  }

  /// The `PG*` variables whose value a message never shows.
  static let secretVariables: Set = ["PGPASSWORD"]

  /// What the environment gives the options, checked as the options are: a postgres store
  /// without `--store-url` takes `POCKET_STORE_URL`, refused as `--store-url` would be.
  /// A variable that names a path Pocket would use (`XDG_DATA_HOME`, `HOME` for the store
  /// folder; `POCKET_LIBPQ`, `POCKET_STORE_URL` and libpq's `PG*` for a postgres store) is
  /// refused when it is not UTF-8: `notUTF8` holds those, shown (`ProcessEnvironment.notUTF8`).
  func checkEnvironment(
    _ environment: [String: String], notUTF8: [String: String] = [:]
  ) throws(UsageError) {
    guard !showHelp else { return }
    func refuse(_ name: String) throws(UsageError) {
      if let shown = notUTF8[name] { throw .notUTF8(.variable(name), shown: shown) }
    }
    if store == .postgres {
      try refuse("POCKET_LIBPQ")
      if storeURL == nil { try refuse("POCKET_STORE_URL") }
      // libpq reads every `PG*` variable a URL leaves open, and messages name the store by
      // them: none is repaired. A password is not shown.
      for name in notUTF8.keys.sorted() where name.hasPrefix("PG") {
        if Self.secretVariables.contains(name) { throw .notUTF8(.secretVariable(name), shown: "") }
        try refuse(name)
      }
    }
    if store != .memory, storePath == nil {
      try refuse("XDG_DATA_HOME")
      if environment["XDG_DATA_HOME"]?.hasPrefix("/") != true { try refuse("HOME") }
    }
    if store == .postgres, storeURL == nil,
      let url = environment["POCKET_STORE_URL"], !url.isEmpty
    {
      try Self.checkStoreURL(url, option: "POCKET_STORE_URL")
    }
  }

  /// Refuses a relative `--store-path` when the current folder it is resolved against is
  /// not UTF-8 (`RelativePath`); the memory store uses no folder.
  /// - Parameter folder: the current folder's path as bytes.
  func checkCurrentFolder(_ folder: () -> [UInt8]? = PathText.currentFolder) throws(UsageError) {
    guard !showHelp, store != .memory, let storePath else { return }
    try RelativePath.check(storePath, for: .option("--store-path"), folder: folder)
  }

  /// The language to speak in before the options are read, so that an option error is
  /// said in it too: a valid `--lang` among the options (wherever it stands: `--lang` may
  /// come after the option that is wrong), else LC_ALL/LANG.
  package static func language(
    _ arguments: [String], environment: [String: String]
  ) -> Language {
    let takesValue = GlobalOption.valueNames
    var index = 0
    var found: Language?
    while index < arguments.count, arguments[index].hasPrefix("-") {
      if arguments[index] == "--lang", index + 1 < arguments.count {
        found = Language(rawValue: arguments[index + 1]) ?? found
        index += 1
      } else if takesValue.contains(arguments[index]) {
        index += 1
      }
      index += 1
    }
    return found ?? Language.fromEnvironment(environment)
  }

  /// The largest `--timeout`, in seconds.
  static let maxTimeoutSeconds = 3600

  /// `--timeout`'s value: a plain decimal number of seconds, more than 0 and at most an
  /// hour (`20`, `1.5`; not `0`, `-1`, `1e3`, `inf` or `NaN`).
  static func timeoutValue(_ text: String) throws(UsageError) -> Duration {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let isPlain =
      (1...2).contains(parts.count)
      && parts.allSatisfy { part in
        !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
      }
    // Read exactly (`DecimalText`), never rounded; leading zeros are not a number literal's.
    let integer = parts[0].drop { $0 == "0" }
    let literal = (integer.isEmpty ? "0" : integer) + (parts.count == 2 ? "." + parts[1] : "")
    guard isPlain, let seconds = DecimalText.parse(literal), seconds > 0,
      seconds <= Decimal(maxTimeoutSeconds)
    else {
      throw .badTimeout(text)
    }
    let milliseconds = NSDecimalNumber(decimal: seconds * 1000).doubleValue.rounded(.up)
    return .milliseconds(Int64(milliseconds))
  }

  /// The thread the store's calls run on: a one-shot command awaits each of them in turn,
  /// so they run on the main thread and no other is started; a session that stays (the
  /// live view, line mode) keeps drawing and reading keys while a call waits on a lock or
  /// a disk, so its store has a thread of its own.
  var storeThread: StoreThread { command.isEmpty ? .own : .main }

  /// Where `refresh` gets rates from, with the `--timeout` deadline.
  var rateSource: (any ExchangeRateSource)? { rates?.source(timeout: timeout) }

  /// How the rates refresh beyond `rateSource`: the source `settings` remember, and
  /// refreshes when due (unless `--offline`), which give up after at most
  /// `whenDueTimeout` (they stand before what the user asked for; `nil`: `--timeout`, for
  /// a view that refreshes in the background).
  func rateRefreshing(_ settings: any RateSettingsRepository, whenDueTimeout: Duration?)
    -> RateRefreshing
  {
    let timeout = timeout
    return RateRefreshing(
      settings: settings, chosen: rates?.remembered,
      source: { choice, whenDue in
        choice.source(timeout: whenDue ? min(timeout, whenDueTimeout ?? timeout) : timeout)
      }, refreshesWhenDue: !offline)
  }

  /// The store folder: `--store-path`, else the platform's data folder for Pocket.
  ///
  /// On Linux that is `$XDG_DATA_HOME/pocket`, else `$HOME/.local/share/pocket`. As the
  /// XDG Base Directory spec asks, an `XDG_DATA_HOME` that is not an absolute path is
  /// ignored; a `HOME` that is unset, empty or relative is never replaced by the current
  /// folder.
  /// - Throws: `DomainError.storageUnavailable` when neither gives an absolute path.
  func storeDirectory(environment: [String: String]) throws(DomainError) -> URL {
    URL(fileURLWithPath: try storeFolder(environment: environment))
  }

  /// The store folder's path, as `storeDirectory` names it, worked out as text: the path of
  /// a `URL` builds its byte sets the first time a process asks for one, a scan of every
  /// conformance in the binary that each command on the sqlite store would pay.
  func storeFolder(environment: [String: String]) throws(DomainError) -> String {
    if let storePath {
      // A relative path is Foundation's to resolve against the current folder (its `.` and
      // `..` parts with it), once that folder is known to be UTF-8 (Foundation would repair
      // it); an absolute one reads as its file URL's path, without a slash at the end.
      guard storePath.hasPrefix("/") else {
        _ = try PathText.currentFolder(resolving: storePath)
        return URL(fileURLWithPath: storePath).path
      }
      var folder = storePath
      while folder.utf8.count > 1, folder.utf8.last == UInt8(ascii: "/") { folder.removeLast() }
      return folder
    }
    #if os(macOS)
      let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
      if let folder = support.first { return folder.appendingPathComponent("pocket").path }
    #endif
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return Self.path("pocket", in: xdg)
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else {
      let problem: HomeProblem =
        switch environment["HOME"] {
        case nil: .notSet
        case "": .empty
        case let home?: .notAbsolute(home)
        }
      throw .storageUnavailable(
        path: "$HOME/.local/share/pocket",
        reason: StoreProblem(.noHome(problem), advice: .useStorePath))
    }
    return Self.path(".local/share/pocket", in: home)
  }

  /// `name` in the folder `folder`, as `appendingPathComponent` gives. Joined as text: the
  /// first `URL` path appended in a process builds its byte sets at run time, a scan of
  /// every conformance in the binary that each command would pay on its way to the store.
  static func path(_ name: String, in folder: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}

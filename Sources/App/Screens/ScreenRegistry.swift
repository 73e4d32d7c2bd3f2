import PocketDomain
import PocketPresentation

/// Every screen, registered once. The order is the order of the tabs (digit keys, Tab)
/// and of their commands in `help`.
enum ScreenFeatures {
  static let all: [any ScreenFeature.Type] = [
    RatesScreen.self, CalculatorScreen.self, StopwatchScreen.self, NoticesScreen.self,
    BookmarksScreen.self, MindLogScreen.self, ChatScreen.self,
  ]
}

/// What the front end generates from the screens' declarations: the parser's table of
/// command words, `help`, the usage lines of usage errors, and the tabs. `standard` holds
/// every registered screen; a test builds its own.
struct ScreenRegistry: Sendable {
  let features: [any ScreenFeature.Type]
  /// Every command in the order `help` lists them: the global ones around each screen's
  /// own, in the order the screens are registered. A screen-bound word several screens
  /// take (`edit`) has a line for each.
  let commands: [CommandSpec]
  /// The declaration the parser reads each typed word with: the first for a word declared
  /// by several screens (they read it the same way: one `Command`, which each screen
  /// takes as its own).
  private let parsers: [String: CommandSpec]

  init(_ features: [any ScreenFeature.Type]) {
    self.features = features
    commands = GlobalCommands.leading + features.flatMap { $0.commands } + GlobalCommands.trailing
    var parsers: [String: CommandSpec] = [:]
    for spec in commands {
      for word in spec.words where parsers[word] == nil { parsers[word] = spec }
    }
    self.parsers = parsers
  }

  static let standard = ScreenRegistry(ScreenFeatures.all)

  /// The command `words` form; `nil` when there are none.
  func parse(_ words: Words) throws(UsageError) -> Command? {
    var words = words
    guard let typed = words.next() else { return nil }
    guard let spec = parsers[typed.lowercased()] else { throw .unknownCommand(typed) }
    words.command = spec.name
    let command = try spec.parse(&words)
    if case .help(let topic?) = command, commands(named: topic).isEmpty {
      throw .unknownCommand(topic)
    }
    if !words.rest().isEmpty { throw .noMoreWords(command: typed) }
    return command
  }

  /// The declarations of the command `name` (any case): more than one for a word several
  /// screens take.
  func commands(named name: String) -> [CommandSpec] {
    let name = name.lowercased()
    return commands.filter { $0.name == name }
  }

  /// How to type the command `name`, every screen's form once: `nil` for no command.
  func usage(of name: String) -> String? {
    var usages: [String] = []
    for usage in commands(named: name).map(\.usage) where !usages.contains(usage) {
      usages.append(usage)
    }
    return usages.isEmpty ? nil : usages.joined(separator: " | ")
  }

  /// The tabs, in order, with the feature each belongs to.
  var tabs: [(feature: any ScreenFeature.Type, tab: TabSpec)] {
    features.compactMap { feature in feature.tab.map { (feature, $0) } }
  }

  /// The feature that shows `screen`; `nil` for a screen no registered feature shows.
  func feature(showing screen: Screen) -> (any ScreenFeature.Type)? {
    features.first { $0.shows(screen) }
  }

  /// The place on the tab line of `screen`'s tab (the one it is pushed from, for a pushed
  /// screen).
  func tabIndex(of screen: Screen) -> Int? {
    guard let feature = feature(showing: screen) else { return nil }
    if let parent = feature.pushedFrom { return tabIndex(of: parent) }
    return tabs.firstIndex { ObjectIdentifier($0.feature) == ObjectIdentifier(feature) }
  }
}

/// The text of `help` and `--help`.
enum HelpText {
  static let usage = """
    Usage: pocket [--store sqlite|json|memory] [--store-path PATH] [--lang en|ko]
                  [--rates-file PATH | --rates-url URL | --online] [--timeout SECONDS]
                  [COMMAND [ARGS...]]
    """

  static let options = """
    Options:
      --store sqlite|json|memory  Where data lives (default: sqlite)
      --store-path PATH           The store's folder (default: $XDG_DATA_HOME/pocket,
                                  else ~/.local/share/pocket)
      --lang en|ko                Language (default: ko when LC_ALL or LANG starts with ko)
      --rates-file PATH           refresh reads an open.er-api.com response from a file
      --rates-url URL             refresh fetches from URL over HTTP(S)
      --online                    refresh fetches from https://open.er-api.com/v6/latest/USD
                                  (default: none; the bundled 2024-08-19 snapshot only
                                  fills an empty cache)
      --timeout SECONDS           refresh over HTTP(S) gives up after SECONDS in all
                                  (default: 20; at most 3600)
      --help                      Show this help

    Without a command, pocket reads commands from standard input until 'quit' or the end.
    Exit status: 0 done, 1 refused, 2 usage error, 3 the store cannot be used.
    """

  /// Every command with one line each, or one command's usage. A summary's word `BASE`
  /// names `base`, the currency the cached rates are quoted against.
  static func text(for topic: String?, base: String = "USD") -> String {
    func summary(_ help: CommandHelp) -> String {
      help.summary.replacingOccurrences(of: "BASE", with: base)
    }
    if let topic, let help = CommandHelp.all.first(where: { $0.name == topic.lowercased() }) {
      return "\(help.usage)\n  \(summary(help))\n"
    }
    let width = CommandHelp.all.map(\.usage.count).max() ?? 0
    let lines = CommandHelp.all.map {
      "  " + $0.usage + String(repeating: " ", count: width - $0.usage.count + 2) + summary($0)
    }
    return (["Commands:"] + lines).joined(separator: "\n") + "\n"
  }
}

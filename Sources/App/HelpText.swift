import PocketPresentation

/// The text of `help` and `--help`, in each language. Command words, option names and the
/// placeholders of a usage line (CODE, PATH, N) are what is typed, so they stay as they are.
enum HelpText {
  static func usage(_ language: Language) -> String { AppText.usage.text(language) }

  static func options(_ language: Language) -> String { AppText.options.text(language) }

  /// Every command with one line each, or one command's usage (a line for each screen's
  /// form of it), in `language`, as `registry` declares them. A summary's word `BASE` names
  /// `base`, the currency the cached rates are quoted against, or says "the base currency"
  /// when it is not known (`--help`, which opens no store). The list of every command
  /// ends saying where the options are, unless it is part of `--help` (`listsOptions`),
  /// which lists them.
  static func text(
    for topic: String?, language: Language, base: String?,
    registry: ScreenRegistry = .standard, listsOptions: Bool = false
  ) -> String {
    if let topic {
      let forms = registry.commands(named: topic)
      if !forms.isEmpty {
        return forms.map { form in
          let details = form.details.map { details in
            details.text(language).split(separator: "\n").map { "  \($0)\n" }.concatenated()
          }
          return "\(form.usage)\n  \(summary(form, language, base: base))\n" + (details ?? "")
        }.concatenated()
      }
    }
    let width = registry.commands.map(\.usage.count).max() ?? 0
    let lines = registry.commands.map {
      "  " + $0.usage + String(repeating: " ", count: width - $0.usage.count + 2)
        + summary($0, language, base: base)
    }
    let options = listsOptions ? [] : ["", AppText.optionsInHelp.text(language)]
    return ([AppText.commandsHeading.text(language)] + lines + options).concatenated(
      separator: "\n")
      + "\n"
  }

  /// What a command does, in `language`, with `BASE` naming `base` (from a rates source:
  /// escaped, so it cannot start a line), or the base currency in words when it is `nil`.
  static func summary(_ command: CommandSpec, _ language: Language, base: String?) -> String {
    let named =
      base.map { TerminalText.escaping($0, keepingNewlines: false) }
      ?? AppText.baseCurrency.text(language)
    return command.summary.text(language).replacingOccurrences(of: "BASE", with: named)
  }
}

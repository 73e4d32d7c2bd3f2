import PocketPresentation

extension LiveKeys {
  /// What `?` shows on the screen of `showing`, in `language`: the screen's own keys, those
  /// every screen shares (those of a list only with a list to move in, `hasList`), the keys
  /// of an input line (the table its handler reads, `lineKeys`), then the other screens'
  /// keys a line each. A key and what it does are two spaces apart; the view wraps a line
  /// too long for the terminal (`LiveLayout.pageLines`).
  static func help(
    _ language: Language, registry: ScreenRegistry, showing feature: any ScreenFeature.Type,
    hasList: Bool
  ) -> [String] {
    func entry(_ key: KeyHelp) -> String { "  \(key.key)  \(key.does.text(language))" }
    var lines: [String] = []
    if !feature.keys.isEmpty {
      lines.append("\(feature.name.text(language)) · \(screenHeading.text(language))")
      lines += feature.keys.map(entry)
      lines.append("")
    }
    lines.append(everywhereHeading.text(language))
    lines += all(language, registry: registry, hasList: hasList).map(entry)
    lines.append("")
    lines.append(lineHeading.text(language))
    lines += lineKeys.map { entry($0.help) }
    let others = registry.features.filter {
      ObjectIdentifier($0) != ObjectIdentifier(feature) && !$0.keys.isEmpty
    }
    if !others.isEmpty {
      lines.append("")
      lines.append(otherScreensHeading.text(language))
      lines += others.map { other in
        let keys = other.keys.map { "\($0.key) \($0.does.text(language))" }
        return "  \(other.name.text(language)): " + keys.joined(separator: " · ")
      }
    }
    return lines
  }
}

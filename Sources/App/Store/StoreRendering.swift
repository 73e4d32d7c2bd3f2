import PocketPresentation

extension Renderer {
  /// What `store`, `export` and `import` print: the store's summary, or the count of
  /// records written or read. Empty when the command was refused (its message says why).
  /// Each line is escaped on its own (`TerminalText.lines`), so a line break in the path
  /// shows as `\u{0A}` instead of starting a line.
  package func render(_ store: StoreViewModel.State) -> String {
    switch store.report {
    case .summary(let counts):
      storeSummary(
        strings.storeSummary(
          kind: store.kind, path: store.path, version: store.version, watch: store.watch,
          copy: store.copy, rateSource: store.rateSource, counts: counts))
    case .exported(let count, let path): TerminalText.lines([strings.exported(count, to: path)])
    case .imported(let count, let path): TerminalText.lines([strings.imported(count, from: path)])
    case .rateSource(let source, let change):
      TerminalText.lines([strings.rateSource(source, change)])
    case nil: ""
    }
  }

  /// The summary's header lines, then one row per kind of record, the counts in a column.
  private func storeSummary(
    _ summary: (header: [String], rows: [(label: String, count: Int)])
  ) -> String {
    let width = summary.rows.map { self.width($0.label) }.max() ?? 0
    // Counts right-aligned, so units stand under units.
    let countWidth = summary.rows.map { String($0.count).count }.max() ?? 0
    let rows = summary.rows.map {
      "  " + leftAligned($0.label, width) + "  " + rightAligned(String($0.count), countWidth)
    }
    return TerminalText.lines(summary.header + rows)
  }
}

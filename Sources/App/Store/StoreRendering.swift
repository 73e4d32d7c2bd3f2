import Presentation

extension Renderer {
  /// What `store`, `export` and `import` print: the store's summary, or the count of
  /// records written or read. Empty when the command was refused (its message says why).
  package func render(_ store: StoreViewModel.State) -> String {
    switch store.report {
    case .summary(let counts):
      strings.storeSummary(
        kind: store.kind, path: store.path, version: store.version, counts: counts)
    case .exported(let count, let path): strings.exported(count, to: path) + "\n"
    case .imported(let count, let path): strings.imported(count, from: path) + "\n"
    case nil: ""
    }
  }
}

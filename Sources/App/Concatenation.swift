extension [String] {
  /// The strings in order with `separator` between them, as `joined(separator:)` gives.
  /// A loop of our own, for what a one-shot command prints: the generic `joined` looks up
  /// the array's associated types at run time the first time a process uses it, a scan of
  /// every conformance in the binary (some 110,000 instructions and the cache misses of
  /// reading them all, in the static build) for a screen of a few lines.
  func concatenated(separator: String = "") -> String {
    var text = ""
    for index in indices {
      if index > startIndex { text += separator }
      text += self[index]
    }
    return text
  }
}

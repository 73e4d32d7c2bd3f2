import PocketDomain

extension TerminalKey {
  /// A terminal's key for tests: what `name` showed is kept apart from every other key's.
  public static func named(_ name: String) -> TerminalKey {
    guard let key = try? TerminalKey(name) else {
      preconditionFailure("\(name) is no terminal key")
    }
    return key
  }

  /// The terminal the tests of one terminal's shown list use.
  public static let tests = named("tests")
}

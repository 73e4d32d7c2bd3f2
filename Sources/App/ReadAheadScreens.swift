import PocketDomain
import Synchronization

/// This machine's screens beside a postgres store, read ahead: the screen seen last, the
/// calculator's currency and what this terminal showed last (`terminal`'s list) are read as
/// soon as the local file opens,
/// while the server is still being reached, and the first read of each takes what was read
/// then. A save before it, and every later read, goes to the file.
final class ReadAheadScreens: ScreenRepository {
  private struct Read: Sendable {
    var screen: Screen?
    var currency: String?
    var shown: ShownList?
  }

  private enum Field: Hashable {
    case screen, currency, shown
  }

  private let base: any ScreenRepository
  /// The terminal whose list is read ahead.
  private let terminal: TerminalKey
  private let ahead: Task<Read, any Error>
  /// The fields whose read ahead is still to be taken.
  private let untaken = Mutex<Set<Field>>([.screen, .currency, .shown])

  /// Starts reading `base` now, and `terminal`'s list.
  init(_ base: any ScreenRepository, terminal: TerminalKey = ThisTerminal.key) {
    self.base = base
    self.terminal = terminal
    ahead = Task.detached {
      Read(
        screen: try await base.lastScreen(), currency: try await base.lastCalculatorCurrency(),
        shown: try await base.shownList(for: terminal))
    }
  }

  /// `field` as read ahead, when it was read and is not taken yet; else `read`'s.
  private func take<Value>(
    _ field: Field, _ value: (Read) -> Value, else read: () async throws -> Value
  ) async throws -> Value {
    guard untaken.withLock({ $0.remove(field) != nil }), let ahead = try? await ahead.value
    else { return try await read() }
    return value(ahead)
  }

  func lastScreen() async throws -> Screen? {
    try await take(.screen, \.screen) { try await base.lastScreen() }
  }

  func lastCalculatorCurrency() async throws -> String? {
    try await take(.currency, \.currency) { try await base.lastCalculatorCurrency() }
  }

  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    guard terminal == self.terminal else { return try await base.shownList(for: terminal) }
    return try await take(.shown, \.shown) { try await base.shownList(for: terminal) }
  }

  func save(_ screen: Screen) async throws {
    untaken.withLock { $0.removeAll() }
    try await base.save(screen)
  }

  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    untaken.withLock { $0.removeAll() }
    try await base.save(shown, for: terminal)
  }

  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    untaken.withLock { $0.removeAll() }
    try await base.dropShownLists(where: isGone)
  }
}

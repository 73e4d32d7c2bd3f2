/// Where an interactive session waits for its next line: what the console reads, or the
/// end of the session when something other than a line ends it (a store that is gone)
/// while the console still waits for one.
@MainActor
final class LineInbox {
  private let console: any Console
  private var waiter: CheckedContinuation<TypedLine?, Never>?
  /// Why the session ended without a line; `nil` while it goes on.
  private(set) var ending: ExitStatus?

  init(console: any Console) {
    self.console = console
  }

  /// The next line; `nil` at the end of input or once `end` was called. A line the
  /// console reads after `end` is not run.
  func next() async -> TypedLine? {
    guard ending == nil else { return nil }
    return await withCheckedContinuation { continuation in
      waiter = continuation
      Task { @MainActor in self.deliver(await self.console.nextLine()) }
    }
  }

  /// Ends the session with `status`: the line being waited for comes as the end.
  func end(_ status: ExitStatus) {
    ending = ending ?? status
    deliver(nil)
  }

  private func deliver(_ line: TypedLine?) {
    guard let waiter else { return }
    self.waiter = nil
    waiter.resume(returning: ending == nil ? line : nil)
  }
}

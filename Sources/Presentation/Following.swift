import PocketDomain

/// A view model that shows records of a store and reads them again when they change
/// elsewhere (another process, another machine, another view model on the same store).
/// Every screen's view model is one; `StoreObservation.follow(gate:_:_:)` keeps those a
/// front end shows in step with the store.
@MainActor
public protocol FollowsStore: AnyObject {
  /// The kinds of record it shows: a change to one of them reloads it.
  nonisolated static var records: RecordKinds { get }

  /// Reads what it shows again, keeping what the user chose: the page, a search, the mood
  /// picture's days, the currency and the amount converted. A read that answers after a
  /// newer read or intent of the view model began is not shown: what that one shows stays.
  func reload() async

  /// The message its last intent or reload left: a refusal when the store could not be
  /// read.
  var message: Message? { get }
}

/// A view model whose `reload()` is its `load()`: a load already keeps what the user chose
/// (the page shown, a search).
@MainActor
protocol ReloadsByLoading: FollowsStore {
  func load() async
}

extension ReloadsByLoading {
  /// Reads what it shows again (`load`).
  public func reload() async { await load() }
}

/// What following the store made of one change.
public enum FollowedChange: Equatable, Sendable {
  /// The view models showing a changed kind read it again (Observation tells their views).
  case reloaded
  /// One of them could not read it: the refusal says why (`Message.isRefusal`; a store
  /// that is gone or damaged cannot be used any more, and a front end says so and ends).
  case refused(Message)
}

extension StoreObservation {
  /// Follows the store while the returned task runs. For each change made elsewhere (a few
  /// per burst, `StoreChanges`), `handle` is called with `reload`, which reloads those of
  /// the view models `shown` gives (asked at each change: the ones on screen) that show a
  /// changed kind, through `gate` (so no reload comes between the steps of a front end's
  /// intent), and says what came of it: `nil` when none of them shows what changed. A
  /// front end calls `reload` where it fits its own steps; by default it is called at
  /// once. The task ends when cancelled, or after a store that is gone was reported.
  @MainActor
  public func follow(
    gate: IntentGate = IntentGate(),
    _ shown: @escaping @MainActor () -> [any FollowsStore],
    _ handle: @escaping @MainActor (_ reload: () async -> FollowedChange?) async -> Void = {
      _ = await $0()
    }
  ) -> Task<Void, Never> {
    let changes = subscribe()
    return Task { @MainActor in
      for await event in changes {
        await gate.reload {
          await handle { await Self.reload(shown(), after: event) }
        }
        if case .gone = event { return }
      }
    }
  }

  @MainActor
  private static func reload(_ models: [any FollowsStore], after event: StoreEvent) async
    -> FollowedChange?
  {
    switch event {
    case .gone(let error):
      return .refused(Message(error))
    case .changed(let kinds):
      let showing = models.filter { !kinds.isDisjoint(with: type(of: $0).records) }
      guard !showing.isEmpty else { return nil }
      for model in showing {
        await model.reload()
        if let message = model.message, message.isRefusal { return .refused(message) }
      }
      return .reloaded
    }
  }
}

/// The order of a view model's reads: a read's result is shown only when no read (or
/// intent) of the same view model began after it, so a slow answer never lands over what
/// a newer one showed.
struct ReadOrder {
  private var started = 0

  /// A read or an intent begins: whatever began before it is no longer the newest.
  mutating func begin() -> Int {
    started &+= 1
    return started
  }

  /// Whether `read` is the newest that began.
  func isNewest(_ read: Int) -> Bool { read == started }
}

/// A view model whose reads are shown in the order they began (`ReadOrder`).
@MainActor
protocol OrderedReads: MessageReporting {
  var reads: ReadOrder { get set }
}

extension OrderedReads {
  /// Reads with `read`: its value when no read or intent began meanwhile, else `nil` (the
  /// newer one shows). A failure becomes the message, when it is still the newest.
  func newest<T>(_ read: () async throws -> T) async -> T? {
    let ticket = reads.begin()
    do {
      let value = try await read()
      return reads.isNewest(ticket) ? value : nil
    } catch {
      if reads.isNewest(ticket) { report(Message(error)) }
      return nil
    }
  }

  /// An intent that shows its result without reading begins: a read still on its way is
  /// older than that result, and is not shown.
  func supersedeReads() { _ = reads.begin() }
}

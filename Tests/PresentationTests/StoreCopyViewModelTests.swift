import Foundation
import PocketDomain
import PocketPresentation
import Synchronization
import TestSupport
import Testing

/// The view model a front end shows a shared store's copy with: offline while the server
/// does not answer, "answers again" once, at the first look after it does, and nothing for a
/// store that keeps no copy.
@MainActor
@Suite("Store copy status", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreCopyViewModelTests {
  /// A store whose copy the test sets, and whose followers it tells.
  final class SharedStore: StoreObservation {
    let signal = StoreChangeSignal()
    let held: Mutex<StoreCopy?>
    init(_ copy: StoreCopy?) { held = Mutex(copy) }

    var watch: StoreWatch { .inProcessOnly }
    func subscribe() -> StoreChanges { signal.subscribe() }
    var copy: StoreCopy? { get async { held.withLock { $0 } } }

    /// The server answers (`online`) or not, from now on; the followers are told.
    func answers(_ online: Bool) {
      held.withLock { $0?.offline = !online }
      signal.send(.changed([]))
    }
  }

  static let copiedAt = Date(timeIntervalSince1970: 1_700_000_000)
  static func copy(offline: Bool) -> StoreCopy {
    StoreCopy(path: "/home/a/.pocket/replica.sqlite", copiedAt: copiedAt, offline: offline)
  }

  @Test func aStoreWithoutACopyIsNeverOffline() async {
    let viewModel = StoreCopyViewModel(observation: InProcessOnly())
    await viewModel.refresh()
    #expect(viewModel.state == .init())
    #expect(!viewModel.state.offline)
  }

  @Test func theServerAnsweringAgainIsSaidAtTheFirstLookAfterAndNotAgain() async {
    let store = SharedStore(Self.copy(offline: false))
    let viewModel = StoreCopyViewModel(observation: store)
    await viewModel.refresh()
    #expect(viewModel.state == .init(copy: Self.copy(offline: false), answersAgain: false))
    store.answers(false)
    await viewModel.refresh()
    #expect(viewModel.state.offline)
    #expect(!viewModel.state.answersAgain)
    // Looked at again while still offline: nothing new.
    await viewModel.refresh()
    #expect(viewModel.state == .init(copy: Self.copy(offline: true), answersAgain: false))
    store.answers(true)
    await viewModel.refresh()
    #expect(viewModel.state == .init(copy: Self.copy(offline: false), answersAgain: true))
    await viewModel.refresh()
    #expect(viewModel.state == .init(copy: Self.copy(offline: false), answersAgain: false))
  }

  @Test func aFollowingViewModelSeesTheStoreGoOfflineAndComeBackByItself() async {
    let store = SharedStore(Self.copy(offline: false))
    let viewModel = StoreCopyViewModel(observation: store)
    let following = Task { await viewModel.follow() }
    defer { following.cancel() }
    await settle(viewModel) { $0.copy != nil }
    store.answers(false)
    await settle(viewModel) { $0.offline }
    #expect(viewModel.state == .init(copy: Self.copy(offline: true), answersAgain: false))
    store.answers(true)
    await settle(viewModel) { !$0.offline }
    #expect(viewModel.state == .init(copy: Self.copy(offline: false), answersAgain: true))
  }

  @Test func followingEndsWhenTheStoreIsGone() async {
    let store = SharedStore(Self.copy(offline: false))
    let viewModel = StoreCopyViewModel(observation: store)
    let following = Task { await viewModel.follow() }
    await settle(viewModel) { $0.copy != nil }
    store.signal.send(
      .gone(.storageUnavailable(path: "pocket@server", reason: .init(.system("refused")))))
    await following.value
    #expect(viewModel.state.copy == Self.copy(offline: false))
  }

  /// Lets the view model take what the store reported (its follow runs on the main actor,
  /// and the store's signal paces by a short quiet time). The deadline is for a main actor
  /// that CI's soak run keeps busy for a long while: the wait ends as soon as `done`.
  func settle(_ viewModel: StoreCopyViewModel, until done: (StoreCopyViewModel.State) -> Bool)
    async
  {
    let deadline = ContinuousClock.now + .seconds(120)
    while !done(viewModel.state), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}

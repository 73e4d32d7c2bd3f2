import PocketDomain
import PocketPresentation
import Testing

/// The view model a front end shows a store's waits with: the store waited on while a
/// call waits, nothing once it ends, in the order the store reported them.
@MainActor
@Suite("Store waits")
struct StoreWaitViewModelTests {
  /// Lets the view model take what was reported: its stream is read on the main actor.
  func settle(_ viewModel: StoreWaitViewModel, until expected: StoreWaitViewModel.State) async {
    for _ in 0..<10_000 {
      if viewModel.state == expected { break }
      await Task.yield()
    }
  }

  @Test func aWaitShowsItsStoreUntilItEnds() async {
    let waits = StoreWaits()
    let viewModel = StoreWaitViewModel(waits: waits)
    #expect(viewModel.state == .init())
    waits.report(.waiting(store: "/s/pocket.sqlite"))
    await settle(viewModel, until: .init(waitingOn: "/s/pocket.sqlite"))
    #expect(viewModel.state == .init(waitingOn: "/s/pocket.sqlite"))
    waits.report(.ended)
    await settle(viewModel, until: .init())
    #expect(viewModel.state == .init())
    // Reports that come together are taken in order: the end last.
    waits.report(.waiting(store: "/a"))
    waits.report(.ended)
    waits.report(.waiting(store: "/b"))
    waits.report(.ended)
    await settle(viewModel, until: .init(waitingOn: "/never"))
    #expect(viewModel.state == .init())
  }

  @Test func theWordsSayTheWaitIsBounded() {
    let english = Strings(language: .en, timeZone: .gmt)
    let korean = Strings(language: .ko, timeZone: .gmt)
    #expect(
      english.waitingForStore("/s/pocket.sqlite")
        == "Waiting for another program's write to /s/pocket.sqlite… (at most 5 s)")
    #expect(
      korean.waitingForStore("/s/pocket.sqlite")
        == "다른 프로그램이 쓰기를 마치기를 기다리는 중: /s/pocket.sqlite… (최대 5초)")
  }
}

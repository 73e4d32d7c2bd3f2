import Data
import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("Router")
struct RouterViewModelTests {
  let store = InMemoryStore().repositories

  @Test func everyScreenChangeIsSavedAndRestored() async {
    let router = RouterViewModel(screens: store.screens)
    await router.restoreLastScreen()
    #expect(router.state.screen == .rates)
    await router.show(.calculator(currency: "KRW"))
    let relaunched = RouterViewModel(screens: store.screens)
    await relaunched.restoreLastScreen()
    #expect(relaunched.state.screen == .calculator(currency: "KRW"))
    await relaunched.back()
    #expect(relaunched.state == .init(screen: .rates, lastCalculatorCurrency: "KRW"))
    await relaunched.show(.chat)
    await router.restoreLastScreen()
    #expect(router.state.screen == .chat)
  }

  @Test func backOutsideTheCalculatorStays() async {
    let router = RouterViewModel(screens: store.screens)
    await router.show(.stopwatch)
    await router.back()
    #expect(router.state.screen == .stopwatch)
  }
}

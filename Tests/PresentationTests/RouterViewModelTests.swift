import PocketData
import PocketDomain
import PocketPresentation
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

  @Test func launchOpensTheCalculatorOnItsCurrency() async {
    await RouterViewModel(screens: store.screens).show(.calculator(currency: "KRW"))
    let router = RouterViewModel(screens: store.screens)
    let calculator = CalculatorViewModel(
      rates: store.rates, seed: BundledRateSource(), language: .en)
    await router.launch(calculator: calculator)
    #expect(router.state.screen == .calculator(currency: "KRW"))
    #expect(calculator.state.currency == "KRW")
  }

  /// A calculator saved on a currency the cached rates no longer list comes back as the
  /// rate list, and the rate list is what the next launch restores.
  @Test func launchFallsBackToTheRatesForAnUnlistedCurrency() async {
    await RouterViewModel(screens: store.screens).show(.calculator(currency: "XYZ"))
    let router = RouterViewModel(screens: store.screens)
    let calculator = CalculatorViewModel(
      rates: store.rates, seed: BundledRateSource(), language: .en)
    await router.launch(calculator: calculator)
    #expect(router.state.screen == .rates)
    #expect(router.state.message == nil)
    let relaunched = RouterViewModel(screens: store.screens)
    await relaunched.restoreLastScreen()
    #expect(relaunched.state.screen == .rates)
  }
}

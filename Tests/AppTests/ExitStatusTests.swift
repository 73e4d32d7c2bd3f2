import Presentation
import Testing

@testable import App

@Suite("Exit status of an outcome")
struct ExitStatusTests {
  @Test(arguments: [
    (Outcome.done(nil), App.ExitStatus.done),
    (.done(.bookmarkAdded("Winter hours")), .done),
    (.text("help"), .done),
    (.quit, .done),
    (.refused(.unknownCurrency("XYZ")), .refused),
    (.refused(.fileFailed(path: "/x", reason: "no such file")), .refused),
    (.refused(.couldNotLoad(reason: "offline")), .refused),
    (.refused(.storageFailed(path: "/s", reason: "disk full")), .storeUnusable),
  ])
  func eachClassHasItsStatus(outcome: Outcome, status: App.ExitStatus) {
    #expect(App.ExitStatus(for: outcome) == status)
  }
}

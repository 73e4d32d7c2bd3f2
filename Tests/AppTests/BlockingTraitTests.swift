import Foundation
import TestSupport
import TestTraits
import Testing

/// The suites whose tests wait on child processes, locks and clocks (`.blocking`) run them
/// on threads of their own, where they block none of the cooperative pool's, and a failed
/// expectation there still fails its test.
@Suite(.blocking)
struct BlockingTraitTests {
  @Test func aBlockingSuitesTestRunsOnItsOwnThreads() {
    #expect(Blocking.isOnItsThreads)
  }

  @Test(arguments: [1, 2])
  func eachCaseOfAParameterizedTestDoesToo(_ value: Int) async {
    await Task.yield()
    #expect(Blocking.isOnItsThreads)
  }

  @Test func anExpectationThatFailsThereIsRecordedAgainstTheTest() {
    withKnownIssue("recorded on a thread of the blocking suites") {
      #expect(!Blocking.isOnItsThreads)
    }
  }
}

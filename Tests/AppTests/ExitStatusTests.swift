import PocketPresentation
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Exit status of an outcome")
struct ExitStatusTests {
  @Test(arguments: [
    (Outcome.done(nil), PocketApp.ExitStatus.done),
    (.done(.bookmarkAdded("Winter hours")), .done),
    (.text("help"), .done),
    (.quit, .done),
    (.refused(.input(.unknownCurrency("XYZ"))), .refused),
    (.refused(.fileFailed(path: "/x", reason: .system("no such file"))), .refused),
    (.refused(.couldNotLoad(reason: .system("offline"))), .refused),
    (.refused(.storageFailed(path: "/s", reason: .system("disk full"))), .storeUnusable),
    (.refused(.storeBusy(path: "/s")), .refused),
  ])
  func eachClassHasItsStatus(outcome: Outcome, status: PocketApp.ExitStatus) {
    #expect(PocketApp.ExitStatus(for: outcome) == status)
  }

  /// A failed write turns only "done" into 4, and a reader gone from stdout (EPIPE) not
  /// even that; the cases by hand.
  @Test(arguments: [
    (PocketApp.ExitStatus.done, FailedWrites(), PocketApp.ExitStatus.done),
    (.done, FailedWrites(output: EPIPE), .done),
    (.done, FailedWrites(output: ENOSPC), .outputFailed),
    (.done, FailedWrites(output: EBADF), .outputFailed),
    (.done, FailedWrites(error: EPIPE), .outputFailed),
    (.done, FailedWrites(error: EBADF), .outputFailed),
    (.done, FailedWrites(output: EPIPE, error: ENOSPC), .outputFailed),
    (.refused, FailedWrites(error: EBADF), .refused),
    (.refused, FailedWrites(output: ENOSPC), .refused),
    (.usage, FailedWrites(error: ENOSPC), .usage),
    (.storeUnusable, FailedWrites(output: EIO, error: EBADF), .storeUnusable),
  ])
  func aFailedWriteNeverTurnsAStatusIntoZero(
    status: PocketApp.ExitStatus, failed: FailedWrites, ended: PocketApp.ExitStatus
  ) {
    #expect(PocketApp.ExitStatus(status, after: failed) == ended)
    #expect(PocketApp.ExitStatus.outputFailed.rawValue == 4)
  }

  /// Standard error names a failed stdout, unless it failed too or the reader just went.
  @Test func theReportNamesAFailedStdoutOnly() {
    #expect(
      FailedWrites(output: ENOSPC).report(.en) == "write error: No space left on device")
    #expect(FailedWrites(output: EBADF).report(.en) == "write error: Bad file descriptor")
    #expect(FailedWrites(output: EPIPE).report(.en) == nil)
    #expect(FailedWrites(output: ENOSPC, error: EBADF).report(.en) == nil)
    #expect(FailedWrites(error: ENOSPC).report(.en) == nil)
    #expect(FailedWrites().report(.en) == nil)
  }
}

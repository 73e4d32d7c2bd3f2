import Foundation
import PocketDomain
import Testing

@testable import PocketData

/// The postgres store's start-up work on a thread of its own (`Concurrently`).
struct ConcurrentlyTests {
  @Test func aValueWorkedOutConcurrentlyIsWhatTheWorkReturnedOrThrew() throws {
    // The work waits for the caller: it runs on a thread of its own, started at once.
    let started = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let value = Concurrently { () throws(DomainError) -> Int in
      started.signal()
      go.wait()
      return 42
    }
    started.wait()
    go.signal()
    #expect(try value.value() == 42)
    #expect(try value.value() == 42, "asked twice, the same")
    let failing = Concurrently { () throws(DomainError) -> Int in throw .notFound }
    #expect(throws: DomainError.notFound) { try failing.value() }
  }
}

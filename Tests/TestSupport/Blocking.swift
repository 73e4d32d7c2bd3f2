import Foundation

/// Calls that block for long (a server started, a store made on a server) run here, on a
/// thread of their own: on one of the cooperative pool's two threads they would hold up
/// every other test of the run meanwhile.
public enum Blocking {
  public static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }
}

/// Waiting for what other tasks do, counted in turns on the cooperative pool rather than
/// in wall time: the whole test run shares two threads, and a soak run can hold them for
/// minutes, during which the task awaited gets no turn either. A wait of `turns` naps of
/// `nap` lasts that long on a machine with turns to spare, and stretches with the pool.
public enum Turns {
  /// Waits until `condition` holds, at most `turns` naps; whether it holds.
  @discardableResult
  public static func wait(
    turns: Int = 6_000, nap: Duration = .milliseconds(10), until condition: () -> Bool
  ) async -> Bool {
    for _ in 0..<turns {
      if condition() { return true }
      try? await Task.sleep(for: nap)
    }
    return condition()
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a program the tests spawn inherits: descriptors 0, 1 and 2 only. A program that
/// outlives the call that started it (a test server, its watchdog, a live view) would
/// otherwise keep open the pipes of children other tests start meanwhile, and their
/// readers would wait for an end of file that does not come while it runs.
public enum SpawnedDescriptors {
  #if canImport(Glibc)
    private typealias AddCloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare; `nil` where the C library has none.
    private static let addCloseFrom: AddCloseFrom? = dlsym(
      nil, "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Closes every descriptor from 3 up in the spawned program.
    public static func closeFromThree(_ actions: inout posix_spawn_file_actions_t) {
      _ = addCloseFrom?(&actions, 3)
    }
  #else
    /// Darwin: the descriptors Foundation and the tests open are closed on exec.
    public static func closeFromThree(_ actions: inout posix_spawn_file_actions_t?) {}
  #endif
}

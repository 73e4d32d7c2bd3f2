import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's boot clock: which boot this is, and the time since it, counting sleep.
/// The composition root passes `BootClock.read` to `Timeline`.
///
/// - Linux: `CLOCK_BOOTTIME` and `/proc/sys/kernel/random/boot_id`.
/// - Darwin (macOS and iOS): `CLOCK_MONOTONIC_RAW` (which counts sleep) and
///   `kern.bootsessionuuid`. An iOS app that ships this reads the boot time, one of
///   Apple's "required reason" APIs: its privacy manifest declares
///   `NSPrivacyAccessedAPICategorySystemBootTime` with reason `35F9.1` (time between
///   events in the app). Where a sandbox refuses the sysctl, the id is `nil`.
/// - Elsewhere, or when the boot id cannot be read: `nil`, and the stopwatch measures
///   runs between processes on the wall clock.
public enum BootClock {
  /// Where Linux keeps the boot id.
  public static let linuxBootIDPath = "/proc/sys/kernel/random/boot_id"

  /// The current boot instant, or `nil` where it cannot be read.
  @Sendable public static func read() -> BootInstant? {
    #if os(Linux)
      read(bootIDPath: linuxBootIDPath)
    #elseif canImport(Darwin)
      BootInstant(bootID: sysctlText("kern.bootsessionuuid"), uptimeMilliseconds: uptime())
    #else
      nil
    #endif
  }

  #if os(Linux)
    /// The current boot instant with the boot id read from `bootIDPath` (tests pass files
    /// of their own), or `nil` when that file cannot be read or holds no valid id.
    static func read(bootIDPath: String) -> BootInstant? {
      guard let text = firstBytes(of: bootIDPath) else { return nil }
      // Trimmed with the standard library: Foundation's `trimmingCharacters` goes through
      // NSString and CharacterSet, whose first use costs a start more than this read.
      var id = Substring(text)
      while id.first?.isWhitespace == true { id.removeFirst() }
      while id.last?.isWhitespace == true { id.removeLast() }
      var time = timespec()
      guard clock_gettime(CLOCK_BOOTTIME, &time) == 0 else { return nil }
      let milliseconds = Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
      return BootInstant(bootID: String(id), uptimeMilliseconds: milliseconds)
    }

    /// Up to 128 bytes of the file at `path` as UTF-8 (a /proc file reports no size, so
    /// it is read, not sized), or `nil` when it cannot be opened or read.
    private static func firstBytes(of path: String) -> String? {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 128)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count], as: UTF8.self)
    }
  #elseif canImport(Darwin)
    private static func uptime() -> Int64? {
      let nanoseconds = clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW)
      guard nanoseconds > 0 else { return nil }
      return Int64(nanoseconds / 1_000_000)
    }

    private static func sysctlText(_ name: String) -> String? {
      var size = 0
      guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0, size <= 128 else { return nil }
      var buffer = [CChar](repeating: 0, count: size + 1)
      guard sysctlbyname(name, &buffer, &size, nil, 0) == 0 else { return nil }
      return String(cString: buffer)
    }
  #endif
}

import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory `flock` that is waited for a bounded time: no process waits forever for
/// another (one stopped with Ctrl-Z, or a `flock(1)` someone left running).
///
/// The wait polls a non-blocking `flock` (1 ms, then 2, 4, 8, and every 10 ms), because a
/// blocking `flock` cannot be given a deadline without signals. When the deadline passes,
/// the holder is looked up in `/proc/locks` (Linux), which names the process that took the
/// lock whatever program it is (Pocket or not) and only while it holds it; elsewhere, or
/// when the holder let go meanwhile, the message names the lock file without a process.
enum FileLock {
  /// How long a lock is waited for: as long as the sqlite store's busy timeout.
  static let patience: Duration = .seconds(5)

  /// Another process held the lock longer than the wait allows.
  struct Busy: Error, Equatable {
    /// The locked file.
    var path: String
    /// The process holding the lock, when it could be found.
    var holder: Int32?
    var waited: Duration

    /// What the user is told, beside `path`.
    var reason: StoreProblem {
      StoreProblem(
        .locked(holder: holder, waitedSeconds: waited.components.seconds),
        advice: .retryWhenItEnds)
    }
  }

  /// Takes the lock on `descriptor` (open on the file at `path`), `exclusive` or shared,
  /// waiting for another holder at most `patience`; a wait that lasts is reported to
  /// `waiting`, and its end.
  /// - Throws: `Busy` when the wait ran out; `DurableFile.Failure.notWritten` when the lock
  ///   cannot be taken at all.
  static func acquire(
    _ descriptor: Int32, path: String, exclusive: Bool, patience: Duration = patience,
    waiting: LockWaiting? = nil
  ) throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: patience)
    var pause: Int64 = 1
    defer { waiting?.ended() }
    while !(try tryAcquire(descriptor, path: path, exclusive: exclusive)) {
      waiting?.check()
      guard clock.now < deadline else {
        throw Busy(path: path, holder: holder(of: descriptor), waited: patience)
      }
      usleep(useconds_t(pause * 1_000))
      pause = min(pause * 2, 10)
    }
  }

  /// Takes the lock when no other holder has it now; `false` when one has.
  /// - Throws: `DurableFile.Failure.notWritten` when the lock cannot be taken at all.
  static func tryAcquire(_ descriptor: Int32, path: String, exclusive: Bool) throws -> Bool {
    while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
      let code = errno
      if code == EWOULDBLOCK { return false }
      guard code == EINTR else {
        throw DurableFile.Failure.notWritten(
          .step(.lock, path: path, because: DurableFile.describe(code)))
      }
    }
    return true
  }

  /// The process holding a `flock` on the file open as `descriptor`, from `/proc/locks`;
  /// `nil` where there is no such file (not Linux), or no holder is listed (it let go, or
  /// lives in another PID namespace, where the kernel shows it as 0).
  static func holder(of descriptor: Int32) -> Int32? {
    guard let file = FileIdentity(descriptor: descriptor),
      let listing = try? DurableFile.readIfPresent("/proc/locks")
    else { return nil }
    return holder(
      in: String(decoding: listing, as: UTF8.self), device: file.device, inode: file.inode)
  }

  /// The first process `listing` (the text of `/proc/locks`) shows holding a `flock` on the
  /// file `inode` of `device` (a `st_dev`, in glibc's encoding of major and minor).
  ///
  /// A line reads `1: FLOCK  ADVISORY  WRITE 4242 fe:01:1234567 0 EOF`: kind, mode, the
  /// holder's pid, then major:minor (hex) and inode (decimal). A process waiting for the
  /// lock is listed too, on a line marked `->`, and is skipped.
  static func holder(in listing: String, device: UInt64, inode: UInt64) -> Int32? {
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
    let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
    for line in listing.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]), pid > 0
      else { continue }
      let file = fields[5].split(separator: ":")
      guard file.count == 3, UInt64(file[0], radix: 16) == major,
        UInt64(file[1], radix: 16) == minor, UInt64(file[2]) == inode
      else { continue }
      return pid
    }
    return nil
  }
}

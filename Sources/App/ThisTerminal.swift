import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal this process runs in, as the key of what it showed (`TerminalKey`): what a
/// one-shot command's numbers, screen and page mean is what this terminal showed last.
///
/// The key names the controlling terminal's device (`tty_nr` of `/proc/self/stat`; `none`
/// without one), the session (`getsid(0)`), the start time of the session's leader (field
/// 22 of `/proc/<sid>/stat`, in clock ticks since boot) and the boot (`boot_id`):
/// `tty=34817;sid=4242;start=1234567;boot=…`. Every command typed in one terminal's shell
/// shares its session, so they share the key; another terminal (another session, even on
/// a tty name used before) has another. A session id used again after its leader ended
/// has another leader's start time; a start time seen again after a reboot has another
/// boot. A process without a terminal (cron, a program's pipe) is keyed by its session
/// alone, so each cron job's commands share a state of their own.
enum ThisTerminal {
  /// What the key names.
  struct Parts: Equatable {
    /// The controlling terminal's device number; `nil` without one.
    var tty: UInt64?
    var session: Int64
    /// The session leader's start time, in clock ticks since boot; `nil` when it is not
    /// known (no `/proc`, or the leader has ended).
    var leaderStart: UInt64?
    /// The boot's id; `nil` when it is not known.
    var boot: String?

    /// The key's text.
    var text: String {
      "tty=\(tty.map(String.init) ?? "none");sid=\(session)"
        + ";start=\(leaderStart.map(String.init) ?? "?");boot=\(boot ?? "?")"
    }

    /// The parts a key's text names; `nil` for a key this front end did not make.
    init?(_ text: String) {
      var fields: [Substring: Substring] = [:]
      for field in text.split(separator: ";") {
        guard let equals = field.firstIndex(of: "=") else { return nil }
        fields[field[..<equals]] = field[field.index(after: equals)...]
      }
      guard fields.count == 4, let tty = fields["tty"], let session = fields["sid"],
        let start = fields["start"], let boot = fields["boot"], let sid = Int64(session)
      else { return nil }
      self.tty = tty == "none" ? nil : UInt64(tty)
      if tty != "none", self.tty == nil { return nil }
      self.session = sid
      leaderStart = start == "?" ? nil : UInt64(start)
      if start != "?", leaderStart == nil { return nil }
      self.boot = boot == "?" ? nil : String(boot)
    }

    init(tty: UInt64?, session: Int64, leaderStart: UInt64?, boot: String?) {
      self.tty = tty
      self.session = session
      self.leaderStart = leaderStart
      self.boot = boot
    }
  }

  /// This process's key, read once.
  static let key: TerminalKey = {
    let parts = current()
    // Every part is digits or a boot id's hex and dashes: always a key.
    return (try? TerminalKey(parts.text)) ?? fallbackKey
  }()

  /// The key of a process whose parts do not make one (never expected).
  private static var fallbackKey: TerminalKey {
    guard let key = try? TerminalKey("tty=none;sid=0;start=?;boot=?") else {
      preconditionFailure("a constant key is a key")
    }
    return key
  }

  /// This process's parts, read now.
  static func current() -> Parts {
    let own = stat(of: "self")
    let session = own.map { Int64($0.session) } ?? Int64(getsid(0))
    let tty = own.flatMap { $0.tty == 0 ? nil : $0.tty }
    return Parts(
      tty: tty, session: session, leaderStart: stat(of: String(session))?.start, boot: bootID())
  }

  /// Whether the terminal `key` names no longer exists: a key this front end made, of
  /// another boot, or whose session's leader has ended (or is another process now). A key
  /// another front end made is never gone here: the store's bound drops it in time.
  static func isGone(_ key: TerminalKey) -> Bool {
    guard let parts = Parts(key.text) else { return false }
    if let boot = parts.boot, let now = bootID(), boot != now { return true }
    guard let leader = stat(of: String(parts.session)) else {
      // No `/proc` entry: gone, where `/proc` is there to say so.
      return stat(of: "self") != nil || kill(pid_t(truncatingIfNeeded: parts.session), 0) != 0
    }
    return parts.leaderStart.map { $0 != leader.start } ?? false
  }

  /// The session, controlling terminal and start time of process `pid` ("self" for this
  /// one), from `/proc/<pid>/stat`; `nil` when it cannot be read.
  static func stat(of pid: String) -> (session: Int32, tty: UInt64, start: UInt64)? {
    guard let text = contents(of: "/proc/\(pid)/stat"),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // The fields after the command's name, which may hold spaces and parentheses: the
    // third field of the line is the first here.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count >= 20, let session = Int32(fields[3]), let tty = Int64(fields[4]),
      let start = UInt64(fields[19])
    else { return nil }
    return (session, UInt64(bitPattern: tty), start)
  }

  /// The boot's id; `nil` where the system does not say.
  static func bootID() -> String? {
    contents(of: "/proc/sys/kernel/random/boot_id").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// The first 4 KiB of the file at `path` as text; `nil` when it cannot be read.
  private static func contents(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }
}

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
/// 22 of `/proc/<sid>/stat`, in clock ticks since boot), the boot (`boot_id`), the PID
/// namespace the session id is a number of (`/proc/self/ns/pid`) and the machine
/// (`/etc/machine-id`, else the host name):
/// `tty=34817;sid=4242;start=1234567;boot=…;pidns=4026531836;host=…`. Every command typed in one
/// terminal's shell shares its session, so they share the key; another terminal (another
/// session, even on a tty name used before) has another. A session id used again after its
/// leader ended has another leader's start time; a start time seen again after a reboot has
/// another boot. A process without a terminal (cron, a program's pipe) is keyed by its
/// session alone, so each cron job's commands share a state of their own.
///
/// A session whose leader is outside this process's PID namespace (a container's or a
/// sandbox's processes, where `getsid(0)` is 0) is session 0 with no start time: the
/// commands of one namespace on one terminal (or on none) share a state. Whether a
/// terminal is gone is judged only for sessions this process can see: never for session
/// 0, nor for a key made on another machine sharing the store's folder, in another PID
/// namespace or by another front end, whose lists the store's bound
/// (`ShownList.keptTerminals`) drops in time.
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
    /// The PID namespace `session` is a number of (the inode of `/proc/self/ns/pid`); `nil`
    /// when it is not known.
    var namespace: UInt64?
    /// The machine (its machine id, else its host name); `nil` when it is not known.
    var host: String?

    /// The key's text.
    var text: String {
      "tty=\(tty.map(String.init) ?? "none");sid=\(session)"
        + ";start=\(leaderStart.map(String.init) ?? "?");boot=\(boot ?? "?")"
        + ";pidns=\(namespace.map(String.init) ?? "?");host=\(host ?? "?")"
    }

    /// The parts a key's text names; `nil` for a key this front end did not make.
    init?(_ text: String) {
      var fields: [Substring: Substring] = [:]
      for field in text.split(separator: ";") {
        guard let equals = field.firstIndex(of: "=") else { return nil }
        fields[field[..<equals]] = field[field.index(after: equals)...]
      }
      guard fields.count == 6, let tty = fields["tty"], let session = fields["sid"],
        let start = fields["start"], let boot = fields["boot"], let namespace = fields["pidns"],
        let host = fields["host"], let sid = Int64(session)
      else { return nil }
      self.tty = tty == "none" ? nil : UInt64(tty)
      if tty != "none", self.tty == nil { return nil }
      self.session = sid
      leaderStart = start == "?" ? nil : UInt64(start)
      if start != "?", leaderStart == nil { return nil }
      self.boot = boot == "?" ? nil : String(boot)
      self.namespace = namespace == "?" ? nil : UInt64(namespace)
      if namespace != "?", self.namespace == nil { return nil }
      self.host = host == "?" ? nil : String(host)
    }

    init(
      tty: UInt64?, session: Int64, leaderStart: UInt64?, boot: String?, namespace: UInt64?,
      host: String?
    ) {
      self.tty = tty
      self.session = session
      self.leaderStart = leaderStart
      self.boot = boot
      self.namespace = namespace
      self.host = host
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
    guard let key = try? TerminalKey("tty=none;sid=0;start=?;boot=?;pidns=?;host=?") else {
      preconditionFailure("a constant key is a key")
    }
    return key
  }

  /// This process's parts, read now.
  static func current() -> Parts {
    let own = stat(of: "self")
    let session = own.map { Int64($0.session) } ?? Int64(getsid(0))
    let tty = own.flatMap { $0.tty == 0 ? nil : $0.tty }
    // Session 0 is a leader outside this PID namespace: no process here to read.
    let leaderStart = session > 0 ? stat(of: String(session))?.start : nil
    return Parts(
      tty: tty, session: session, leaderStart: leaderStart, boot: thisBoot,
      namespace: thisNamespace, host: thisHost)
  }

  /// This boot's id, PID namespace and machine, read once: they do not change while a
  /// process runs.
  static let thisBoot = bootID()
  static let thisNamespace = pidNamespace()
  static let thisHost = hostID()

  /// Whether the terminal `key` names no longer exists: a key this front end made on this
  /// machine, of another boot, or of a session of this PID namespace whose leader has
  /// ended (or is another process now). What cannot be judged here is never gone: a key
  /// another front end made, one of another machine (a home folder shared over the
  /// network), of another PID namespace, of a session this process cannot see (session
  /// 0), and this process's own; the store's bound drops those in time.
  static func isGone(_ key: TerminalKey) -> Bool {
    guard key != Self.key, let parts = Parts(key.text), parts.host == thisHost else {
      return false
    }
    if let boot = parts.boot, let now = thisBoot, boot != now { return true }
    guard (1...Int64(Int32.max)).contains(parts.session), parts.namespace == thisNamespace
    else { return false }
    guard let leader = stat(of: String(parts.session)) else {
      // No `/proc` entry: gone, where `/proc` is there to say so; without `/proc` (macOS),
      // gone when no process has that id (a leader owned by root, as `login` is, answers
      // EPERM: it runs).
      if stat(of: "self") != nil { return true }
      return kill(pid_t(parts.session), 0) == -1 && errno == ESRCH
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

  /// This machine: its machine id (`/etc/machine-id`), else its host name (printable ASCII,
  /// `;` and `=` as `_`, at most 64 characters); `nil` when neither is known.
  static func hostID() -> String? {
    if let id = contents(of: "/etc/machine-id")?.trimmingCharacters(in: .whitespacesAndNewlines),
      !id.isEmpty, id.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x3B && $0 != 0x3D })
    {
      return String(id.prefix(64))
    }
    var bytes = [CChar](repeating: 0, count: 256)
    guard gethostname(&bytes, bytes.count - 1) == 0 else { return nil }
    let name = String(
      decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let kept = String(
      name.unicodeScalars.prefix(64).map {
        (0x21...0x7E).contains($0.value) && $0 != ";" && $0 != "=" ? Character($0) : "_"
      })
    return kept.isEmpty ? nil : kept
  }

  /// This process's PID namespace (the inode `/proc/self/ns/pid` names, as `pid:[N]`);
  /// `nil` where the system does not say.
  static func pidNamespace() -> UInt64? {
    var bytes = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/self/ns/pid", &bytes, bytes.count - 1)
    guard count > 0 else { return nil }
    let link = String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard link.hasPrefix("pid:["), link.hasSuffix("]") else { return nil }
    return UInt64(link.dropFirst(5).dropLast())
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

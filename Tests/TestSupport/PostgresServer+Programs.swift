import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the test server's programs are found and run: each with a time limit, a clean
/// environment, and as `nobody` when the tests run as root.
extension PostgresServer {
  /// Where the server's programs are, and how to run them as the server's user.
  struct Tools: Sendable {
    /// The folder with initdb, pg_ctl and postgres.
    var bin: String
    var psql: String
    /// `setpriv` (or `runuser`) to become nobody when the tests run as root; else empty.
    var asServer: [String]
    var owner: (uid: uid_t, gid: gid_t)?
  }

  static let tools: Result<Tools, Failure> = Result { try findTools() }
    .mapError { $0 as? Failure ?? Failure("\($0)") }

  /// `pg_config --bindir` first (it may name a client-only folder), then the highest
  /// `/usr/lib/postgresql/<version>/bin`, then the usual Homebrew and source-build folders.
  static func findTools() throws -> Tools {
    var folders: [String] = []
    if let pgConfig = which("pg_config"), let bin = try? run([pgConfig, "--bindir"]) {
      folders.append(bin.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))
      ?? []
    folders += versions.sorted { (Double($0) ?? 0) > (Double($1) ?? 0) }
      .map { "/usr/lib/postgresql/\($0)/bin" }
    folders += ["/usr/local/pgsql/bin", "/opt/homebrew/bin", "/usr/local/bin"]
    guard
      let bin = folders.first(where: { folder in
        ["initdb", "pg_ctl", "postgres"].allSatisfy { access(folder + "/" + $0, X_OK) == 0 }
      })
    else { throw Failure("no PostgreSQL server binaries (initdb) found: install postgresql") }
    let psql = access(bin + "/psql", X_OK) == 0 ? bin + "/psql" : which("psql")
    guard let psql else { throw Failure("no psql found: install postgresql-client") }
    guard getuid() == 0 else { return Tools(bin: bin, psql: psql, asServer: [], owner: nil) }
    guard let user = getpwnam("nobody") else {
      throw Failure("running as root, and there is no user nobody to run PostgreSQL as")
    }
    let (uid, gid) = (user.pointee.pw_uid, user.pointee.pw_gid)
    if let setpriv = which("setpriv") {
      let become = [setpriv, "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups"]
      return Tools(bin: bin, psql: psql, asServer: become, owner: (uid, gid))
    }
    if let runuser = which("runuser") {
      return Tools(
        bin: bin, psql: psql, asServer: [runuser, "-u", "nobody", "--"], owner: (uid, gid))
    }
    throw Failure("running as root, and neither setpriv nor runuser is here to run PostgreSQL")
  }

  static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return (path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/sbin/" + name])
      .first { access($0, X_OK) == 0 }
  }

  /// Runs a program with a clean environment (PATH, C locale, no password file) and no
  /// input, killing it after `limit`; returns its output, or throws with its error output.
  @discardableResult
  static func run(
    _ arguments: [String], environment extra: [String: String] = [:],
    limit: Duration = .seconds(60)
  ) throws -> String {
    guard let executable = arguments.first.flatMap({ $0.hasPrefix("/") ? $0 : which($0) }) else {
      throw Failure("\(arguments.first ?? "") not found")
    }
    let environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C",
      "PGPASSFILE": "/dev/null", "PGCONNECT_TIMEOUT": "10",
    ].merging(extra) { $1 }
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    try SpawnedDescriptors.opening {
      guard pipe(&output) == 0, pipe(&errors) == 0 else { throw Failure("pipe: \(errno)") }
      for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    // Nothing else of the test process: a server or watchdog that outlives this call would
    // keep open the pipes of `pocket` children other tests start meanwhile, and their
    // readers would wait for an end of file that never comes.
    SpawnedDescriptors.closeFromThree(&actions)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = arguments.map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
    close(output[1])
    close(errors[1])
    defer {
      close(output[0])
      close(errors[0])
    }
    guard spawned == 0 else {
      throw Failure("\(executable): \(String(cString: strerror(spawned)))")
    }
    for fd in [output[0], errors[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

    // Read both pipes until the program ends; a grandchild that keeps a pipe open (a server
    // started by pg_ctl) does not hold this up.
    var collected: [[UInt8]] = [[], []]
    func drain() {
      var buffer = [UInt8](repeating: 0, count: 65536)
      for (index, fd) in [output[0], errors[0]].enumerated() {
        while case let count = read(fd, &buffer, buffer.count), count > 0 {
          collected[index] += buffer[..<count]
        }
      }
    }
    let deadline = ContinuousClock.now + limit
    var status: Int32 = 0
    var timedOut = false
    while true {
      var fds = [output[0], errors[0]].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      _ = poll(&fds, 2, 50)
      drain()
      if waitpid(pid, &status, WNOHANG) == pid { break }
      if !timedOut, ContinuousClock.now >= deadline {
        timedOut = true
        _ = Foundation.kill(pid, SIGKILL)
      }
    }
    drain()
    // Named by the program itself, not by the setpriv or runuser in front of it.
    let names = arguments.map { ($0 as NSString).lastPathComponent }
    let name =
      names.first { !$0.hasPrefix("-") && !["setpriv", "runuser", "nobody"].contains($0) } ?? ""
    let message = String(decoding: collected[1], as: UTF8.self)
    if timedOut { throw Failure("\(name) did not finish within \(limit): \(message)") }
    let ending = status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    guard status == 0 else { throw Failure("\(name) failed (\(ending)): \(message)") }
    return String(decoding: collected[0], as: UTF8.self)
  }

  /// Alive and not a zombie (an orphan no one reaps in a container stays one).
  static func isAlive(_ pid: pid_t) -> Bool {
    #if os(Linux)
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return false }
      return !stat[end...].hasPrefix(") Z")
    #else
      return Foundation.kill(pid, 0) == 0
    #endif
  }

  /// Some process of the group runs (zombies do not count).
  static func groupIsAlive(_ group: pid_t) -> Bool {
    #if os(Linux)
      let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return pids.contains { name in
        guard let pid = pid_t(name),
          let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let end = stat.lastIndex(of: ")")
        else { return false }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 3 && fields[0] != "Z" && pid_t(fields[2]) == group
      }
    #else
      return Foundation.kill(-group, 0) == 0
    #endif
  }
}

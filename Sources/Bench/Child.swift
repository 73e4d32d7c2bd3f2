import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One child process, run to its end: its wall time, its CPU time and its peak memory,
/// from `wait4`'s resource usage of that child alone.
struct ChildRun: Sendable {
  var wall: Duration
  /// User plus system time, in microseconds.
  var cpuMicroseconds: Double
  var peakRSSKilobytes: Int
  var status: Int32
}

enum Child {
  /// Runs `executable` with `arguments`, stdin, stdout and stderr on /dev/null, and waits.
  /// - Throws: when it cannot be started, or when it exits other than with 0.
  static func run(_ executable: String, _ arguments: [String]) throws(BenchError) -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in Int32(0)...2 {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    SpawnedDescriptors.closeFromThree(&actions)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let code = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard code == 0 else {
      throw .failed("cannot start \(executable): \(String(cString: strerror(code)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw .failed("wait4 failed for \(executable)") }
    }
    let wall = start.duration(to: clock.now)
    let exited = (status & 0x7f) == 0
    let exitStatus = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    guard exitStatus == 0 else {
      throw .failed(
        "\(([executable] + arguments).joined(separator: " ")) exited with status \(exitStatus)")
    }
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    #if os(Linux)
      let peak = Int(usage.ru_maxrss)
    #else
      let peak = Int(usage.ru_maxrss) / 1024
    #endif
    return ChildRun(wall: wall, cpuMicroseconds: cpu, peakRSSKilobytes: peak, status: exitStatus)
  }

  /// Runs `executable` under GNU time for its peak memory: `wait4`'s `ru_maxrss` of a child
  /// spawned by this (large) process starts at this process's own peak, which Linux carries
  /// across exec; GNU time is small, and reports its child's. `nil` without GNU time.
  static func runMeasuringPeak(
    _ executable: String, _ arguments: [String], scratch: URL
  ) throws(BenchError) -> ChildRun? {
    guard let time = onPath("time") ?? ["/usr/bin/time"].first(where: isExecutable) else {
      return nil
    }
    let report = scratch.appendingPathComponent("peak-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    var run = try self.run(time, ["-f", "%M", "-o", report, executable] + arguments)
    guard let text = try? String(contentsOfFile: report, encoding: .utf8),
      let peak = text.split(whereSeparator: \.isNewline).last.flatMap({ Int($0) })
    else { return nil }
    run.peakRSSKilobytes = peak
    return run
  }

  private static func isExecutable(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }

  /// The first executable named `name` on `PATH`, if any.
  static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// CPU time this process has used so far (user plus system), in microseconds.
  static func ownCPUMicroseconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      _ = getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      _ = getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
  }
}

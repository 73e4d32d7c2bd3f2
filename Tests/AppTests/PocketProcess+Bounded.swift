import Foundation
import TestSupport

/// A `pocket` run under an address-space limit, its peak memory measured (part of
/// `PocketProcess`).
extension PocketProcess {
  /// What `runBounded` saw.
  struct BoundedRun {
    var run: Run
    /// The child's peak resident memory in KiB, from `/usr/bin/time`; `nil` where that tool
    /// is missing.
    var peakKiB: Int?
  }

  /// GNU time, which gives `runBounded` a child's peak memory.
  static let timeTool = "/usr/bin/time"
  static var hasTimeTool: Bool { FileManager.default.isExecutableFile(atPath: timeTool) }

  /// The address space a bounded child may use: a read that runs away fails inside it
  /// instead of taking the shared machine's memory.
  static let addressSpaceKiB = 2 * 1024 * 1024

  /// Runs `pocket` with `arguments` through `/bin/sh` under `ulimit -v`, and under
  /// `/usr/bin/time` (for its peak memory) when that exists. Standard input is what the
  /// shell command `input` writes, streamed: the test never holds it.
  func runBounded(_ arguments: [String], input: String = ":") throws -> BoundedRun {
    let timeTool = Self.timeTool
    let hasTime = Self.hasTimeTool
    let peakFile = directory.appendingPathComponent("peak-\(UUID().uuidString)")
    let measure = hasTime ? [timeTool, "-f", "%M", "-o", peakFile.path] : []
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "ulimit -v \(Self.addressSpaceKiB) || exit 97; { \(input); } | exec \"$@\"", "sh"]
      + measure + [Self.executable.path, "--store-path", directory.path, "--lang", "en"]
      + storeArguments + arguments
    process.environment = environment
    let output = try SpawnedDescriptors.runCollecting(process)
    // GNU time writes the figure on the last line (after a note when the status is not 0).
    let peak = (try? String(contentsOf: peakFile, encoding: .utf8))?
      .split(separator: "\n").last.flatMap { Int($0) }
    try? FileManager.default.removeItem(at: peakFile)
    if let peak {
      print("pocket \(arguments.prefix(2)): peak memory \(peak) KiB")
    } else {
      print("peak memory not measured: \(timeTool) is missing or gave no figure")
    }
    return BoundedRun(
      run: Run(
        status: process.terminationStatus, stdout: output.stdout, stderr: output.stderr,
        wasKilled: process.terminationReason == .uncaughtSignal),
      peakKiB: peak)
  }
}

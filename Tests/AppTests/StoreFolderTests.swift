import Foundation
import TestSupport
import TestTraits
import Testing

/// Where the default store goes: `$XDG_DATA_HOME/pocket` when that is an absolute path
/// (the XDG spec ignores a relative one), else `$HOME/.local/share/pocket`; never the
/// current folder.
@Suite(
  "The default store folder", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreFolderTests {
  /// Runs `pocket` from `folder` with exactly `environment`, without `--store-path`.
  func pocket(
    _ arguments: [String], in folder: URL, environment: [String: String]
  ) throws -> PocketProcess.Run {
    let process = Process()
    process.executableURL = PocketProcess.executable
    process.arguments = ["--lang", "en"] + arguments
    process.environment = environment.merging(["TZ": "UTC"]) { mine, _ in mine }
    process.currentDirectoryURL = folder
    let output = try SpawnedDescriptors.runCollecting(process)
    return PocketProcess.Run(
      status: process.terminationStatus, stdout: output.stdout, stderr: output.stderr,
      wasKilled: process.terminationReason == .uncaughtSignal)
  }

  /// The files directly in `folder`.
  func contents(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func aRelativeXDGDataHomeIsIgnored() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let home = folder.appendingPathComponent("home")
    let work = folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let run = try pocket(
      ["say", "hello"], in: work, environment: ["HOME": home.path, "XDG_DATA_HOME": "data"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: home.appendingPathComponent(".local/share/pocket/pocket.sqlite").path))
    #expect(try contents(work).isEmpty, "nothing is written in the current folder")
  }

  @Test(arguments: [
    (["HOME": ""], "HOME is empty"),
    (["HOME": "", "XDG_DATA_HOME": "data"], "HOME is empty"),
    ([:], "HOME is not set"),
  ])
  func noUsableHomeIsAnErrorNotTheCurrentFolder(
    environment: [String: String], problem: String
  ) throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let run = try pocket(["say", "hello"], in: work, environment: environment)
    #expect(run.status == 3)
    #expect(
      run.stderr
        == "pocket: Cannot use the store at $HOME/.local/share/pocket: \(problem) and there is no absolute XDG_DATA_HOME; use --store-path DIR\n"
    )
    #expect(try contents(work).isEmpty, "nothing is written in the current folder")
    // The memory store needs no folder.
    let memory = try pocket(["--store", "memory", "say", "hi"], in: work, environment: environment)
    #expect(memory.status == 0, "\(memory.stderr)")
  }
}

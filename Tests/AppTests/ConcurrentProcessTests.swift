import Foundation
import PocketData
import TestSupport
import TestTraits
import Testing

/// Several `pocket` processes run commands that read then write (`lap`, `bookmark N`,
/// `fav CODE`) against one store at the same moment, as scripts in two terminals would.
@Suite(
  "Concurrent processes", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ConcurrentProcessTests {
  /// Each worker is a shell running its commands one after the other, one `pocket`
  /// process each; the workers run at once. Returns every command's exit status and
  /// what it printed on stderr.
  private func runWorkers(
    _ process: PocketProcess, _ workers: [[String]]
  ) throws -> [(command: String, status: Int32, stderr: String)] {
    let base =
      "'\(PocketProcess.executable.path)' --store-path '\(process.directory.path)' --lang en "
      + process.storeArguments.joined(separator: " ")
    var shells: [(Process, Pipe)] = []
    for (index, commands) in workers.enumerated() {
      let script = commands.enumerated().map { step, command in
        let err = process.directory.appendingPathComponent("err-\(index)-\(step)").path
        return "\(base) \(command) >/dev/null 2>'\(err)'; echo \"\(step) $?\""
      }.joined(separator: "\n")
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", script]
      shell.environment = process.environment
      let output = SpawnedDescriptors.pipe()
      shell.standardOutput = output
      shell.standardInput = FileHandle.nullDevice
      shells.append((shell, output))
    }
    for (shell, _) in shells { try SpawnedDescriptors.run(shell) }
    var results: [(command: String, status: Int32, stderr: String)] = []
    for (index, (shell, output)) in shells.enumerated() {
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      shell.waitUntilExit()
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count == 2, let step = Int(fields[0]), let status = Int32(fields[1])
        else { continue }
        let err = process.directory.appendingPathComponent("err-\(index)-\(step)")
        let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        results.append((workers[index][step], status, stderr))
      }
    }
    return results
  }

  /// The stores several processes share, postgres where a test server runs.
  static let sharedStores = ["sqlite", "json"] + (PostgresServer.isAvailable ? ["postgres"] : [])

  /// On every shared store with `POCKET_SOAK=1`; else on postgres where a test server runs
  /// (the one store `ProcessRaceTests` races only when soaking), on sqlite elsewhere.
  @Test(arguments: Soak.all(sharedStores, quickTurn: 2))
  func mixedReadThenWriteCommandsAreNeverRefusedNorLost(store: String) throws {
    let process = try PocketProcess(store: store)
    defer { process.remove() }
    #expect(try process.run(["start"]).status == 0)
    let workerCount = 4
    // 3 rounds each with `POCKET_SOAK=1`.
    let rounds = Soak.size(2, full: 3)
    // `bookmark N` names notice N of the notices screen: a session opens it first and
    // toggles there, whatever screen the other processes saved meanwhile.
    let toggle = process.directory.appendingPathComponent("toggle-bookmark-3")
    try Data("notices\nbookmark 3\n".utf8).write(to: toggle)
    let bookmark = "< '\(toggle.path)'"
    var workers = Array(
      repeating: Array(repeating: ["lap", bookmark, "fav EUR"], count: rounds).flatMap { $0 },
      count: workerCount)
    workers[0].append(bookmark)  // an odd number of toggles in all
    let results = try runWorkers(process, workers)

    #expect(results.count == workers.joined().count, "every command ran")
    // `bookmark 3` acts on notice 3 as its session showed it: one that another worker
    // toggled in between is refused, naming it, and changes nothing.
    let changedElsewhere = "Notice 3 (\(SampleNotices.all[2].title)) was changed elsewhere"
    var bookmarkToggles = 0
    for result in results {
      if result.command == bookmark, result.stderr.contains(changedElsewhere) { continue }
      if result.status != 0 {
        Issue.record("`\(result.command)` exited \(result.status): \(result.stderr)")
      } else if result.command == bookmark {
        bookmarkToggles += 1
      }
    }
    #expect(bookmarkToggles > 0)
    let laps = workerCount * rounds
    let favoriteToggles = workerCount * rounds

    let export = try JSONSerialization.jsonObject(with: process.export()) as? [String: Any]
    let exportedLaps = export?["laps"] as? [[String: Any]] ?? []
    #expect(exportedLaps.compactMap { $0["number"] as? Int } == Array(1...laps))
    let lapTimes = exportedLaps.compactMap { $0["lapTimeMs"] as? Int }
    #expect(lapTimes.allSatisfy { $0 >= 0 }, "no lap is negative: \(lapTimes)")
    #expect(lapTimes.reduce(0, +) == exportedLaps.last?["totalMs"] as? Int)
    let bookmarks = export?["bookmarks"] as? [[String: Any]] ?? []
    #expect(bookmarks.count == bookmarkToggles % 2, "toggle parity: \(bookmarks)")
    let favorites = (export?["rates"] as? [String: Any])?["favorites"] as? [String] ?? []
    #expect(favorites.contains("EUR") == !favoriteToggles.isMultiple(of: 2))
  }
}

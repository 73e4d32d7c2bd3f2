import Foundation
import TestSupport
import Testing

/// `pocket` loads no networking at start: libcurl, OpenSSL, libpq and FoundationNetworking (some
/// thirty shared libraries, a third of the start-up's CPU) are loaded only when `refresh`
/// downloads (`CurlDownload` opens libcurl then). Read from the running process's own map
/// of loaded files, so a dependency that comes back through any module is caught.
@Suite(.timeLimit(.minutes(Soak.minutesBeforeAHang))) struct StartupLibrariesTests {
  static let networking = [
    "libcurl", "libFoundationNetworking", "libssl", "libcrypto", "libpq",
  ]

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/maps"),
      "no /proc/PID/maps on this system (Linux only)"))
  func aRunningSessionHasNoNetworkingLoaded() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = PocketProcess.executable
    process.arguments = ["--store-path", directory.path, "--lang", "en"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Commands from a pipe: the first screen is printed once the session has started, and
    // it then waits for a line.
    let screen = output.fileHandleForReading.availableData
    // Read to the end: /proc files report a size of 0, so nothing may trust the size.
    let maps =
      String(
        decoding: FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps")?
          .readDataToEndOfFile() ?? Foundation.Data(), as: UTF8.self)
    try input.fileHandleForWriting.close()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(!screen.isEmpty)
    #expect(process.terminationStatus == 0)
    let files = Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last })
    #expect(
      files.contains { $0.contains("libFoundation") }, "the maps were read: \(maps.count) bytes")
    let loaded = files.filter { file in Self.networking.contains { file.contains($0) } }
    #expect(loaded.isEmpty, "loaded at start: \(loaded.sorted())")
  }
}

import Foundation
import TestSupport
import TestTraits
import Testing

/// `pocket` loads no networking at start: libcurl, OpenSSL, libpq and FoundationNetworking (some
/// thirty shared libraries, a third of the start-up's CPU) are loaded only when `refresh`
/// downloads (`CurlDownload` opens libcurl then). Read from the running process's own map
/// of loaded files, so a dependency that comes back through any module is caught.
@Suite(.blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang))) struct StartupLibrariesTests {
  static let networking = [
    "libcurl", "libFoundationNetworking", "libssl", "libcrypto", "libpq",
  ]

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/maps"),
      "no /proc/PID/maps on this system (Linux only)"))
  func aRunningSessionHasNoNetworkingLoaded() throws {
    let files = try Self.filesMapped(by: PocketProcess.executable)
    #expect(
      files.contains { $0.contains("libFoundation") }, "the maps were read: \(files.count) files")
    let loaded = files.filter { file in Self.networking.contains { file.contains($0) } }
    #expect(loaded.isEmpty, "loaded at start: \(loaded.sorted())")
  }

  /// The binary `make install` installs (`make` builds it): the Swift runtime and
  /// Foundation linked in, no Swift library mapped, and still no networking at start.
  /// SQLite and the C++ library are linked in too, where their archives were found (`make`
  /// links them in `.build/static-archives`).
  static let staticPocket = Fixtures.packageRoot.appendingPathComponent(
    ".build/static/release/pocket")
  static let staticArchives = Fixtures.packageRoot.appendingPathComponent(
    ".build/static-archives")

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/maps"),
      "no /proc/PID/maps on this system (Linux only)"),
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: staticPocket.path),
      "no static build at .build/static/release (make builds it)"))
  func theStaticBuildMapsNoSwiftLibraryAndNoNetworking() throws {
    let files = try Self.filesMapped(by: Self.staticPocket)
    #expect(files.contains { $0.contains("/libc.so") }, "the maps were read: \(files)")
    let swift = files.filter { $0.contains("libswift") || $0.contains("libFoundation") }
    #expect(swift.isEmpty, "Swift libraries mapped: \(swift.sorted())")
    let loaded = files.filter { file in Self.networking.contains { file.contains($0) } }
    #expect(loaded.isEmpty, "loaded at start: \(loaded.sorted())")
    for (library, archive) in [("libsqlite3", "libsqlite3.a"), ("libstdc++", "libstdc++.a")] {
      let linkedIn = FileManager.default.fileExists(
        atPath: Self.staticArchives.appendingPathComponent(archive).path)
      let mapped = files.contains { $0.contains(library + ".so") }
      #expect(mapped != linkedIn, "\(library): linked in \(linkedIn), mapped \(mapped)")
    }
  }

  /// The static build is linked at a fixed address (`make` passes `-no-pie`): no
  /// position-independent executable's 78,000 relocations applied at every start.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/maps"),
      "no ELF executables on this system (Linux only)"),
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: staticPocket.path),
      "no static build at .build/static/release (make builds it)"))
  func theStaticBuildIsLinkedAtAFixedAddress() throws {
    let file = try FileHandle(forReadingFrom: Self.staticPocket)
    defer { try? file.close() }
    let header = [UInt8](try file.read(upToCount: 18) ?? Foundation.Data())
    #expect(header.prefix(4) == [0x7F, 0x45, 0x4C, 0x46], "an ELF file")
    // e_type, little-endian on x86-64 and arm64: ET_EXEC (2), not ET_DYN (3), a PIE's.
    #expect(header.count == 18 && header[16] == 2 && header[17] == 0, "e_type \(header.suffix(2))")
  }

  /// The static build's dynamic symbol table holds `main` alone (`make` links it with
  /// `scripts/static-exports.map`): every library the dynamic loader binds, libpq's twenty
  /// among them, looks its symbols up in the executable first.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: staticPocket.path),
      "no static build at .build/static/release (make builds it)"),
    .enabled(if: nm != nil, "no nm on PATH to read the static build's symbols"))
  func theStaticBuildExportsMainAlone() throws {
    let names = try Self.symbols(["--dynamic"]).split(separator: "\n")
      .compactMap { $0.split(separator: " ").last.map(String.init) }
    #expect(names == ["main"], "\(names.count) symbols: \(names.prefix(5))")
  }

  /// What `nm --defined-only` and `arguments` print for the static build.
  static func symbols(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(nm))
    process.arguments = ["--defined-only"] + arguments + [staticPocket.path]
    return try SpawnedDescriptors.runCollecting(process).stdout
  }

  /// `nm` on `PATH`, if there is one.
  static let nm = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
    .map { "\($0)/nm" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The files a line session of `executable` has mapped once it has printed its first
  /// screen (from `/proc/PID/maps`).
  static func filesMapped(by executable: URL) throws -> Set<Substring> {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--store-path", directory.path, "--lang", "en"]
    let input = SpawnedDescriptors.pipe()
    let output = SpawnedDescriptors.pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try SpawnedDescriptors.run(process)
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
    return Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last })
  }
}

import Foundation
import PocketData
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Input that is too big is refused before it costs memory: an import file or stream over
/// the archive limit, a rates file or stream over the 1 MiB an HTTP response may hold,
/// and a typed line over 64 KiB, however long it goes on.
///
/// Each child runs under `ulimit -v` (so a runaway read fails instead of exhausting the
/// machine) and, where `/usr/bin/time` exists, its peak memory is checked.
@Suite(
  "Input that is too big", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct BoundedInputTests {
  let pocket: PocketProcess

  init() throws {
    pocket = try PocketProcess(store: "sqlite")
  }

  /// The archive limit in KiB, as peak memory figures come.
  static let limitKiB = ArchiveFile.sizeLimit / 1024

  /// What `import` says of a file or stream larger than the limit.
  static func tooLarge(_ path: String) -> String {
    "pocket: Cannot use the file \(path): it is larger than \(ArchiveFile.sizeLimit >> 20) MiB, "
      + "the most an archive may hold\n"
  }

  /// Puts one message in the store and returns its export, to show nothing changed.
  func storeWithData() throws -> Foundation.Data {
    #expect(try pocket.run(["say", "keep me"]).status == 0)
    return try pocket.export()
  }

  @Test func anImportOfDevZeroStopsAtTheLimit() throws {
    defer { pocket.remove() }
    let before = try storeWithData()
    let bounded = try pocket.runBounded(["import", "/dev/zero", "--replace"])
    #expect(bounded.run.status == 1)
    #expect(bounded.run.stderr == Self.tooLarge("/dev/zero"))
    if let peak = bounded.peakKiB {
      // The limit's worth of bytes, and the process itself; never the stream.
      #expect(peak < Self.limitKiB + 128 * 1024, "peak \(peak) KiB")
    }
    #expect(try pocket.export() == before)
  }

  @Test func anImportOfAFIFOThatNeverEndsStopsAtTheLimit() throws {
    defer { pocket.remove() }
    let before = try storeWithData()
    let fifo = pocket.directory.appendingPathComponent("endless")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "exec yes 'not an archive' > \"$1\"", "sh", fifo.path]
    writer.standardError = FileHandle.nullDevice
    try SpawnedDescriptors.run(writer)
    defer {
      // Ends a writer still waiting for its reader; one that lost its reader has ended.
      if writer.isRunning { writer.terminate() }
      writer.waitUntilExit()
    }
    let bounded = try pocket.runBounded(["import", fifo.path, "--replace"])
    #expect(bounded.run.status == 1)
    #expect(bounded.run.stderr == Self.tooLarge(fifo.path))
    if let peak = bounded.peakKiB {
      #expect(peak < Self.limitKiB + 128 * 1024, "peak \(peak) KiB")
    }
    #expect(try pocket.export() == before)
  }

  /// A FIFO is read from the one descriptor opened: opened a second time, the writer that
  /// wrote while no reader had it (or finished before) would lose what it wrote.
  @Test func anArchiveWrittenIntoAFIFOAndClosedIsImportedWhole() throws {
    defer { pocket.remove() }
    let archive = try storeWithData()
    let source = pocket.directory.appendingPathComponent("archive.json")
    try archive.write(to: source)
    #expect(try pocket.run(["say", "replaced by the import"]).status == 0)
    for round in 1...5 {
      let fifo = pocket.directory.appendingPathComponent("archive-\(round)")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      let writer = Process()
      writer.executableURL = URL(fileURLWithPath: "/bin/sh")
      // Writes the archive at once and ends: its bytes wait in the pipe for the reader.
      writer.arguments = ["-c", "exec cat \"$1\" > \"$2\"", "sh", source.path, fifo.path]
      writer.standardError = FileHandle.nullDevice
      try SpawnedDescriptors.run(writer)
      defer {
        if writer.isRunning { writer.terminate() }
        writer.waitUntilExit()
      }
      let run = try pocket.run(["import", fifo.path, "--replace"], killAfter: .seconds(20))
      #expect(run.status == 0, "round \(round): \(run.stderr)")
      #expect(!run.wasKilled, "round \(round): the import waited for a writer that was gone")
      #expect(try pocket.export() == archive)
    }
  }

  @Test func anOversizeFileIsRefusedWithoutReadingIt() throws {
    defer { pocket.remove() }
    let before = try storeWithData()
    // A sparse file one byte over the limit: no disk space, all zeros when read.
    let file = pocket.directory.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(ArchiveFile.sizeLimit) + 1)
    try handle.close()
    let bounded = try pocket.runBounded(["import", file.path, "--replace"])
    #expect(bounded.run.status == 1)
    #expect(bounded.run.stderr == Self.tooLarge(file.path))
    if let peak = bounded.peakKiB {
      // Less than the file itself: it was refused from its size.
      #expect(peak < Self.limitKiB, "peak \(peak) KiB")
    }
    #expect(try pocket.export() == before)
  }

  @Test func aFolderIsRefusedAsNotAnArchive() throws {
    defer { pocket.remove() }
    let before = try storeWithData()
    // A folder of its own: the store's folder is refused as one of the store's files.
    let folder = pocket.directory.appendingPathComponent("a-folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let run = try pocket.run(["import", folder.path, "--replace"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "pocket: Cannot use the file \(folder.path): it is a folder, not an archive file\n"
    )
    #expect(try pocket.export() == before)
  }

  // MARK: Rates files: the 1 MiB an HTTP response may hold

  /// What `refresh` says of a rates file or stream larger than 1 MiB.
  static func ratesTooLarge(_ path: String) -> String {
    "pocket: Could not load data: \(path): the file is larger than 1 MiB, "
      + "the most a rates response may be\n"
  }

  /// A valid rates response padded with spaces to `size` bytes.
  static func ratesResponse(size: Int) throws -> Foundation.Data {
    let fixture = try Foundation.Data(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"))
    return fixture + Foundation.Data(repeating: UInt8(ascii: " "), count: size - fixture.count)
  }

  @Test func aRatesFileOfOneMebibyteIsReadAndOneByteMoreIsRefused() throws {
    defer { pocket.remove() }
    let file = pocket.directory.appendingPathComponent("rates.json")
    try Self.ratesResponse(size: 1 << 20).write(to: file)
    let read = try pocket.run(["--rates-file", file.path, "refresh", "--force"])
    #expect(read.status == 0, "\(read.stderr)")
    let before = try pocket.export()
    try Self.ratesResponse(size: (1 << 20) + 1).write(to: file)
    let refused = try pocket.run(["--rates-file", file.path, "refresh", "--force"])
    #expect(refused.status == 1)
    #expect(refused.stderr == Self.ratesTooLarge(file.path))
    #expect(try pocket.export() == before)
  }

  /// A sparse file of 1 GiB (it took 2.1 GB of memory when read whole): refused from its
  /// size, at once.
  @Test func anOversizeRatesFileIsRefusedWithoutReadingIt() throws {
    defer { pocket.remove() }
    let before = try pocket.export()
    let file = pocket.directory.appendingPathComponent("huge-rates.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let clock = ContinuousClock()
    let start = clock.now
    let bounded = try pocket.runBounded(["--rates-file", file.path, "refresh", "--force"])
    let elapsed = start.duration(to: clock.now)
    #expect(bounded.run.status == 1)
    #expect(bounded.run.stderr == Self.ratesTooLarge(file.path))
    #expect(elapsed < .seconds(5), "\(elapsed)")
    if let peak = bounded.peakKiB {
      // The process itself (about 35 MiB); never the file.
      #expect(peak < 80 * 1024, "peak \(peak) KiB")
    }
    #expect(try pocket.export() == before)
  }

  @Test func aRatesFIFOThatNeverEndsStopsAtOneMebibyte() throws {
    defer { pocket.remove() }
    let before = try pocket.export()
    let fifo = pocket.directory.appendingPathComponent("endless-rates")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "exec yes 1 > \"$1\"", "sh", fifo.path]
    writer.standardError = FileHandle.nullDevice
    try SpawnedDescriptors.run(writer)
    defer {
      if writer.isRunning { writer.terminate() }
      writer.waitUntilExit()
    }
    let bounded = try pocket.runBounded(["--rates-file", fifo.path, "refresh", "--force"])
    #expect(bounded.run.status == 1)
    #expect(bounded.run.stderr == Self.ratesTooLarge(fifo.path))
    if let peak = bounded.peakKiB {
      #expect(peak < 80 * 1024, "peak \(peak) KiB")
    }
    #expect(try pocket.export() == before)
  }

  /// A typed line of 40 MB (300 MB with `POCKET_SOAK=1`), streamed through standard input.
  @Test func aHugeLineIsRefusedWithMemoryBounded() throws {
    defer { pocket.remove() }
    let soak = ProcessInfo.processInfo.environment["POCKET_SOAK"] == "1"
    let size = soak ? 300_000_000 : 40_000_000
    print("a line of \(size) bytes")
    let bounded = try pocket.runBounded(
      [],
      input: "printf 'say '; head -c \(size) /dev/zero | tr '\\000' x; printf '\\nsay after\\n'")
    // The refused line gives the session its status; the line after it still runs.
    #expect(bounded.run.status == 1)
    #expect(bounded.run.stderr.contains("The line is too long: at most 64 KiB"))
    if let peak = bounded.peakKiB {
      // The process itself and 64 KiB of the line, never the line.
      #expect(peak < 80 * 1024, "peak \(peak) KiB")
    }
    // The session went on after the refused line.
    let chat = try pocket.run(["chat"]).stdout
    #expect(chat.contains("after"))
    #expect(chat.contains("Messages: 1"))
  }
}

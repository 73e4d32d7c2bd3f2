import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A FIFO given to read (an archive to import, a rates file) never blocks Pocket for as
/// long as no program opens it for writing: it is opened without waiting and waited on for
/// its first bytes or its writer's end, at most `BoundedFile.writerPatience` (20 s), then
/// refused. A writer that comes in time is read whole, as before.
@Suite(.waiting, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct FIFOWriterWaitTests {
  /// A new FIFO in a folder of its own.
  func fifo() throws -> (path: String, folder: URL) {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("fifo").path
    try #require(mkfifo(path, 0o600) == 0)
    return (path, folder)
  }

  /// Opens `path` for writing (which waits for the reader), writes `text` and closes it.
  func send(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  @Test func aFIFONoProgramWritesToIsRefusedOnceThePatienceHasPassed() throws {
    let (path, folder) = try fifo()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = ContinuousClock()
    let started = clock.now
    #expect(throws: BoundedFile.Failure.notReadable(.noWriter(seconds: 1))) {
      _ = try BoundedFile.openForReading(path, writerPatience: .seconds(1))
    }
    let waited = started.duration(to: clock.now)
    #expect(waited >= .seconds(1) && waited < .seconds(15), "waited \(waited)")
  }

  @Test func aWriterThatComesWithinThePatienceIsReadWhole() throws {
    let (path, folder) = try fifo()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = Thread {
      Thread.sleep(forTimeInterval: 0.2)
      send("{\"a\": 1}", to: path)
    }
    writer.start()
    let descriptor = try BoundedFile.openForReading(path, writerPatience: .seconds(10))
    defer { close(descriptor) }
    let bytes = try BoundedFile.contents(of: descriptor, limit: 1024)
    #expect(String(decoding: bytes, as: UTF8.self) == "{\"a\": 1}")
  }

  /// A writer that opens the FIFO and ends without writing is an empty file, at once: its
  /// end is what the wait was for.
  @Test func aWriterThatEndsWithoutWritingIsAnEmptyFile() throws {
    let (path, folder) = try fifo()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = Thread { send("", to: path) }
    writer.start()
    let clock = ContinuousClock()
    let started = clock.now
    let descriptor = try BoundedFile.openForReading(path, writerPatience: .seconds(10))
    defer { close(descriptor) }
    #expect(try BoundedFile.contents(of: descriptor, limit: 1024).isEmpty)
    #expect(started.duration(to: clock.now) < .seconds(10), "it did not wait out the patience")
  }
}

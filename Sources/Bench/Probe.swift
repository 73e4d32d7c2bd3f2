import Foundation
import PocketApp

/// Peak memory is per process, so each figure comes from a child: this program started
/// again with `--probe-chat-rss STORE PATH`.
enum Probe {
  static let option = "--probe-chat-rss"

  /// The child's work: open the store, launch on the chat screen, render it, and return
  /// the peak RSS in KiB.
  @MainActor
  static func chatPeakRSS(store: BenchStore, directory: URL) async throws(BenchError) -> Int {
    let opened = try Stack.open(store, directory)
    let session = try await Stack.launch(opened)
    guard session.content.screen == .chat else {
      throw .failed("the probe's store did not come back to the chat")
    }
    let text = Stack.renderer.render(session.content)
    guard !text.isEmpty, let peak = Stack.peakRSSKilobytes() else {
      throw .failed("getrusage failed")
    }
    return peak
  }

  /// Starts `executable` as a probe of the store in `directory` and reads its figure.
  static func run(_ executable: String, store: BenchStore, directory: URL) throws(BenchError)
    -> Int
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [option, store.rawValue, directory.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .failed("cannot start \(executable): \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, let peak = Int(text) else {
      throw .failed(
        "the memory probe failed (status \(process.terminationStatus)): "
          + String(decoding: message, as: UTF8.self))
    }
    return peak
  }

  /// This program's path: `CommandLine.arguments[0]` when it names a file, else the
  /// running image.
  static var executablePath: String {
    let first = CommandLine.arguments.first ?? ""
    if first.contains("/") { return URL(fileURLWithPath: first).standardizedFileURL.path }
    return "/proc/self/exe"
  }
}

import Foundation
import PocketApp
import PocketData
import PocketDomain
import PocketPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app's own stack, put together as `pocket` puts it together (`Pocket.run`): the
/// store through `OpenedStore.open`, one `Session` (the dispatcher and every view model),
/// and the `Renderer`, in English.
@MainActor
enum Stack {
  static let strings = Strings(language: .en, timeZone: .gmt, dateStyles: .coreFoundation)
  static let renderer = Renderer(strings: strings)

  /// Opens the `store` kept in `directory` (a memory store ignores it and starts empty).
  static func open(_ store: BenchStore, _ directory: URL) throws(BenchError) -> OpenedStore {
    do {
      let options = try Options.parse(["--store", store.rawValue, "--store-path", directory.path])
      return try OpenedStore.open(options, environment: ProcessInfo.processInfo.environment)
    } catch {
      throw .failed("cannot open the \(store.rawValue) store in \(directory.path): \(error)")
    }
  }

  static func session(_ store: OpenedStore) -> Session {
    Session(
      store: store, timeline: LocalTime.system().timeline,
      strings: strings, rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(),
      archiveFiles: DiskArchiveFileRepository(protecting: store.files), notices: SampleNotices.all)
  }

  /// A session on `store`, on the screen saved last.
  static func launch(_ store: OpenedStore) async throws(BenchError) -> Session {
    let session = session(store)
    if let failure = await session.launch() {
      throw .failed("launch failed: \(strings.text(failure))")
    }
    return session
  }

  /// Runs `command`, which must succeed.
  static func perform(_ command: Command, _ session: Session) async throws(BenchError) {
    try check(await session.execute(command), of: command)
  }

  static func check(_ outcome: Outcome, of command: Command) throws(BenchError) {
    switch outcome {
    case .done: return
    case .refused(let message):
      throw .failed("\(command) was refused: \(strings.text(message))")
    case .text, .quit:
      throw .failed("\(command) did not show a screen")
    }
  }

  /// This process's peak resident set size in KiB.
  ///
  /// On Linux this is `VmHWM` from /proc/self/status, not `getrusage`'s `ru_maxrss`: a
  /// child started with posix_spawn (as `Process` does) inherits its parent's high-water
  /// mark in `ru_maxrss` across exec, so every child would report at least the parent's
  /// peak. `VmHWM` belongs to the process's own address space, which exec makes new.
  nonisolated static func peakRSSKilobytes() -> Int? {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({
          Int($0)
        })
      else { return nil }
      return kilobytes
    #else
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return Int(usage.ru_maxrss) / 1024  // bytes on macOS
    #endif
  }
}

/// Temporary store folders of one run, removed as soon as a point is measured and all of
/// them at the end.
@MainActor
final class Scratch {
  let root: URL
  private var made = 0

  init() throws(BenchError) {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pocket-bench-\(getpid())-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .failed("cannot make a temporary folder: \(error.localizedDescription)")
    }
  }

  /// A new folder path inside the root; the store makes it.
  func directory() -> URL {
    made += 1
    return root.appendingPathComponent("store-\(made)")
  }

  func remove(_ directory: URL) {
    try? FileManager.default.removeItem(at: directory)
  }

  func removeAll() { remove(root) }

  /// Runs `body` with two new folders, for a small store and a large one that a goal
  /// compares, and removes both after it.
  func withSmallAndLarge<Result>(
    _ body: (_ small: URL, _ large: URL) async throws -> Result
  ) async rethrows -> Result {
    let small = directory()
    let large = directory()
    defer {
      remove(small)
      remove(large)
    }
    return try await body(small, large)
  }
}

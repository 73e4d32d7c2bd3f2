import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#endif

/// What the tests of one store followed by two real processes share: which stores, the
/// viewer in line mode, and how its printed screens read.
enum StoreFollowing {
  /// The file stores another process can change.
  static let stores = ["sqlite", "json"]

  /// Every store another process can change: the file stores, and postgres where a test
  /// server runs (changed by another client of the server).
  static let sharedStores = stores + (PostgresServer.isAvailable ? ["postgres"] : [])

  /// Each of `cases` with a store: every shared store with `POCKET_SOAK=1`, else one store
  /// each, taken in turn, so the default run stays short and still meets them all.
  static func matrix<Case: Sendable>(_ cases: [Case]) -> [Followed<Case>] {
    Soak.spread(cases, over: sharedStores).map { Followed(change: $1, store: $0) }
  }

  /// Both stores with `POCKET_SOAK=1`, else `quick`.
  static func stores(quick: String) -> [String] { Soak.everyCase ? stores : [quick] }

  /// How long a change may take to show, or a session to end: generous, for a loaded
  /// machine (a session's last commit waits for a disk that other tests' imports keep busy,
  /// 10 s and more here). Only a hang takes this long; the speed is
  /// `pocket-bench --process`'s to measure.
  static let deadline = Duration.seconds(30)

  /// The tab line of each tab `pocket` shows, as a person reads it (in English).
  static let tabLines = ScreenRegistry.standard.tabs.map {
    ScreenRegistry.standard.tabLine(current: $0.tab.screen)
  }

  /// The tab line with the tab of `screen` in brackets.
  static func tabLine(showing screen: Screen) -> String {
    ScreenRegistry.standard.tabLine(current: screen)
  }

  /// Two neighbouring titles of the tab line, as they read on any tab line but the one
  /// where the first of them is current ("Stopwatch  Notices"): a line holding them and no
  /// whole tab line is a tab line glued to other text.
  static let titlePairs: [String] = {
    let titles = ScreenRegistry.standard.tabTitles()
    return zip(titles, titles.dropFirst()).map { "\($0)  \($1)" }
  }()

  /// Whether python3 with its sqlite3 module is here (for a second SQLite connection).
  static let hasPythonSQLite: Bool = {
    guard let python = python else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", "import sqlite3"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? SpawnedDescriptors.run(process)) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// python3 on the tests' own PATH, else in /usr/bin.
  static let python: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin"]
    return folders.map { "\($0)/python3" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Runs `script` with python3 and `arguments`; returns how it ended (128 + the signal
  /// that ended it) and what it wrote on standard error.
  static func runPython(_ script: String, _ arguments: [String]) throws -> (
    status: Int32, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(python))
    process.arguments = ["-c", script] + arguments
    let errors = SpawnedDescriptors.pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try SpawnedDescriptors.run(process)
    let text = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return (status, String(decoding: text, as: UTF8.self))
  }

  /// Standard input for a `pocket` session that says `prefix1`, `prefix2`, … `prefixN`.
  static func sayLines(_ count: Int, prefix: String = "m") -> String {
    (1...count).map { "say \(prefix)\($0)\n" }.joined()
  }

  /// The file's inode, `nil` when there is none.
  static func inode(_ url: URL) -> UInt64? {
    var info = stat()
    return lstat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
  }
}

/// A change to make and the store to make it on.
struct Followed<Change: Sendable>: Sendable, CustomTestStringConvertible {
  let change: Change
  let store: String

  var testDescription: String {
    "\((change as? any CustomTestStringConvertible)?.testDescription ?? "\(change)") on \(store)"
  }
}

/// A screen printed in line mode: its lines from the tab line to the hint line.
struct PrintedScreen: Equatable {
  var lines: [String]

  var tabLine: String { lines.first ?? "" }

  /// The count the chat screen gives (`Messages: N`).
  var messageCount: Int? {
    lines.lazy.compactMap { line in
      line.wholeMatch(of: /Messages: (\d+)/).flatMap { Int($0.1) }
    }.first
  }

  /// The chat rows: their number and their text.
  var chatRows: [(number: Int, text: String)] {
    lines.compactMap { line in
      guard let match = line.wholeMatch(of: /(\d+)  \d{1,2}:\d\d [AP]M  (.*)/),
        let number = Int(match.1)
      else { return nil }
      return (number, String(match.2))
    }
  }

  /// Every screen in line-mode output, and what breaks the rule that each is printed whole
  /// (a tab line inside another screen, a tab or hint line glued to other text, a screen
  /// cut off at the end).
  static func split(_ output: String) -> (screens: [PrintedScreen], faults: [String]) {
    var screens: [PrintedScreen] = []
    var faults: [String] = []
    var current: [String]?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let isTab = StoreFollowing.tabLines.contains(line)
      if !isTab, StoreFollowing.titlePairs.contains(where: { line.contains($0) }) {
        faults.append("a tab line glued to other text: \(line.debugDescription)")
      }
      if !line.hasPrefix("Commands: "), line.contains("Commands: ") {
        faults.append("a hint line glued to other text: \(line.debugDescription)")
      }
      if isTab {
        if let current { faults.append("a screen printed inside another: \(current)") }
        current = [line]
      } else if current != nil {
        current?.append(line)
        if line.hasPrefix("Commands: "), let lines = current {
          screens.append(PrintedScreen(lines: lines))
          current = nil
        }
      } else if line.hasPrefix("Commands: ") {
        faults.append("a hint line outside a screen: \(line.debugDescription)")
      }
    }
    if let current { faults.append("a screen cut off: \(current)") }
    return (screens, faults)
  }
}

/// `pocket` in line mode with its standard input a pipe the test keeps open, as a script
/// that waits between commands would: what it prints is read with deadlines (poll(2)),
/// never by a read that could wait for ever.
final class LineViewer {
  let process = Process()
  private let input = SpawnedDescriptors.pipe()
  private let outputPipe = SpawnedDescriptors.pipe()
  private let errorPipe = SpawnedDescriptors.pipe()
  /// Everything it printed on standard output and standard error so far.
  private(set) var output: [UInt8] = []
  private(set) var errors: [UInt8] = []
  private var openDescriptors: [Int32]

  var printed: String { String(decoding: output, as: UTF8.self) }
  var errorText: String { String(decoding: errors, as: UTF8.self) }

  /// Starts `pocket` with no command on `store`'s folder, with `environment` added.
  init(_ store: PocketProcess, environment extra: [String: String] = [:]) throws {
    process.executableURL = PocketProcess.executable
    process.arguments = store.pocketArguments([])
    process.environment = store.environment.merging(extra) { _, given in given }
    process.standardInput = input
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    openDescriptors = [
      outputPipe.fileHandleForReading.fileDescriptor,
      errorPipe.fileHandleForReading.fileDescriptor,
    ]
    // Foundation closes the child's ends of the pipes here once it has started.
    try SpawnedDescriptors.run(process)
  }

  deinit { close() }

  /// Sends `line` and a line break.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Foundation.Data((line + "\n").utf8))
  }

  /// Reads until `predicate` holds for standard output so far; throws when `timeout`
  /// passes first, or the output ends.
  @discardableResult
  func read(
    until predicate: (String) -> Bool, timeout: Duration = StoreFollowing.deadline,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    while !predicate(printed) {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero, readOnce(waiting: left) else {
        if predicate(printed) { break }
        throw LineViewerError.timedOut(output: printed, errors: errorText)
      }
    }
    return printed
  }

  /// Reads what comes for `duration`.
  func read(for duration: Duration) {
    let deadline = ContinuousClock.now + duration
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero, readOnce(waiting: left) else { return }
    }
  }

  /// Waits for it to end (reading meanwhile) and returns its exit status; kills it and
  /// throws when `timeout` passes first.
  func wait(timeout: Duration = StoreFollowing.deadline) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        close()
        throw LineViewerError.timedOut(output: printed, errors: errorText)
      }
      if !readOnce(waiting: .milliseconds(10)) { usleep(10_000) }
    }
    while readOnce(waiting: .milliseconds(1)) {}
    return process.terminationStatus
  }

  /// Ends its input (as the end of a script does) and waits for it to end.
  func finish(timeout: Duration = StoreFollowing.deadline) throws -> Int32 {
    try? input.fileHandleForWriting.close()
    return try wait(timeout: timeout)
  }

  /// Kills it if it still runs.
  func close() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? input.fileHandleForWriting.close()
  }

  /// Waits up to `waiting` for output on either stream and reads it; false once both ended
  /// or nothing came.
  private func readOnce(waiting: Duration) -> Bool {
    guard !openDescriptors.isEmpty else { return false }
    var ready = openDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = Int32(
      clamping: max(
        1,
        waiting.components.seconds * 1000 + waiting.components.attoseconds / 1_000_000_000_000_000
      ))
    let count = poll(&ready, nfds_t(ready.count), milliseconds)
    if count < 0 { return errno == EINTR }
    if count == 0 { return false }
    var buffer = [UInt8](repeating: 0, count: 65536)
    for entry in ready where entry.revents != 0 {
      let read = buffer.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) }
      if read > 0 {
        if entry.fd == outputPipe.fileHandleForReading.fileDescriptor {
          output += buffer[..<read]
        } else {
          errors += buffer[..<read]
        }
      } else if read == 0 || (errno != EINTR && errno != EAGAIN) {
        openDescriptors.removeAll { $0 == entry.fd }
      }
    }
    return true
  }
}

enum LineViewerError: Error, CustomStringConvertible {
  case timedOut(output: String, errors: String)

  var description: String {
    switch self {
    case .timedOut(let output, let errors):
      "timed out; stdout ends with:\n\(output.suffix(3000))\n-- stderr: \(errors)"
    }
  }
}

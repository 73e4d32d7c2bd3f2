import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the real `pocket` with arguments, variables and standard input given as bytes,
/// through posix_spawn: `Process` takes `[String]`, which cannot hold bytes that are not
/// UTF-8, the very arguments a test of those needs.
enum BytePocketProcess {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `pocket arguments` with exactly the variables `environment` (`NAME=value`), and
  /// `input` on standard input; its output goes through files in a folder of its own. With
  /// `currentFolder` (bytes, perhaps not UTF-8), it runs there: `/bin/sh` changes to it and
  /// runs `pocket`, and the variable that carried the folder is gone by then.
  static func run(
    _ arguments: [[UInt8]], environment: [[UInt8]], input: [UInt8] = [],
    currentFolder: [UInt8]? = nil
  ) throws -> Run {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputPath = folder.appendingPathComponent("stdin").path
    let outputPath = folder.appendingPathComponent("stdout").path
    let errorPath = folder.appendingPathComponent("stderr").path
    try Foundation.Data(input).write(to: URL(fileURLWithPath: inputPath))
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, inputPath, O_RDONLY, 0)
    for (descriptor, path) in [(STDOUT_FILENO, outputPath), (STDERR_FILENO, errorPath)] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    let pocket = PocketProcess.executable.path
    let executable = currentFolder == nil ? pocket : "/bin/sh"
    let script = #"cd -- "$POCKET_TEST_FOLDER" && unset POCKET_TEST_FOLDER && exec "$0" "$@""#
    let argv = cStrings(
      currentFolder == nil
        ? [Array(pocket.utf8)] + arguments
        : [Array("sh".utf8), Array("-c".utf8), Array(script.utf8), Array(pocket.utf8)] + arguments)
    let envp = cStrings(
      environment + (currentFolder.map { [Array("POCKET_TEST_FOLDER=".utf8) + $0] } ?? []))
    defer { for pointer in argv + envp { free(pointer) } }
    var child = pid_t()
    let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    let exited = status & 0x7F == 0
    return Run(
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
      stdout: try String(contentsOfFile: outputPath, encoding: .utf8),
      stderr: try String(contentsOfFile: errorPath, encoding: .utf8))
  }

  /// `strings` as C strings, each `malloc`ed, and a `nil` after them.
  private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return pointer
    } + [nil]
  }
}

import PocketPresentation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first write that failed on standard output and on standard error (each an `errno`).
///
/// A failed write never hides an outcome: the run ends at it (a session reads no more
/// commands), and `ExitStatus(_:after:)` turns "done" into `outputFailed`; only the reader
/// of standard output going away (EPIPE, `pocket rates | head -1`) ends quietly, as
/// SIGPIPE would end another program. A refusal (1), a usage error (2) or an unusable
/// store (3) keeps its status.
package struct FailedWrites: Equatable, Sendable {
  package var output: Int32?
  package var error: Int32?

  package var isEmpty: Bool { output == nil && error == nil }

  /// Nothing failed, or only the reader of standard output went away.
  package var endsQuietly: Bool { error == nil && (output == nil || output == EPIPE) }

  /// What standard error says of a failed standard output (`write error: No space left on
  /// device`); `nil` when there is nothing to say or standard error failed too.
  package func report(_ language: Language) -> String? {
    guard error == nil, let output, output != EPIPE else { return nil }
    return Self.text(output, language)
  }

  /// `write error: CAUSE`, the cause as the system words it.
  static func text(_ code: Int32, _ language: Language) -> String {
    AppText.writeError(cause: String(cString: strerror(code))).text(language)
  }
}

/// The process's standard output and standard error. Every write Pocket makes to them in
/// line mode goes through here (the console, the progress line, Ctrl-C's last line break),
/// so none can fail unseen: the first failure of each stream is kept, and the stream takes
/// no more text after it.
package enum StandardStreams {
  package enum Stream: Sendable {
    case output, error

    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
  }

  private static let failures = Mutex(FailedWrites())

  package static var failedWrites: FailedWrites { failures.withLock { $0 } }

  /// Writes all of `text` to `stream`, unless a write to it failed before.
  package static func write(_ text: String, to stream: Stream) {
    let failedBefore = failures.withLock { failed in
      (stream == .output ? failed.output : failed.error) != nil
    }
    guard !failedBefore, let code = writeAll(Array(text.utf8), to: stream.descriptor) else {
      return
    }
    failures.withLock { failed in
      switch stream {
      case .output: failed.output = failed.output ?? code
      case .error: failed.error = failed.error ?? code
      }
    }
  }

  /// What writes a line rewritten in place on standard error (`ProgressLine`, `WaitLine`):
  /// `write(_:to: .error)` when standard error is a terminal, `nil` when it is not (a
  /// script, a test, a file), which then sees no such line. A failed write is kept there:
  /// the work goes on, and the run ends with it counted.
  package static var errorTerminal: (@Sendable (String) -> Void)? {
    guard isatty(STDERR_FILENO) != 0 else { return nil }
    return { write($0, to: .error) }
  }

  /// Points each standard descriptor that was closed (`pocket >&-`) at `/dev/null`, opened
  /// so that using it fails as the closed one would (EBADF). Otherwise the next file Pocket
  /// opens — the store, its lock, its journal — would take the number, and the screen would
  /// be written into it, or the file read as commands.
  package static func holdClosedDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      let held = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
      guard held >= 0, held != descriptor else { continue }
      dup2(held, descriptor)
      close(held)
    }
  }
}

/// Writes all of `bytes` to `descriptor`: again after EINTR, after waiting for room on
/// EAGAIN (a descriptor another program made non-blocking).
/// - Returns: the `errno` of the write that failed; `nil` when everything was written.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  bytes.withUnsafeBytes { buffer -> Int32? in
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(descriptor, base + offset, buffer.count - offset)
      if written > 0 {
        offset += written
        continue
      }
      // write(2) returns 0 only for a count of 0; count it as a device that takes nothing.
      let code = written == 0 ? EIO : errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
        continue
      }
      return code
    }
    return nil
  }
}

/// write(2), named so that no `write` method nearby hides it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}

import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file that must not be larger than a limit, without ever holding more.
///
/// A regular file larger than the limit is refused from its size before a byte is read;
/// anything else (a pipe, a FIFO, `/dev/zero`) is read in chunks and refused as soon as
/// it passes the limit, so an endless stream costs at most `limit` bytes and stops at once.
enum BoundedFile {
  enum Failure: Error, Equatable {
    case missing
    case directory
    /// Larger than `limit` bytes.
    case tooLarge(limit: Int)
    case notReadable(StoreCause)
  }

  static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor = try openForReading(path)
    defer { close(descriptor) }
    return try contents(of: descriptor, limit: limit)
  }

  /// The bytes of the file open as `descriptor`, from where it stands. A stream is read
  /// from the descriptor already open, never by opening its path again: a FIFO's writer
  /// that wrote while no reader had it open would end (SIGPIPE), and the stream with it.
  static func contents(of descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .notReadable(.step(.examine, path: nil, because: .errorNumber(errno)))
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { throw .directory }
    var bytes: [UInt8] = []
    if kind == S_IFREG {
      guard Int64(info.st_size) <= Int64(limit) else { throw .tooLarge(limit: limit) }
      bytes.reserveCapacity(Int(info.st_size))
    } else {
      // A stream of unknown length: room for the limit at once, so the bytes are never
      // copied to a larger buffer (which would hold them twice). The pages are only
      // address space until bytes are read into them.
      bytes.reserveCapacity(limit)
    }
    let failed = try readToEnd(descriptor) { (chunk) throws(Failure) in
      guard chunk.count <= limit - bytes.count else { throw .tooLarge(limit: limit) }
      if bytes.count + chunk.count > bytes.capacity {
        // Grow by doubling, but never past the limit.
        bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + chunk.count), limit))
      }
      bytes.append(contentsOf: chunk)
    }
    guard let code = failed else { return bytes }
    if code == EISDIR { throw .directory }
    throw .notReadable(.step(.read, path: nil, because: .errorNumber(code)))
  }

  /// Reads `descriptor` from where it stands to its end, 64 KiB at a time, handing each
  /// chunk to `take` (a read a signal interrupted is tried again).
  /// - Returns: `nil` at the end, or the `errno` of a read that failed.
  static func readToEnd<Failure: Error>(
    _ descriptor: Int32, _ take: (ArraySlice<UInt8>) throws(Failure) -> Void
  ) throws(Failure) -> Int32? {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        return code
      }
      if count == 0 { return nil }
      try take(chunk[0..<count])
    }
  }

  /// How long a FIFO is waited on for a program to write to it: as long as a refresh may
  /// take (`--timeout`'s default).
  static let writerPatience = Duration.seconds(20)

  /// The file at `path` opened for reading (the caller closes it). A FIFO that no program
  /// has opened for writing would block the open, and Pocket with it, for as long as none
  /// comes: it is opened without waiting, then waited on for its first bytes (or its
  /// writer's end) for at most `writerPatience`, and refused when none come.
  static func openForReading(
    _ path: String, writerPatience: Duration = writerPatience
  ) throws(Failure) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missing }
      if code == EISDIR { throw .directory }
      throw .notReadable(.step(.openForReading, path: nil, because: .errorNumber(code)))
    }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO,
      !waitForWriter(descriptor, patience: writerPatience)
    {
      close(descriptor)
      let seconds = writerPatience.components.seconds
      throw .notReadable(.noWriter(seconds: seconds))
    }
    // Reads wait from here on, as a program reading a file expects.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// Waits until the FIFO open as `descriptor` (without waiting) has bytes to read or its
  /// writer has ended; `false` when `patience` passed first. Linux reports no end on a FIFO
  /// no writer has opened yet, so a FIFO with none waits here, not in `open`.
  private static func waitForWriter(_ descriptor: Int32, patience: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    while true {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return false }
      let milliseconds = Int32(
        clamping: left.components.seconds * 1000 + left.components.attoseconds
          / 1_000_000_000_000_000
          + 1)
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let count = poll(&ready, 1, milliseconds)
      if count > 0 { return true }
      if count < 0, errno != EINTR { return true }  // the read that follows says why
    }
  }
}

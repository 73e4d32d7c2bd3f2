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
    case notReadable(String)
  }

  static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor = try openForReading(path)
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .notReadable("cannot examine: \(describe(errno))")
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
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EISDIR { throw .directory }
        throw .notReadable("cannot read: \(describe(code))")
      }
      if count == 0 { return bytes }
      guard count <= limit - bytes.count else { throw .tooLarge(limit: limit) }
      if bytes.count + count > bytes.capacity {
        // Grow by doubling, but never past the limit.
        bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + count), limit))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// The file at `path` opened for reading (the caller closes it).
  static func openForReading(_ path: String) throws(Failure) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missing }
      if code == EISDIR { throw .directory }
      throw .notReadable("cannot open for reading: \(describe(code))")
    }
    return descriptor
  }

  /// The system's words for the error `code`.
  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

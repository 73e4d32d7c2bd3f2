import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of an archive to be read more than once, front to back, a window at a time:
/// a regular file, kept open and read by position (`pread`), so it is never held whole;
/// or bytes in memory (a stream, which can be read only once, is read into memory whole,
/// as `BoundedFile` reads it, within the same limit).
///
/// Immutable once opened, so one value can be read from any thread; each read makes its own
/// `ByteCursor`.
final class WindowedFile: Sendable {
  private enum Storage {
    case descriptor(Int32)
    case memory([UInt8])
  }

  private let storage: Storage
  /// How many bytes there are.
  let count: Int

  /// Bytes already in memory.
  init(bytes: [UInt8]) {
    storage = .memory(bytes)
    count = bytes.count
  }

  /// Opens the file at `path` with the checks and the limit `BoundedFile` applies: a
  /// regular file larger than `limit` is refused from its size before a byte is read.
  init(path: String, limit: Int) throws(BoundedFile.Failure) {
    let descriptor = try BoundedFile.openForReading(path)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      throw .notReadable(.step(.examine, path: nil, because: .errorNumber(code)))
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else {
      // A stream (a pipe, a FIFO, a device) is read whole, from this very descriptor.
      defer { close(descriptor) }
      if kind == S_IFDIR { throw .directory }
      let bytes = try BoundedFile.contents(of: descriptor, limit: limit)
      storage = .memory(bytes)
      count = bytes.count
      return
    }
    guard Int64(info.st_size) <= Int64(limit) else {
      close(descriptor)
      throw .tooLarge(limit: limit)
    }
    storage = .descriptor(descriptor)
    count = Int(info.st_size)
  }

  deinit {
    if case .descriptor(let descriptor) = storage { close(descriptor) }
  }

  /// Copies the bytes from `offset` into `buffer`, as many as fit and there are; how many.
  /// - Throws: `.notReadable` when the file cannot be read.
  func read(at offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>)
    throws(BoundedFile.Failure) -> Int
  {
    let wanted = min(buffer.count, max(0, count - offset))
    guard wanted > 0, let base = buffer.baseAddress else { return 0 }
    switch storage {
    case .memory(let bytes):
      bytes.withUnsafeBufferPointer { source in
        guard let from = source.baseAddress else { return }
        base.update(from: from + offset, count: wanted)
      }
      return wanted
    case .descriptor(let descriptor):
      var done = 0
      while done < wanted {
        let read = pread(descriptor, base + done, wanted - done, off_t(offset + done))
        if read < 0 {
          let code = errno
          if code == EINTR { continue }
          throw .notReadable(.step(.read, path: nil, because: .errorNumber(code)))
        }
        // The file got shorter since it was opened: what is there is all there is.
        if read == 0 { break }
        done += read
      }
      return done
    }
  }

  /// The bytes in `range` (within `count`), read at once: for the small parts of a file.
  func bytes(in range: Range<Int>) throws(BoundedFile.Failure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: range.count)
    let read = try bytes.withUnsafeMutableBufferPointer { buffer throws(BoundedFile.Failure) in
      try self.read(at: range.lowerBound, into: buffer)
    }
    bytes.removeLast(range.count - read)
    return bytes
  }
}

/// Reads a `WindowedFile` front to back from a position, through a window of fixed size
/// refilled as the reader moves on, so what is held is the window, whatever the file's size.
/// Bytes passed over can be copied out on the way (`startCopying`, `stopCopying`). A fence
/// (`fence(at:)`) makes the cursor read as if the file ended there, so a value that runs
/// past a limit is found at the limit, never read to its end.
final class ByteCursor {
  /// How many bytes the window holds.
  static let windowSize = 1024 * 1024

  private let file: WindowedFile
  private let window: UnsafeMutableBufferPointer<UInt8>
  /// The file's offset of the window's first byte, how many bytes the window holds, and
  /// how many of them lie before the fence.
  private var windowStart: Int
  private var loaded = 0
  private var filled = 0
  /// The file's offset the cursor reads up to, as if the file ended there.
  private(set) var fenceOffset = Int.max
  /// The next byte's index in the window.
  private var index = 0
  /// Where in the window copying resumes, while bytes are copied.
  private var copyFrom: Int?
  private(set) var copied: [UInt8] = []
  /// Set when the file could not be read: the cursor then reads as if at the end.
  private(set) var failure: BoundedFile.Failure?

  init(_ file: WindowedFile, at offset: Int) {
    self.file = file
    window = .allocate(capacity: Self.windowSize)
    windowStart = offset
  }

  deinit { window.deallocate() }

  /// The file's offset of the next byte.
  var offset: Int { windowStart + index }

  /// How many values `skipValue` has passed: each scalar, string and container, and each
  /// element or member after a container's first (counted by its comma).
  var values = 0

  /// Whether `skipValue` met a container nested deeper than `JSONNesting.maxDepth`.
  var tooDeep = false

  /// Reads as if the file ended at `offset` (at least the next byte's), or lifts the fence
  /// (`nil`).
  func fence(at offset: Int?) {
    fenceOffset = max(offset ?? Int.max, self.offset)
    filled = min(loaded, fenceOffset - windowStart)
  }

  /// Whether the cursor stands at its fence, with the file going on past it.
  var isAtFence: Bool {
    offset == fenceOffset && (index < loaded || windowStart + loaded < file.count)
  }

  /// The next byte, without moving past it; `nil` at the end.
  @inline(__always) func peek() -> UInt8? {
    if index < filled { return window[index] }
    return refill() ? window[index] : nil
  }

  /// Moves past the next byte.
  @inline(__always) func advance() { index += 1 }

  /// The next byte, moving past it; `nil` at the end.
  @inline(__always) func next() -> UInt8? {
    guard let byte = peek() else { return nil }
    index += 1
    return byte
  }

  /// Moves past spaces, tabs and line breaks.
  func skipSpace() {
    _ = skip { !Self.isSpace($0) }
  }

  /// Whether `byte` is JSON's white space: a space, a tab or a line break.
  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x0A, 0x0D, 0x09: true
    default: false
    }
  }

  /// Moves up to the next byte `stops` says to stop at, without moving past it: that byte,
  /// or `nil` at the end. The scan runs over the window with a local index, the cursor's
  /// own position written once a window, not once a byte: skipping is most of what a
  /// large archive's reading does, byte by byte.
  @inline(__always) func skip(until stops: (UInt8) -> Bool) -> UInt8? {
    while true {
      var position = index
      let end = filled
      while position < end {
        let byte = window[position]
        if stops(byte) {
          index = position
          return byte
        }
        position += 1
      }
      index = end
      guard refill() else { return nil }
    }
  }

  /// Copies every byte passed over from here on to `copied`.
  func startCopying() { copyFrom = index }

  /// Stops copying; `copied` holds the bytes passed over since `startCopying`.
  func stopCopying() {
    if let from = copyFrom { copied.append(contentsOf: window[from..<index]) }
    copyFrom = nil
  }

  func clearCopied() { copied.removeAll(keepingCapacity: true) }

  func append(toCopied byte: UInt8) { copied.append(byte) }

  /// Loads the window from the next byte on; whether there is one before the fence.
  private func refill() -> Bool {
    guard failure == nil, filled == loaded, offset < fenceOffset else { return false }
    if let from = copyFrom {
      copied.append(contentsOf: window[from..<filled])
      copyFrom = 0
    }
    windowStart += filled
    index = 0
    loaded = 0
    filled = 0
    do {
      loaded = try file.read(at: windowStart, into: window)
    } catch {
      failure = error
    }
    filled = min(loaded, fenceOffset - windowStart)
    return filled > 0
  }
}

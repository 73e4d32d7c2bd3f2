import PocketPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the process may open enough files to run: checked once, as `pocket` starts,
/// before anything opens one.
///
/// Under a small descriptor limit (`ulimit -n 7`) Pocket's own opens fail with a message,
/// but libdispatch, which the live view, line mode and the store watch use, makes its
/// epoll and eventfd descriptors when first needed and stops the process (SIGILL) when it
/// cannot. So Pocket first opens `needed` descriptors and closes them again. When it
/// cannot, it raises the soft limit (`RLIMIT_NOFILE`) toward the hard one, as many programs
/// do, and looks again; only when even the hard limit leaves too little room does it say so
/// and exit with status 3 before anything runs.
enum DescriptorHeadroom {
  /// Descriptors that must be free besides those open at start. A line-mode session on
  /// sqlite uses 8 beyond standard input, output and error; the rest leaves room for the
  /// live view's terminal and signals, a server's connection, an export's files.
  static let needed = 32

  /// The soft limit a short one is raised to, unless the hard limit is lower or more is
  /// missing: the usual default, so the raise gives room without lifting the limit far.
  static let raisedLimit: UInt64 = 1024

  /// What stands in the way once the soft limit was raised as far as it helps (`raise`):
  /// how many could be opened (fewer than `needed`) and the limits, soft and hard (`nil`
  /// when unlimited or unknown); `nil` when there is room.
  static func shortage() -> (free: Int, limit: UInt64?, hard: UInt64?)? {
    var free = freeCount()
    if free < needed, raise(missing: needed - free) { free = freeCount() }
    guard free < needed else { return nil }
    let limits = self.limits()
    func known(_ value: rlim_t) -> UInt64? { value == rlim_t.max ? nil : UInt64(value) }
    return (free, limits.flatMap { known($0.rlim_cur) }, limits.flatMap { known($0.rlim_max) })
  }

  /// How many descriptors can be opened now, up to `needed`; `needed` when an open fails
  /// for a reason other than the limit, which says nothing about the room left.
  static func freeCount() -> Int {
    var opened: [Int32] = []
    opened.reserveCapacity(needed)
    defer { opened.forEach { close($0) } }
    let first = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard first >= 0 else { return errno == EMFILE || errno == ENFILE ? 0 : needed }
    opened.append(first)
    while opened.count < needed {
      let copy = fcntl(first, F_DUPFD_CLOEXEC, 0)
      guard copy >= 0 else {
        guard errno == EMFILE || errno == ENFILE else { return needed }
        break
      }
      opened.append(copy)
    }
    return opened.count
  }

  /// Raises the soft limit of open files by at least `missing`, to `raisedLimit` when that
  /// is more, never past the hard limit (which only root may raise); whether it rose.
  static func raise(missing: Int) -> Bool {
    guard var limit = limits() else { return false }
    let soft = UInt64(limit.rlim_cur)
    let hard = limit.rlim_max == rlim_t.max ? UInt64.max : UInt64(limit.rlim_max)
    let target = min(hard, max(soft + UInt64(missing), raisedLimit))
    guard limit.rlim_cur != rlim_t.max, target > soft else { return false }
    limit.rlim_cur = rlim_t(target)
    return setrlimit(resource, &limit) == 0
  }

  /// `RLIMIT_NOFILE`, soft and hard; `nil` when it cannot be read.
  private static func limits() -> rlimit? {
    var limit = rlimit()
    return getrlimit(resource, &limit) == 0 ? limit : nil
  }

  #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resource = RLIMIT_NOFILE
  #endif

  /// Says on standard error why Pocket does not start, in `language`.
  static func report(free: Int, limit: UInt64?, hard: UInt64?, _ language: Language) {
    let line = Array("pocket: \(text(free: free, limit: limit, hard: hard, language))\n".utf8)
    var written = 0
    while written < line.count {
      let count = line[written...].withUnsafeBytes {
        write(STDERR_FILENO, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  /// The line that says why Pocket does not start, in `language`: the soft limit was
  /// raised as far as the hard one allows, so it is the hard limit that must rise.
  static func text(free: Int, limit: UInt64?, hard: UInt64?, _ language: Language) -> String {
    let limitText = limit.map { "\($0)" } ?? "?"
    let hardText = hard.map { "\($0)" } ?? "?"
    return switch language {
    case .en:
      "Cannot start: only \(free) more files can be opened (the limit, ulimit -n, is "
        + "\(limitText), and its hard limit, ulimit -Hn, \(hardText)) and Pocket needs "
        + "\(needed); raise the hard limit (ulimit -Hn 1024, as root or in limits.conf) "
        + "and try again"
    case .ko:
      "시작할 수 없습니다: 더 열 수 있는 파일이 \(free)개뿐입니다(한도 ulimit -n: \(limitText), "
        + "최대 한도 ulimit -Hn: \(hardText)). Pocket에는 \(needed)개가 필요합니다. "
        + "최대 한도를 올린 뒤(관리자 권한으로 ulimit -Hn 1024, 또는 limits.conf에서) 다시 시도하세요"
    }
  }
}

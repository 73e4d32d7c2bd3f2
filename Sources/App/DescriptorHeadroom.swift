import Presentation

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
/// cannot. So Pocket first opens `needed` descriptors and closes them again: when it
/// cannot, it says so and exits with status 3 before anything runs.
enum DescriptorHeadroom {
  /// Descriptors that must be free besides those open at start. A line-mode session on
  /// sqlite uses 8 beyond standard input, output and error; the rest leaves room for the
  /// live view's terminal and signals, a server's connection, an export's files.
  static let needed = 32

  /// What stands in the way: how many could be opened (fewer than `needed`) and the limit
  /// (`RLIMIT_NOFILE`'s soft value, `nil` when unlimited or unknown); `nil` when there is
  /// room.
  static func shortage() -> (free: Int, limit: UInt64?)? {
    var opened: [Int32] = []
    opened.reserveCapacity(needed)
    defer { opened.forEach { close($0) } }
    // Only a limit reached counts: any other failure says nothing about the room left.
    let first = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if first >= 0 {
      opened.append(first)
      while opened.count < needed {
        let copy = fcntl(first, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else {
          guard errno == EMFILE || errno == ENFILE else { return nil }
          break
        }
        opened.append(copy)
      }
    } else if errno != EMFILE, errno != ENFILE {
      return nil
    }
    guard opened.count < needed else { return nil }
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    let known = getrlimit(resource, &limit) == 0 && limit.rlim_cur != rlim_t.max
    return (opened.count, known ? UInt64(limit.rlim_cur) : nil)
  }

  /// Says on standard error why Pocket does not start, in `language`.
  static func report(free: Int, limit: UInt64?, _ language: Language) {
    let line = Array("pocket: \(text(free: free, limit: limit, language))\n".utf8)
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

  /// The line that says why Pocket does not start, in `language`.
  static func text(free: Int, limit: UInt64?, _ language: Language) -> String {
    let limitText = limit.map { "\($0)" } ?? "?"
    return switch language {
    case .en:
      "Cannot start: only \(free) more files can be opened (the limit, ulimit -n, is "
        + "\(limitText)) and Pocket needs \(needed); raise the limit (ulimit -n 1024) "
        + "and try again"
    case .ko:
      "시작할 수 없습니다: 더 열 수 있는 파일이 \(free)개뿐입니다(한도 ulimit -n: \(limitText)). "
        + "Pocket에는 \(needed)개가 필요합니다. 한도를 올린 뒤(ulimit -n 1024) 다시 시도하세요"
    }
  }
}

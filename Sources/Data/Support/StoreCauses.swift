import Foundation
import PocketDomain

extension StoreCause {
  /// What the system says of the error number `code`, verbatim (`strerror`).
  static func errorNumber(_ code: Int32) -> StoreCause {
    .system(String(cString: strerror(code)))
  }

  /// The error number `code` met on a store file, opened without following links: a link
  /// (`ELOOP`) and a full disk (`ENOSPC`) are Pocket's own causes, any other the system's.
  static func storeFileError(_ code: Int32) -> StoreCause {
    switch code {
    case ELOOP: .symbolicLink
    case ENOSPC: .diskFull(nil)
    default: errorNumber(code)
    }
  }
}

extension InvalidDocument {
  /// A value that failed the range and text checks.
  init(reason failure: CheckFailure) { reason = .check(failure) }
}

extension DurableFile {
  /// What a file of `mode` is when it is not a regular file; `nil` for a regular file.
  static func fileKind(of mode: mode_t) -> FileKind? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: .folder
    case S_IFLNK: .symbolicLink
    case S_IFIFO: .fifo
    case S_IFCHR, S_IFBLK: .device
    case S_IFSOCK: .socket
    default: .other
    }
  }
}

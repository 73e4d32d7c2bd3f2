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
  /// A reason Pocket words in English, from a check that has no case of its own yet
  /// (`StoreCause.english`).
  init(reason text: String) { reason = .english(text) }
}

extension InvalidDocument {
  /// A value that failed the range and text checks.
  init(reason failure: CheckFailure) { reason = .check(failure) }
}

extension InvalidRow {
  /// A reason Pocket words in English, from a check that has no case of its own yet
  /// (`StoreCause.english`).
  init(reason text: String) { reason = .english(text) }
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

extension StoreCause {
  /// This cause as text, for the lists a salvaging read still keeps as text (the rows and
  /// journal lines it left out): the text of an `.english` or `.system` cause, a failed
  /// check in English, which is what those checks give; any other by its case, as a log
  /// shows it.
  var listedText: String {
    switch self {
    case .english(let text), .system(let text): text
    case .check(let failure): failure.englishText
    default: String(describing: self)
    }
  }
}

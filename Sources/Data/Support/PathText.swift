import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths worked out as text, in their UTF-8 bytes, for every path a user types or a store
/// is given. Foundation's path helpers on `NSString` trap on Linux for some paths a user
/// can type (`deletingLastPathComponent` of `x`, `.` or `a/`), and a `URL`'s path builds
/// byte sets at run time the first time a process asks for one; these never trap and read
/// as `NSString` and `URL` do where those answer.
public enum PathText {
  private static let slash = UInt8(ascii: "/")

  /// `path` made absolute (from the current folder) with its `.` and `..` parts worked out
  /// and its repeated and last slashes dropped, as `URL(fileURLWithPath:)`'s
  /// `standardizedFileURL.path` gives it.
  /// - Throws: `.storageUnavailable` for a relative path when the current folder's path is
  ///   not UTF-8 (`currentFolder()`): joined to it repaired, the path would name another
  ///   file.
  public static func standardized(_ path: String) throws(DomainError) -> String {
    let absolute = path.hasPrefix("/") ? path : try currentFolder(resolving: path) + "/" + path
    var parts: [ArraySlice<UInt8>] = []
    for part in components(absolute) {
      if part.elementsEqual("..".utf8) {
        _ = parts.popLast()
      } else if !part.elementsEqual(".".utf8) {
        parts.append(part)
      }
    }
    var standardized: [UInt8] = []
    for part in parts {
      standardized.append(slash)
      standardized += part
    }
    return standardized.isEmpty ? "/" : String(decoding: standardized, as: UTF8.self)
  }

  /// The last part of `path`, as `NSString.lastPathComponent` gives it: trailing slashes
  /// are dropped, `/` for the root, `""` for an empty path.
  public static func lastComponent(_ path: String) -> String {
    let bytes = Array(path.utf8)
    guard let last = components(path).last else {
      return bytes.isEmpty ? "" : "/"
    }
    return String(decoding: last, as: UTF8.self)
  }

  /// `path` without its last part, as `NSString.deletingLastPathComponent` gives it where
  /// that does not trap: `/` for a part in the root, `""` for a relative path of one part
  /// (the current folder), trailing and repeated slashes dropped.
  public static func parent(_ path: String) -> String {
    let parts = components(path)
    let absolute = path.utf8.first == slash
    guard parts.count > 1 else { return absolute ? "/" : "" }
    var parent: [UInt8] = absolute ? [slash] : []
    for (index, part) in parts.dropLast().enumerated() {
      if index > 0 { parent.append(slash) }
      parent += part
    }
    return String(decoding: parent, as: UTF8.self)
  }

  /// The folder `path` lies in, for the file-system calls that take one: its `parent`, or
  /// `.` for a relative path of one part.
  public static func folder(of path: String) -> String {
    let parent = parent(path)
    return parent.isEmpty ? "." : parent
  }

  /// `name` in the folder `folder`, joined with one slash, as `appendingPathComponent`
  /// gives for a name without slashes; `name` alone for an empty folder.
  public static func appending(_ name: String, to folder: String) -> String {
    guard !folder.isEmpty else { return name }
    return folder.utf8.last == slash ? folder + name : folder + "/" + name
  }

  /// `directory` with every symbolic link in its path resolved.
  /// - Throws: `.storageUnavailable` when it cannot be resolved, or when its real path is
  ///   not UTF-8 (a link to such a folder): repaired, it would name another folder.
  public static func resolved(_ directory: String) throws(DomainError) -> String {
    guard let real = realpath(directory, nil) else {
      throw .storageUnavailable(
        path: directory, reason: StoreProblem(.cannot(.resolveFolder, because: .errorNumber(errno)))
      )
    }
    defer { free(real) }
    let bytes = UnsafeRawBufferPointer(start: real, count: strlen(real))
    guard let text = UTF8Bytes.text(bytes) else {
      throw .storageUnavailable(
        path: directory,
        reason: StoreProblem(
          .realPathNotUTF8(shown: UTF8Bytes.shown(Array(bytes))), advice: .keepPathBytes))
    }
    return text
  }

  /// The current folder's path, byte for byte (`getcwd`); `nil` when it cannot be read (it
  /// was deleted, or a part of it cannot be searched).
  public static func currentFolder() -> [UInt8]? {
    var size = Int(PATH_MAX) + 1
    while size <= 1 << 20 {
      var buffer = [CChar](repeating: 0, count: size)
      if getcwd(&buffer, size) != nil {
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      }
      guard errno == ERANGE else { return nil }
      size *= 2
    }
    return nil
  }

  /// The current folder's path as text, to resolve the relative `path` against.
  /// - Throws: `.storageUnavailable` naming `path` when the folder's path is not UTF-8 or
  ///   cannot be read.
  public static func currentFolder(resolving path: String) throws(DomainError) -> String {
    guard let bytes = currentFolder() else {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(
          .currentFolderUnreadable(because: .errorNumber(errno)), advice: .useAbsolutePath))
    }
    guard let text = UTF8Bytes.text(bytes) else {
      throw .storageUnavailable(
        path: path,
        reason: StoreProblem(
          .currentFolderNotUTF8(shown: UTF8Bytes.shown(bytes)), advice: .keepPathBytes))
    }
    return text
  }

  /// The non-empty parts of `path` between its slashes.
  private static func components(_ path: String) -> [ArraySlice<UInt8>] {
    Array(path.utf8).split(separator: slash, omittingEmptySubsequences: true)
  }
}

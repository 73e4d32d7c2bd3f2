#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment as `ProcessInfo.processInfo.environment` gives it, read from
/// the C library's list and split in its UTF-8 bytes. Foundation finds each `=` character by
/// character: parsing an environment of 40 variables so took 7% of a one-shot `chat`'s
/// instructions, for a table `pocket` reads a few names of.
enum ProcessEnvironment {
  static func current() -> [String: String] {
    #if canImport(Darwin)
      guard let entries = _NSGetEnviron()?.pointee else { return [:] }
    #else
      guard let entries = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else {
        return [:]
      }
    #endif
    return variables(entries)
  }

  /// The `NAME=value` entries of a list that ends with `nil`, each split at its first `=`; a
  /// later entry of a name is kept over an earlier one, and an entry without `=` is left
  /// out (as Foundation does).
  static func variables(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String]
  {
    var variables: [String: String] = [:]
    var entry = entries
    while let text = entry.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = UnsafeBufferPointer(rebasing: bytes[..<equals])
        let value = UnsafeBufferPointer(rebasing: bytes[(equals + 1)...])
        variables[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
      }
      entry += 1
    }
    return variables
  }
}

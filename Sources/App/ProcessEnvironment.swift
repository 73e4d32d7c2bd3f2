import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment as `ProcessInfo.processInfo.environment` gives it, read from
/// the C library's list and split in its UTF-8 bytes, where Foundation finds each `=`
/// character by character: a one-shot command reads a few names of the table and should
/// not pay for parsing all of it as characters.
enum ProcessEnvironment {
  static func current() -> [String: String] {
    entries().map { variables($0) } ?? [:]
  }

  /// The variables of the process whose values are not UTF-8, each value as
  /// `UTF8Bytes.shown` shows it: `current()` gives them repaired, which no path may be.
  static func notUTF8() -> [String: String] {
    entries().map { notUTF8($0) } ?? [:]
  }

  /// The C library's list of the process's variables.
  private static func entries() -> UnsafePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
      guard let entries = _NSGetEnviron()?.pointee else { return nil }
    #else
      guard let entries = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else {
        return nil
      }
    #endif
    return UnsafePointer(entries)
  }

  /// The entries of a list that ends with `nil` whose values are not UTF-8, each split at
  /// its first `=` as `variables` splits it, the value shown by `UTF8Bytes.shown`.
  static func notUTF8(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    var found: [String: String] = [:]
    forEachEntry(entries) { name, value in
      let bytes = Array(value)
      // A later entry of a name is the one read.
      found[String(decoding: name, as: UTF8.self)] =
        UTF8Bytes.text(bytes) == nil ? UTF8Bytes.shown(bytes) : nil
    }
    return found
  }

  /// The `NAME=value` entries of a list that ends with `nil`, each split at its first `=`; a
  /// later entry of a name is kept over an earlier one, and an entry without `=` is left
  /// out (as Foundation does).
  static func variables(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String]
  {
    var variables: [String: String] = [:]
    forEachEntry(entries) { name, value in
      variables[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
    }
    return variables
  }

  /// Calls `body` with the bytes of each entry of a list that ends with `nil`, split at its
  /// first `=`, in the list's order; an entry without `=` is passed over.
  private static func forEachEntry(
    _ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>,
    _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var entry = entries
    while let text = entry.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        body(
          UnsafeBufferPointer(rebasing: bytes[..<equals]),
          UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]))
      }
      entry += 1
    }
  }
}

/// The process's arguments as the C list holds them, byte for byte (`CommandLine.arguments`
/// repairs bytes that are not UTF-8, so a path given that way would name another file).
enum ProcessArguments {
  /// Every argument after the program's name.
  static func current() -> [[UInt8]] {
    let count = Int(CommandLine.argc)
    guard count > 1 else { return [] }
    return (1..<count).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(
        UnsafeBufferPointer(
          start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
          count: strlen(argument)))
    }
  }
}

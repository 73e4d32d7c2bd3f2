import Foundation
import Testing

@testable import PocketApp

/// `pocket` reads its environment itself (`ProcessEnvironment`): the same table Foundation
/// gives.
@Suite struct ProcessEnvironmentTests {
  @Test func theEnvironmentReadsAsFoundationReadsIt() {
    #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
  }

  /// A list of odd entries (a value holding `=`, an empty value, characters beyond ASCII, a
  /// name given twice, an entry without `=`), against each entry split by `String`'s own
  /// search for its first `=`.
  @Test func oddEntriesAreSplitAtTheirFirstEqualsSign() {
    let entries = [
      "PLAIN=value", "EQUALS=a=b=c", "EMPTY=", "WIDE=가나 ü €", "TWICE=first", "NOEQUALS",
      "TWICE=second", "=nameless",
    ]
    var expected: [String: String] = [:]
    for entry in entries {
      guard let equals = entry.firstIndex(of: "=") else { continue }
      expected[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
    }
    var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    let read = pointers.withUnsafeMutableBufferPointer {
      ProcessEnvironment.variables(UnsafePointer($0.baseAddress!))
    }
    #expect(read == expected)
    #expect(read["TWICE"] == "second" && read["EQUALS"] == "a=b=c" && read["EMPTY"] == "")
  }
}

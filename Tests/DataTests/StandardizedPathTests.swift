import Foundation
import TestSupport
import Testing

@testable import PocketData

/// The sqlite store standardizes the path it is given as text (`PathText.standardized`):
/// the same path Foundation's `standardizedFileURL` gives, for paths with `.` and `..`
/// parts, repeated and trailing slashes, and relative ones.
@Suite struct StandardizedPathTests {
  static let paths = [
    "/pocket-none/a/pocket.sqlite", "/pocket-none/a/./b/pocket.sqlite",
    "/pocket-none/a/../b/pocket.sqlite", "/pocket-none//a///pocket.sqlite", "/pocket-none/a/",
    "/pocket-none/a/b/../../c", "/pocket-none/..", "/..", "/", "/pocket-none/./.", "/a/b/..",
    "/pocket-none/a/.hidden/..x/pocket.sqlite", "/pocket-none/가/ü/pocket.sqlite",
    "pocket-none/relative.sqlite", "./pocket-none/x", "pocket-none/../y", "../pocket-none/z",
  ]

  @Test(arguments: paths)
  func aPathReadsAsFoundationStandardizesIt(path: String) throws {
    let (ours, foundations) = try CurrentFolder.steady {
      (try PathText.standardized(path), URL(fileURLWithPath: path).standardizedFileURL.path)
    }
    #expect(ours == foundations)
  }
}

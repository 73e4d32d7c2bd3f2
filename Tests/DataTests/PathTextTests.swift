import Foundation
import Testing

@testable import PocketData

/// Paths as text (`PathText`): every path a user can type is taken apart without a trap,
/// and reads as Foundation's `NSString` helpers read it wherever those do not trap.
@Suite struct PathTextTests {
  /// Paths of one part and odd ones, which `NSString.deletingLastPathComponent` traps on
  /// (relative, one part), beside ordinary ones.
  static let paths = [
    "x", ".", "..", "1", "\"", "\\", "-", "~", "a\nb", "a/", "x//", "", "/",
    "/a", "/a/", "//a//b//", "a/b", "a/b/", "./x", "../x", "./", "a/./b", "/a/b/c.json",
    "가/ü/파일", "~/x", " ", "a b/c d", "/a/../b",
  ]

  /// The parent of each relative path of one part (where Foundation traps): the current
  /// folder, `""`; every other one as `NSString` gives it.
  @Test(arguments: paths)
  func aPathIsTakenApartAsFoundationDoesWithoutATrap(path: String) {
    #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent)
    let parts = path.split(separator: "/")
    if path.hasPrefix("/") || parts.count > 1 {
      #expect(PathText.parent(path) == (path as NSString).deletingLastPathComponent)
    } else {
      #expect(PathText.parent(path) == "")
      #expect(PathText.folder(of: path) == ".")
    }
  }

  /// The root written with more than one slash is the root, as Darwin's Foundation reads
  /// it (Linux's reads its last part and parent as `""`).
  @Test(arguments: ["//", "///"])
  func theRootWithRepeatedSlashesIsTheRoot(path: String) throws {
    #expect(PathText.lastComponent(path) == "/")
    #expect(PathText.parent(path) == "/")
    #expect(try PathText.standardized(path) == "/")
  }

  @Test func aNameIsJoinedToItsFolderWithOneSlash() {
    #expect(PathText.appending("b", to: "/a") == "/a/b")
    #expect(PathText.appending("b", to: "/a/") == "/a/b")
    #expect(PathText.appending("b", to: "/") == "/b")
    #expect(PathText.appending("b", to: "") == "b")
    for folder in ["/a", "/a/", "/", "a", "a/b"] {
      #expect(
        PathText.appending("n", to: folder) == (folder as NSString).appendingPathComponent("n"))
    }
  }
}

import Foundation
import TestSupport
import Testing

/// The privacy manifest an app on an Apple platform ships for the library modules
/// (`Sources/Data/PrivacyInfo.xcprivacy`) declares exactly the "required reason" API
/// categories their code calls: a call added without its declaration would get the app
/// refused by App Review, a declaration left after its call went is a false statement.
@Suite struct PrivacyManifestTests {
  /// Apple's categories and the calls of each that Swift code here could make (from
  /// Apple's list of required-reason APIs).
  static let categories: [String: [String]] = [
    "NSPrivacyAccessedAPICategorySystemBootTime": [
      "CLOCK_BOOTTIME", "CLOCK_MONOTONIC_RAW", "systemUptime", "mach_absolute_time",
    ],
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
      "stat(", "lstat(", "fstat(", "fstatat(", "getattrlist", ".creationDate",
      ".modificationDate", "contentModificationDateKey", "creationDateKey",
    ],
    "NSPrivacyAccessedAPICategoryDiskSpace": [
      "statfs", "statvfs", "volumeAvailableCapacity", "volumeTotalCapacity",
      "systemFreeSize", "systemSize",
    ],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
    "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults"],
  ]

  /// The library modules an app links (App and the executables are not shipped in one).
  static let libraries = ["Domain", "Data", "Presentation"]

  /// The code of the library modules, comment lines left out.
  static func sourceText() throws -> String {
    var text = ""
    for library in libraries {
      let folder = Fixtures.packageRoot.appending(path: "Sources/\(library)")
      let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        // The code, not what comments say of it.
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          text += line + "\n"
        }
      }
    }
    return text
  }

  static func declared() throws -> [String: [String]] {
    let file = Fixtures.packageRoot.appending(path: "Sources/Data/PrivacyInfo.xcprivacy")
    let plist = try PropertyListSerialization.propertyList(
      from: try Foundation.Data(contentsOf: file), format: nil)
    let root = try #require(plist as? [String: Any])
    #expect(root["NSPrivacyTracking"] as? Bool == false)
    let types = try #require(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    var declared: [String: [String]] = [:]
    for entry in types {
      let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
      declared[category] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
    }
    return declared
  }

  @Test func theManifestDeclaresExactlyTheCategoriesTheLibrariesCall() throws {
    let text = try Self.sourceText()
    let called = Set(
      Self.categories.filter { _, calls in calls.contains { text.contains($0) } }.keys)
    let declared = try Self.declared()
    #expect(Set(declared.keys) == called)
    #expect(declared.values.allSatisfy { !$0.isEmpty }, "every category gives a reason")
    #expect(declared["NSPrivacyAccessedAPICategorySystemBootTime"] == ["35F9.1"])
    #expect(declared["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
  }
}

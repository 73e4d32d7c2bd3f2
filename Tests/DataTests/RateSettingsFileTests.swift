import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// The rate settings of a store's folder: kept as written, owner-only, replaced whole; a
/// file that is not Pocket's is reported and left as it was, never reset.
@Suite("Rate settings file")
struct RateSettingsFileTests {
  @Test func settingsAreKeptAsWrittenAndOwnerOnly() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RateSettingsFile(folder: folder.path)
    #expect(try await file.settings() == RateSettings())
    let url = try #require(URL(string: "https://rates.example/v6/latest/USD"))
    let tried = Date(timeIntervalSince1970: 1_764_000_000.25)
    try await file.update {
      $0.source = .http(url)
      $0.triedWhenDueAt = tried
    }
    #expect(try await file.settings() == RateSettings(source: .http(url), triedWhenDueAt: tried))
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(
      text
        == #"{"source":{"url":"https://rates.example/v6/latest/USD"},"triedWhenDueMs":1764000000250,"version":1}"#
        + "\n")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? Int) == 0o600)
    try await file.update { $0.source = .file("/home/me/rates.json") }
    #expect(try await file.settings().source == .file("/home/me/rates.json"))
    try await file.update { $0.source = nil }
    #expect(try await file.settings() == RateSettings(triedWhenDueAt: tried))
  }

  @Test(arguments: [
    "not json", #"{"version":2}"#, #"{"version":1,"source":{"url":"ftp://x/y"}}"#,
    #"{"version":1,"source":{"url":"https://me:secret@x/y"}}"#,
    #"{"version":1,"source":{"file":"relative/rates.json"}}"#,
    #"{"version":1,"source":{"url":"https://x/y","file":"/a"}}"#,
    #"{"version":1,"triedWhenDueMs":-1}"#,
  ])
  func aFileThatIsNotPocketsIsReportedAndKept(text: String) async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RateSettingsFile(folder: folder.path)
    try Foundation.Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
    await #expect {
      try await file.settings()
    } throws: { error in
      guard case .corruptStore(let path, _) = error as? DomainError else { return false }
      return path == file.path
    }
    await #expect(throws: DomainError.self) { try await file.update { $0.source = nil } }
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == text)
  }

  @Test func memorySettingsAreTheProcesssOwn() async {
    let settings = InMemoryRateSettings()
    #expect(await settings.settings() == RateSettings())
    let changed = await settings.update { $0.source = .file("/r.json") }
    #expect(changed.source == .file("/r.json"))
    #expect(await settings.settings().source == .file("/r.json"))
  }
}

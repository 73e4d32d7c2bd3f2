import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another file renamed over an open `SQLiteStore`'s file: the store's next write is
/// refused, its log is emptied into the file it belongs to, and the newcomer is never
/// written, before or after the store is let go (see docs/storage.md, "A store file
/// replaced").
@Suite struct SQLiteReplacedFileTests {
  private static let date = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func aWriteAfterAnotherFileIsRenamedOverTheStoreIsRefusedAndTheNewcomerKept()
    async throws
  {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(SQLiteStore.fileName).path
    let newcomer = folder.appendingPathComponent("incoming").path
    do {
      // A whole file of its own, its log folded in when its store is let go.
      let other = try SQLiteStore.open(path: newcomer)
      _ = try await other.repositories.chat.insert(content: "newcomer", date: Self.date)
    }
    let expected = try Foundation.Data(contentsOf: URL(fileURLWithPath: newcomer))
    do {
      let store = try SQLiteStore.open(path: path)
      _ = try await store.repositories.chat.insert(content: "before", date: Self.date)
      var log = stat()
      try #require(lstat(path + "-wal", &log) == 0 && log.st_size > 0, "a log with pages")

      try #require(rename(newcomer, path) == 0)
      await #expect {
        _ = try await store.repositories.chat.insert(content: "after", date: Self.date)
      } throws: { error in
        guard case .storageUnavailable(let at, let reason) = error as? DomainError else {
          return false
        }
        return at == path && reason.english.contains("another file was put in its place")
      }
      #expect(lstat(path + "-wal", &log) == 0 && log.st_size == 0, "the log is emptied")
      // Reads are refused too, from then on.
      await #expect(throws: DomainError.self) {
        _ = try await store.repositories.chat.messages(offset: 0, limit: 10)
      }
      #expect(try Foundation.Data(contentsOf: URL(fileURLWithPath: path)) == expected)
    }
    // Let go (closed): SQLite neither checkpoints into nor deletes by name for a moved file.
    #expect(try Foundation.Data(contentsOf: URL(fileURLWithPath: path)) == expected)
    let reopened = try SQLiteStore.open(path: path)
    let page = try await reopened.repositories.chat.messages(offset: 0, limit: 10)
    #expect(page.items.map(\.content) == ["newcomer"])
  }
}

import Foundation
import PocketData
import PocketDomain
import StoreTestSupport
import Synchronization
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reaching a server: one that is not there, passwords never shown, the URLs taken.
extension PostgresStoreTests {
  @Test func aServerThatIsNotThereIsReportedNamingTheSocket() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = PostgresTarget(url: "postgresql://pocket@/pocket?host=\(folder.path)")
    #expect {
      try PostgresStore.open(target)
    } throws: { error in
      guard case DomainError.storageUnavailable(let name, let reason) = error else { return false }
      return reason.english.contains(folder.path) && reason.english.contains("No such file")
        && name.contains("pocket")
    }
  }

  @Test func aWrongPasswordIsRefusedAndNeverShown() async throws {
    try server.psql("SELECT 1")
    let role = "r" + PostgresServer.uniqueSchema()
    try server.createRole(role, password: "right-horse-battery")
    let url = server.url(user: role)
    let wrong = "wrong-staple-7f3a"
    #expect {
      try PostgresStore.open(PostgresTarget(url: url), environment: ["PGPASSWORD": wrong])
    } throws: { error in
      let text = "\(error)"
      return text.contains("password authentication failed") && !text.contains(wrong)
    }
    let store = try await Self.open(
      PostgresTarget(url: url, schema: role), environment: ["PGPASSWORD": "right-horse-battery"])
    #expect(try !store.name.contains("right-horse-battery"))
  }

  /// A password given in a URL is refused before libpq sees it, and shows in no error.
  @Test func aPasswordInTheURLIsRefusedAndNeverShown() throws {
    let secret = "s3cret-wombat"
    let target = PostgresTarget(
      url: "postgresql://nobody:\(secret)@/pocket?host=/nonexistent-\(UUID().uuidString)")
    #expect(PostgresTarget.hasPassword(target.url!))
    #expect(!PostgresTarget.hasPassword("postgresql://nobody@/pocket?host=/tmp"))
    #expect(PostgresTarget.hasPassword("host=/tmp password='a b' user=x"))
    #expect {
      try PostgresStore.open(target, environment: [:])
    } throws: { error in
      guard case .storageUnavailable(_, let reason) = error as? DomainError else { return false }
      return !"\(error)".contains(secret) && "\(error)".contains("nobody")
        && reason.english.contains("PGPASSWORD") && !reason.english.contains(secret)
    }
  }

  /// URLs and connection strings libpq reads as people write them are taken as they are;
  /// each names the store as written here by hand.
  @Test(arguments: [
    (
      "postgresql://alice@db.example.com:5432/pocket",
      "postgresql://alice@db.example.com:5432/pocket"
    ),
    ("postgres://db.example.com/pocket?sslmode=require", "postgresql://db.example.com/pocket"),
    (
      "postgresql://alice@/pocket?host=/run/postgresql&port=5433",
      "postgresql://alice@%2Frun%2Fpostgresql:5433/pocket"
    ),
    ("postgresql://[::1]:5432/pocket", "postgresql://::1:5432/pocket"),
    ("postgresql://al%40ice@h1:1,h2:2/po%2Fcket", "postgresql://al@ice@h1,h2:1,2/po/cket"),
    ("postgresql://", "postgresql:///"),
    ("host=db.example.com user=alice dbname='my db'", "postgresql://alice@db.example.com/my db"),
    ("pocket", "postgresql:///pocket"),
  ])
  func readableURLsAreTaken(url: String, named: String) {
    #expect(PostgresTarget.problem(url) == nil)
    #expect(PostgresTarget(url: url).name(environment: [:]) == named + " (schema pocket)")
  }
}

import Foundation
import TestSupport
import TestTraits
import Testing

/// A rates URL's password is never repeated (issue 41): `--rates-url` with one is refused
/// before anything is fetched, and a text that is no http URL is named without it.
@Suite("Rates URL secrets", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct RatesURLSecretTests {
  /// A port nothing listens on: a fetch that went out would fail at once, naming the URL.
  static let closedPort = "https://user:hunter2secret@127.0.0.1:1/v6/latest/USD"

  @Test(arguments: ["en", "ko"])
  func aRatesURLWithAPasswordIsRefusedBeforeAnythingIsFetched(lang: String) throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let run = try pocket.run(["--rates-url", Self.closedPort, "refresh"], lang: lang)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(!run.stderr.contains("hunter2secret"))
    #expect(!run.stdout.contains("hunter2secret"))
    let said =
      lang == "en"
      ? "pocket: --rates-url holds a password, which Pocket never takes in a URL"
      : "pocket: --rates-url에 비밀번호가 들어 있습니다."
    #expect(run.stderr.hasPrefix(said), "\(run.stderr)")
    // Refused with the options: no store was opened, so nothing was written.
    #expect(try FileManager.default.contentsOfDirectory(atPath: pocket.directory.path) == [])
  }

  /// Texts that are no http or https URL, each holding `user:secret@`: the usage error
  /// names them with `***` where the password was.
  @Test(arguments: [
    ("ftp://user:hunter2secret@host/x", "ftp://user:***@host/x"),
    ("user:hunter2secret@host", "user:***@host"),
    ("https://user:hunter2secret@[host/x", "https://user:***@[host/x"),
    ("https:user:hunter2secret@host", "https:***@host"),
  ])
  func aTextThatIsNoHTTPURLIsNamedWithoutItsPassword(text: String, shown: String) throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let run = try pocket.run(["--rates-url", text, "refresh"])
    #expect(run.status == 2)
    #expect(!run.stderr.contains("hunter2secret"))
    #expect(run.stderr == "pocket: '\(shown)' is not an http or https URL.\n")
  }
}

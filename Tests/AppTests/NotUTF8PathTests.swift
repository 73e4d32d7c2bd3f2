import Foundation
import TestSupport
import TestTraits
import Testing

/// A path that is not UTF-8 is refused at every door, never repaired (issue 41): repaired,
/// `st\xFFore` would be `st\u{FFFD}ore`, another folder. Each refusal exits 2, says which
/// door and shows the bytes, and writes nothing anywhere.
@Suite("Paths that are not UTF-8", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct NotUTF8PathTests {
  /// What every refusal says after its door's name.
  static let because =
    " (a byte that is not is shown as \\xHH). Pocket keeps a path or a word byte for byte or "
    + "refuses it: rename the file or folder, or give another.\n"

  let root: URL

  init() throws {
    root = try Fixtures.temporaryDirectory()
  }

  /// `name` in the test's folder, as bytes, with `0xFF` where `name` has `?`.
  func path(_ name: String) -> [UInt8] {
    Array((root.path + "/").utf8) + name.utf8.map { $0 == UInt8(ascii: "?") ? 0xFF : $0 }
  }

  /// `path(name)` as the message shows it.
  func shown(_ name: String) -> String {
    root.path + "/" + name.replacingOccurrences(of: "?", with: "\\xFF")
  }

  var contents: [String] {
    get throws { try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() }
  }

  /// `HOME` in the test folder (never used when the store path is given) and UTC.
  var environment: [[UInt8]] {
    [Array("HOME=\(root.path)/home".utf8), Array("TZ=UTC".utf8), Array("PATH=/usr/bin:/bin".utf8)]
  }

  func words(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

  @Test func aStorePathThatIsNotUTF8IsRefusedAndNoFolderIsMade() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store-path") + [path("st?ore")] + words("chat"),
      environment: environment)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "pocket: --store-path's value is not UTF-8 text: '\(shown("st?ore"))'" + Self.because)
    #expect(try contents == [], "no st?ore folder, no store")
  }

  @Test func theRefusalIsInKorean() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try BytePocketProcess.run(
      words("--store-path") + [path("st?ore")] + words("--lang", "ko", "chat"),
      environment: environment)
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix(
        "pocket: --store-path의 값은 UTF-8 텍스트가 아닙니다: '\(shown("st?ore"))'(UTF-8이 아닌 바이트는 16진수로 표시)."
      ), "\(run.stderr)")
    #expect(try contents == [])
  }

  @Test func aRatesFileThatIsNotUTF8IsRefused() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/store", "--rates-file")
        + [path("r?ates.json")] + words("refresh"),
      environment: environment)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "pocket: --rates-file's value is not UTF-8 text: '\(shown("r?ates.json"))'"
        + Self.because)
    #expect(try contents == [])
  }

  @Test(arguments: ["export", "import"])
  func aOneShotPathThatIsNotUTF8IsRefused(command: String) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/store", command)
        + [path("out?.json")],
      environment: environment)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "pocket: An argument of '\(command)' is not UTF-8 text: '\(shown("out?.json"))'"
        + Self.because)
    #expect(try contents == [], "no store opened, no file written")
  }

  /// Typed in line mode: the line is refused whole, the session goes on, and ends with 2.
  @Test(arguments: ["export", "import"])
  func aTypedPathThatIsNotUTF8IsRefused(command: String) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let line = Array("\(command) ".utf8) + path("out?.json") + Array("\nstore\n".utf8)
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/store"), environment: environment,
      input: line)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr
        == "The line is not UTF-8 text: '\(command) \(shown("out?.json"))'" + Self.because)
    #expect(run.stdout.contains("Store: sqlite"), "the next line ran: \(run.stdout)")
    #expect(try contents == ["store"], "only the store's folder; no out?.json")
  }

  /// A variable that names the store folder, not UTF-8: refused before any folder is made.
  @Test(arguments: [
    (["HOME=\u{1}"], "HOME"), (["XDG_DATA_HOME=\u{1}", "HOME=/nonexistent"], "XDG_DATA_HOME"),
  ])
  func aStoreFolderVariableThatIsNotUTF8IsRefused(variables: [String], name: String) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    // `\u{1}` stands for the test folder's `h?ome`.
    let environment = variables.map { variable in
      variable.hasSuffix("\u{1}")
        ? Array(variable.dropLast().utf8) + path("h?ome") : Array(variable.utf8)
    }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "chat"), environment: environment + [Array("TZ=UTC".utf8)])
    #expect(run.status == 2)
    #expect(run.stderr == "pocket: \(name) is not UTF-8 text: '\(shown("h?ome"))'" + Self.because)
    #expect(try contents == [], "no h?ome folder")
  }

  @Test func aLibPQPathThatIsNotUTF8IsRefused() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store", "postgres", "--store-path", root.path + "/store", "chat"),
      environment: environment + [Array("POCKET_LIBPQ=".utf8) + path("lib?pq.so")])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "pocket: POCKET_LIBPQ is not UTF-8 text: '\(shown("lib?pq.so"))'" + Self.because)
    #expect(try contents == [])
  }

  /// A variable that is not UTF-8 and not used (HOME, with `--store-path` given) stops
  /// nothing.
  @Test func aVariableNotUsedStopsNothing() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/store", "store"),
      environment: [Array("HOME=".utf8) + path("h?ome"), Array("TZ=UTC".utf8)])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try contents == ["store"])
  }
}

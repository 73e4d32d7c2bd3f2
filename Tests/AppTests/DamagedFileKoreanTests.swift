import Foundation
import PocketDomain
import TestSupport
import Testing

/// The refusals users meet when a file Pocket reads is damaged — a json store's journal
/// line, an export to import — read in Korean with `--lang ko`: Pocket's own sentence in
/// Korean, with only paths, fields and numbers in Latin letters; and in English as before.
@Suite("Damaged files, refused in Korean")
struct DamagedFileKoreanTests {
  /// The words of `text` in Latin letters that are Pocket's own English.
  func english(in text: String) -> [String] {
    KoreanCoverageTests.englishWords(in: text, allowing: [])
  }

  /// Two messages sent on `pocket`'s json store, then `text` appended to its journal as
  /// one more line: the journal and that line's number.
  func appendToAJournal(_ text: String, in pocket: PocketProcess) throws -> (URL, Int) {
    #expect(try pocket.run(["say", "first"]).status == 0)
    #expect(try pocket.run(["say", "second"]).status == 0)
    let journal = pocket.directory.appendingPathComponent("pocket.journal")
    let good = try Foundation.Data(contentsOf: journal)
    let line = good.count { $0 == UInt8(ascii: "\n") } + 1
    try (good + Foundation.Data(text.utf8) + [10]).write(to: journal)
    return (journal, line)
  }

  @Test func aDamagedJournalLineIsRefusedInKorean() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    let (journal, line) = try appendToAJournal(#"{"seq":9,"change":"#, in: pocket)

    let korean = try pocket.run(["--lang", "ko", "chat"])
    #expect(korean.status == 3, "\(korean.stderr)")
    #expect(
      korean.stderr.contains("\(journal.path): \(line)번째 줄은 Pocket의 변경이 아닙니다"),
      "\(korean.stderr)")
    #expect(english(in: korean.stderr).isEmpty, "English in the Korean text: \(korean.stderr)")
    let english = try pocket.run(["chat"])
    #expect(english.status == 3, "\(english.stderr)")
    #expect(
      english.stderr.contains("\(journal.path): line \(line) is not a Pocket change"),
      "\(english.stderr)")
  }

  @Test func aNumberThatIsNoIntegerInAJournalLineIsNamedInKorean() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    let (_, line) = try appendToAJournal(#"{"seq":1.5,"change":{}}"#, in: pocket)

    let korean = try pocket.run(["--lang", "ko", "chat"])
    #expect(korean.status == 3, "\(korean.stderr)")
    #expect(
      korean.stderr.contains(
        "\(line)번째 줄은 Pocket의 변경이 아닙니다: seq 값 1.5는 범위 안의 정수가 아닙니다"),
      "\(korean.stderr)")
    #expect(english(in: korean.stderr) == ["seq"], "\(korean.stderr)")
  }

  @Test func aDamagedExportIsRefusedOnImportInKorean() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "keep me"]).status == 0)
    let before = try pocket.export()
    let exported = pocket.directory.appendingPathComponent("export.json")
    #expect(try pocket.run(["export", exported.path]).status == 0)
    // Cut short: the export ends in the middle of its document.
    let whole = try Foundation.Data(contentsOf: exported)
    let cut = pocket.directory.appendingPathComponent("cut.json")
    try whole.prefix(whole.count / 2).write(to: cut)

    let korean = try pocket.run(["--lang", "ko", "import", cut.path, "--replace"])
    #expect(korean.status == 1, "\(korean.stderr)")
    #expect(korean.stderr.contains("잘렸거나 손상됨"), "\(korean.stderr)")
    #expect(english(in: korean.stderr).isEmpty, "English in the Korean text: \(korean.stderr)")
    let english = try pocket.run(["import", cut.path, "--replace"])
    #expect(english.status == 1, "\(english.stderr)")
    #expect(english.stderr.contains("(truncated or damaged)"), "\(english.stderr)")
    #expect(try pocket.export() == before)
  }

  @Test func anExportWithAFractionForANumberIsRefusedInKorean() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let archive = pocket.directory.appendingPathComponent("fraction.json")
    try Foundation.Data(
      #"{"format":"pocket-json","version":1,"laps":[{"number":1.5,"lapTimeMs":0,"totalMs":0}]}"#
        .utf8
    ).write(to: archive)
    let korean = try pocket.run(["--lang", "ko", "import", archive.path, "--replace"])
    #expect(korean.status == 1, "\(korean.stderr)")
    #expect(
      korean.stderr.contains("laps[0].number 값 1.5는 범위 안의 정수가 아닙니다"), "\(korean.stderr)")
  }
}

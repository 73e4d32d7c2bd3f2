import Foundation
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// Pocket's words: particles after a word it does not know in advance, lists, its own
/// advice in Korean, one word for one thing, and the small refusals that name the right
/// thing.
@Suite("Words")
struct WordingTests {
  let english = Strings(language: .en, timeZone: .gmt)
  let korean = Strings(language: .ko, timeZone: .gmt)

  @Test func aCommandOnTheWrongScreenNamesTheScreensAsAList() {
    let message = Message.notOnThisScreen(
      command: "rename", open: ["stopwatch", "bookmarks", "mindlog", "chat"])
    #expect(
      english.text(message)
        == "'rename' does not work on this screen: open stopwatch, bookmarks, mindlog or chat first"
    )
    #expect(
      korean.text(message)
        == "'rename'은 이 화면에서 쓸 수 없습니다: 먼저 stopwatch, bookmarks, mindlog 또는 chat으로 화면을 여세요")
    let edit = Message.notOnThisScreen(command: "edit", open: ["mindlog"])
    #expect(korean.text(edit) == "'edit'는 이 화면에서 쓸 수 없습니다: 먼저 mindlog로 화면을 여세요")
  }

  @Test func theSearchSuggestedTakesItsParticle() {
    #expect(korean.text(.input(.unknownCurrency("XAM"))).contains("(`rates xam`으로 찾아보세요)"))
    #expect(korean.text(.input(.unknownCurrency("XYZ"))).contains("(`rates xyz`로 찾아보세요)"))
  }

  @Test func usageErrorsTakeTheParticleOfTheWordTyped() {
    #expect(
      UsageError.notANumber(command: "delete", word: "0x").text(.ko)
        .contains("'0x'는 번호가 아닙니다"))
    #expect(
      UsageError.notANumber(command: "delete", word: "one").text(.ko)
        .contains("'one'은 번호가 아닙니다"))
    #expect(
      UsageError.missing(command: "calc", what: .code).text(.ko).contains("통화 코드(CODE)를 입력하세요"))
    #expect(UsageError.badTimeout("0").text(.ko).contains("'0'은 쓸 수 없습니다"))
    #expect(UsageError.notHTTPURL("ftp://x.com").text(.ko).hasPrefix("'ftp://x.com'은 http나"))
  }

  @Test func pocketsOwnCauseAndAdviceAreKorean() {
    let reason = StoreProblem(
      .writableByOthers(mode: "0777"), advice: .removeOthersWrite(command: "chmod go-w /tmp/p"))
    let message = Message.storageFailed(path: "/tmp/p", reason: reason)
    #expect(
      english.text(message)
        == "Cannot use the store at /tmp/p: the folder is writable by other users (mode 0777); "
        + "run: chmod go-w /tmp/p")
    let text = korean.text(message)
    #expect(
      text
        == "저장소를 사용할 수 없습니다: /tmp/p: 다른 사용자가 이 폴더에 쓸 수 있습니다 (권한 0777). "
        + "다른 사용자의 쓰기 권한을 없애려면 chmod go-w /tmp/p를 실행하세요")
    #expect(!text.contains("run:") && !text.contains("기술적 원인"))
    // A cause that is not Pocket's stays verbatim, named as the technical cause.
    let system = Message.storageFailed(path: "/p", reason: .system("disk I/O error"))
    #expect(english.text(system) == "Cannot use the store at /p: disk I/O error")
    #expect(korean.text(system) == "저장소를 사용할 수 없습니다: /p (기술적 원인: disk I/O error)")
  }

  /// Without HOME, the store folder cannot be found: the advice is Korean under --lang ko.
  @MainActor
  @Test func aMissingHomeIsAdvisedInKorean() async {
    let run = await ScriptedConsole.run(["--lang", "ko", "rates"], environment: ["PATH": "/bin"])
    #expect(run.status == .storeUnusable)
    #expect(run.console.errors.contains("HOME이 설정되지 않았고"))
    #expect(!run.console.errors.contains("HOME is not set"))
    #expect(run.console.errors.contains("--store-path DIR로 저장소 폴더를 정하세요"))
    #expect(!run.console.errors.contains("use --store-path"))
  }

  /// A screen's hint line names its commands with the placeholders `help` gives them, the
  /// same in both languages.
  @Test func hintsUseTheWordsOfHelp() {
    let registry = ScreenRegistry.standard
    for feature in registry.features {
      guard let tab = feature.tab else { continue }
      for segment in tab.hint.components(separatedBy: " · ") {
        let words = segment.split(separator: " ").map(String.init)
        let forms = registry.commands(named: words[0])
        #expect(!forms.isEmpty, "\(segment)")
        let usageWords = Set(
          forms.flatMap { $0.usage.split(separator: " ") }.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
          })
        for word in words.dropFirst() {
          let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
          #expect(usageWords.contains(bare), "\(bare) in '\(segment)' is not in help's usage")
        }
      }
    }
    #expect(korean.calculatorHint(base: "USD").hasPrefix("입력: convert AMOUNT [FROM]"))
    #expect(korean.pageLine(1, of: 2, items: 1...20, total: 30).hasSuffix("page N"))
  }

  @Test func aNumberTooLargeForAnIntIsANumberNoListHas() throws {
    for word in ["99999999999999999999", "+99999999999999999999", "-99999999999999999999"] {
      let command = try CommandParser.parse("delete \(word)")
      guard case .delete(let number)? = command else {
        Issue.record("\(String(describing: command))")
        continue
      }
      #expect(abs(number) == .max)
    }
    #expect(try CommandParser.parse("delete -9223372036854775808") == .delete(number: -.max))
    #expect(throws: UsageError.self) { try CommandParser.parse("delete 1e99") }
    #expect(
      english.text(.input(.noSuchItem(.max, count: 3)))
        == "There is no such item: choose a number from 1 to 3")
    #expect(korean.text(.noSuchPage(-.max, count: 2)).hasPrefix("그런 쪽이 없습니다"))
  }

  @Test func anEmptyNoteClearsItAndNoNoteKeepsIt() throws {
    #expect(
      try CommandParser.parse(words: ["edit", "1", "6", ""])
        == .edit(number: 1, text: "6", score: "6", note: "", date: nil))
    #expect(
      try CommandParser.parse("edit 1 6 \"\"")
        == .edit(number: 1, text: "6 \"\"", score: "6", note: "", date: nil))
    #expect(
      try CommandParser.parse("edit 1 6")
        == .edit(number: 1, text: "6", score: "6", note: nil, date: nil))
  }

  /// The process: a huge number is "no such item" (1), `clear` of nothing says so, an
  /// empty note clears the note, and `--help` lists `--plain` and `--color`.
  @Test func theProcessSaysWhatHappened() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    try pocket.run(["say", "hello"])
    let huge = try pocket.run(["delete", "99999999999999999999"])
    #expect(huge.status == 1)
    #expect(huge.stderr == "pocket: There is no such item: choose a number from 1 to 1\n")
    let page = try pocket.run(["page", "99999999999999999999"])
    #expect(page.status == 1)
    #expect(try pocket.run(["bookmarks"]).status == 0)
    let clear = try pocket.run(["clear"])
    #expect(clear.status == 0)
    #expect(clear.stdout.contains("There were no bookmarks to remove"))
    try pocket.run(["add", "7", "long walk"])
    let cleared = try pocket.run(["edit", "1", "6", ""])
    #expect(cleared.status == 0, "\(cleared.stderr)")
    #expect(!cleared.stdout.contains("long walk"))
    #expect(cleared.stdout.contains("Edited entry 1: 6"))
    let help = try pocket.run(["--help"]).stdout
    for option in ["--plain", "--color auto|always|never", "--bail"] {
      #expect(help.contains("\n  \(option)"), "\(option)")
    }
    #expect(!help.contains("run 'pocket --help'"))
    // `help` lists the commands and says where the options are.
    let commands = try pocket.run(["help"]).stdout
    #expect(commands.contains("--plain, --color and more): run 'pocket --help'."))
    let korean = try pocket.run(["help"], lang: "ko").stdout
    #expect(korean.contains("--plain, --color 등)은 'pocket --help'로 볼 수 있습니다."))
  }
}

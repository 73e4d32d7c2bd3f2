import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// A screen asks ICU for the names of the currencies it shows, once per language, and a
/// list shown without a search builds no search keys: launching on the rate list, drawing
/// it again and pinning a currency (`fav`) look up each shown row's name once; only a
/// search builds keys (for every listed code, with its names in both languages), once.
/// Counted with the session's own `CurrencyNames`.
@MainActor
@Suite("Currency names a screen looks up")
struct CurrencyNameCountTests {
  @MainActor
  struct Launched {
    let session: Session
    let renderer: Renderer
    let names: CurrencyNames

    /// Draws the current screen, as a front end does after a command.
    func draw() -> String { renderer.render(session.content) }

    /// The codes of the rows on the rate list.
    var shownCodes: [String] {
      (session.content.state as? RatesViewModel.State)?.quotes.map(\.code) ?? []
    }

    func run(_ command: Command) async {
      guard case .done = await session.execute(command) else {
        Issue.record("\(command) was not done")
        return
      }
      _ = draw()
    }
  }

  func launched(_ language: Language) async -> Launched {
    let names = CurrencyNames()
    let strings = Strings(language: language, timeZone: .gmt, names: names)
    return Launched(
      session: await Session.launched(strings: strings), renderer: Renderer(strings: strings),
      names: names)
  }

  @Test(arguments: Language.allCases)
  func theRateListLooksUpTheNamesOfItsRowsOnceAndAPinNone(language: Language) async {
    let launched = await launched(language)
    // Loading the list (the first launch on a store fills it from the bundled rates) reads
    // rates, not names.
    #expect(launched.names.lookUps == 0)
    #expect(launched.names.keyBuilds == 0)
    _ = launched.draw()
    let rows = launched.shownCodes.count
    #expect(rows == 162)
    #expect(launched.names.lookUps == rows)
    _ = launched.draw()
    #expect(launched.names.lookUps == rows)
    await launched.run(.favorite(code: "KRW"))
    await launched.run(.favorite(code: "KRW"))
    #expect(launched.shownCodes.count == rows)
    #expect(launched.names.lookUps == rows)
    #expect(launched.names.keyBuilds == 0)
  }

  /// A search compares every listed code's names in both languages: the first builds the
  /// keys of each code once, looking up the names the list had not shown yet; the next
  /// searches and the filtered lists look up nothing more.
  @Test(arguments: Language.allCases)
  func aSearchBuildsEachCodesKeysOnce(language: Language) async {
    let launched = await launched(language)
    _ = launched.draw()
    let codes = launched.shownCodes.count
    await launched.run(.rates(query: "won"))
    #expect(launched.shownCodes.contains("KRW"))
    #expect(launched.names.keyBuilds == codes)
    #expect(launched.names.lookUps == codes * Language.allCases.count)
    await launched.run(.rates(query: "korea"))
    await launched.run(.rates(query: "일본"))
    #expect(launched.shownCodes == ["JPY"])
    await launched.run(.rates(query: ""))
    #expect(launched.names.keyBuilds == codes)
    #expect(launched.names.lookUps == codes * Language.allCases.count)
  }

  /// The calculator shows one currency's name; a code typed builds no search keys, a word
  /// (`원화`) builds them once.
  @Test(arguments: Language.allCases)
  func theCalculatorLooksUpTheOneNameItShows(language: Language) async {
    let launched = await launched(language)
    await launched.run(.calc(code: "KRW"))
    #expect(launched.names.lookUps == 1)
    #expect(launched.names.keyBuilds == 0)
    await launched.run(.calc(code: "원화"))
    #expect(launched.names.keyBuilds == 162)
    await launched.run(.calc(code: "yen"))
    #expect(launched.names.keyBuilds == 162)
  }
}

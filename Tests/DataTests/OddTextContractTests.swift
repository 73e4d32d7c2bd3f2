import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Every text a store keeps comes back exactly as it was given, whatever characters it
/// holds: U+0000 (a line read from standard input or an imported archive may hold one, and
/// a PostgreSQL text cannot), the characters a store may escape it with (U+0001, U+FDD0,
/// U+FDD1), what an array or a statement would mistake for syntax (quotes, backslashes,
/// braces, commas, the word NULL), white space at either end, and text beyond ASCII. Each
/// goes through every call of the bookmark repository that writes or finds a text
/// (`TextRoundTripContractTests` does the chat and the mind log), and through reopening and
/// an export and import, beside favourites, rates and a screen, whose currency codes every
/// door checks (three capital letters A–Z: `RateSnapshot.isCurrencyCode`).
@Suite struct OddTextContractTests {
  /// U+FDD0 U+FDD1, in UTF-8: noncharacters, which a string literal may not hold.
  static let noncharacters = String(
    decoding: [0xEF, 0xB7, 0x90, 0xEF, 0xB7, 0x91] as [UInt8], as: UTF8.self)

  static let texts = [
    "a\u{0}b", "\u{0}", "\u{0}\u{0}", "\u{1}", "\u{1}\u{1}", "\u{1}\u{2}", "\u{0}\u{1}\u{0}",
    noncharacters, noncharacters + "\u{0}", "\"quoted\"", "back\\slash\\", "{a,b}", "NULL",
    "a,b", "  spaced  ", "tab\tline\nreturn\r", "안녕 😀 e\u{301}", "'; DROP TABLE laps; --",
  ]

  /// A currency code for each text: AAA, AAB, …
  static let codes = texts.indices.map { index in
    String(
      decoding: [65, 65 + index / 26, 65 + index % 26].map { UInt8($0) }, as: UTF8.self)
  }

  private static func bookmark(_ index: Int) -> Bookmark {
    Bookmark(
      url: "u\(index)" + texts[index], title: texts[index], noticeDate: Fixtures.date(),
      bookmarkedAt: Fixtures.date(Int64(index) * 1_000))
  }

  @Test(arguments: StoreKind.available)
  func bookmarksFavoritesRatesAndScreensKeepEveryText(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let bookmarks = Self.texts.indices.map(Self.bookmark)
    for bookmark in bookmarks { try await store.bookmarks.toggleOn(bookmark) }
    for code in Self.codes { _ = try await store.rates.toggleFavorite(code) }
    let rates = Dictionary(
      uniqueKeysWithValues: Self.codes.enumerated().map { ($1, Decimal($0 + 1)) })
    let snapshot = RateSnapshot(
      base: Self.codes[0], publishedAt: Fixtures.date(), nextUpdateAt: Fixtures.date(1_000),
      rates: rates)
    try await store.rates.storeNewer(snapshot)
    let screen = Screen.calculator(currency: Self.codes[0])
    try await store.screens.save(screen)
    let urls = bookmarks.map(\.url)

    for pass in ["as written", "after reopening"] {
      // Newest first: the later index was bookmarked later.
      #expect(
        try await store.bookmarks.bookmarks(offset: 0, limit: 100).items == bookmarks.reversed(),
        "\(pass)")
      for bookmark in bookmarks {
        #expect(try await store.bookmarks.bookmark(url: bookmark.url) == bookmark, "\(pass)")
      }
      // Each url is found, and a url that differs only in an escaped character is not.
      let others = ["u0a\u{1}b", "u1", "u1\u{1}\u{1}", "u3\u{0}", "u9" + Self.noncharacters]
      #expect(
        try await store.bookmarks.bookmarkedURLs(among: urls + others) == Set(urls), "\(pass)")
      #expect(try await store.rates.favorites() == Set(Self.codes), "\(pass)")
      #expect(try await store.rates.latest() == snapshot, "\(pass)")
      #expect(try await store.screens.lastScreen() == screen, "\(pass)")
      #expect(try await store.screens.lastCalculatorCurrency() == Self.codes[0], "\(pass)")
      try await store.reopen()
    }

    let archive = try await store.repositories.archive.export()
    #expect(archive.bookmarks == bookmarks)
    #expect(Set(archive.favoriteCurrencies) == Set(Self.codes))
    #expect(archive.latestRates == snapshot)
    var copy = try await StoreUnderTest(kind)
    defer { copy.remove() }
    try await copy.repositories.archive.replaceAll(with: archive)
    try await copy.reopen()
    #expect(try await copy.repositories.archive.export() == archive)

    // Renaming to each text, then deleting by each url, finds every bookmark.
    for (index, url) in urls.enumerated() {
      let title = Self.texts[(index + 1) % Self.texts.count]
      try await store.bookmarks.rename(url: url, to: title)
      #expect(try await store.bookmarks.bookmark(url: url)?.title == title)
    }
    for url in urls { try await store.bookmarks.delete(url: url) }
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 100).total == 0)
    for code in Self.codes { #expect(try await store.rates.toggleFavorite(code) == false) }
    #expect(try await store.rates.favorites().isEmpty)
  }

  @Test(arguments: StoreKind.available)
  func shownRowsKeepEveryText(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    // Ids and urls alternate, so each column holds values and NULLs.
    let shown = ShownList(
      screen: .named("notices"),
      items: Self.texts.enumerated().map { index, text in
        ShownItem(
          number: index + 1,
          identity: index.isMultiple(of: 2) ? .url("u" + text) : .id(Int64(index + 1)),
          text: text, value: text + text)
      })
    try await store.screens.save(shown, for: .tests)
    #expect(try await store.screens.shownList(for: .tests) == shown)
    try await store.reopen()
    #expect(try await store.screens.shownList(for: .tests) == shown)
    // Saving it again changes nothing; saving another replaces it whole.
    try await store.screens.save(shown, for: .tests)
    #expect(try await store.screens.shownList(for: .tests) == shown)
    let other = ShownList(
      screen: .named("bookmarks"),
      items: [ShownItem(number: 1, identity: .url(Self.texts[1]), text: "", value: "")])
    try await store.screens.save(other, for: .tests)
    #expect(try await store.screens.shownList(for: .tests) == other)
  }
}

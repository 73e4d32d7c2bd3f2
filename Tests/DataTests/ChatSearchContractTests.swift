import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// Every store finds exactly the messages a search's text is in, case, width and accents
/// aside, for Korean and Latin text and queries of one, two, three and more characters,
/// and pages them as the chat pages every message (`ChatRepository.matchingMessages`).
/// The expected matches are written out by hand here, and for Latin queries checked again
/// with Foundation's own folding, not with `TextSearch`. On every store, every run: a store
/// that finds its matches its own way must find these.
@Suite struct ChatSearchContractTests {
  /// The messages, each at its own minute, in this order (ids 1…9).
  static let texts = [
    "Kim called at noon",  // 1
    "ｋｉｍ ｗｒｏｔｅ ｂａｃｋ",  // 2: full-width Latin
    "김치찌개 먹자",  // 3
    "Café au lait",  // 4
    "KIMCHI 김치 party",  // 5
    "nothing here",  // 6
    "ＣＡＦＥ ＯＰＥＮ",  // 7: full-width capitals
    "회의 at 3",  // 8
    "ｶﾌｪ 카페",  // 9: half-width katakana, Hangul
  ]

  /// Each query with the messages (by their place in `texts`, from 1) that hold it, worked
  /// out by reading the texts.
  static let expected: [(query: String, ids: [Int64])] = [
    ("k", [1, 2, 5]),
    ("KI", [1, 2, 5]),
    ("kIm", [1, 2, 5]),
    ("ｋｉｍｃ", [5]),
    ("cafe", [4, 7]),
    ("CAFÉ", [4, 7]),
    ("at", [1, 8]),  // not "lait" or "party"
    ("at 3", [8]),
    ("김", [3, 5]),
    ("김치", [3, 5]),
    ("치찌개", [3]),
    ("ㄱ", [3, 5]),
    ("카페", [9]),
    ("open", [7]),
    ("called at", [1]),
    ("zzz", []),
  ]

  static func drafts() -> [(content: String, date: Date)] {
    texts.enumerated().map { (content: $1, date: Fixtures.date(Int64($0) * 60_000)) }
  }

  @Test(arguments: StoreKind.available)
  func everyStoreFindsTheMessagesThatHoldTheQuery(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let inserted = try await store.chat.insert(contentsOf: Self.drafts())
    #expect(inserted.map(\.id) == Array(1...Int64(Self.texts.count)))
    for (query, ids) in Self.expected {
      let page = try await store.chat.matchingMessages(
        TextSearch(query), skipping: 0, limit: 20)
      #expect(page.items.map(\.id) == ids, "\(kind) \(query)")
      #expect(page.total == ids.count, "\(kind) \(query)")
      #expect(page.offset == 0, "\(kind) \(query)")
      // Latin queries again by Foundation's folding, not `TextSearch`'s.
      if query.unicodeScalars.allSatisfy({ $0.value < 0x3000 || $0.value >= 0xFF00 }) {
        let options: String.CompareOptions = [
          .caseInsensitive, .widthInsensitive, .diacriticInsensitive,
        ]
        let byFoundation = Self.texts.enumerated().filter {
          $1.range(of: query, options: options) != nil
        }
        #expect(ids == byFoundation.map { Int64($0.offset + 1) }, "\(kind) \(query) Foundation")
      }
    }
  }

  /// 1,200 messages, every seventh holding the query (across the scan's chunks and the
  /// list's blocks): each window of the matches is the one the oracle's list gives.
  @Test(arguments: StoreKind.available)
  func windowsOfTheMatchesAreTheChatsWindows(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let drafts = (0..<1_200).map { index in
      (
        content: index % 7 == 3 ? "message \(index) 바늘 Needle" : "message \(index)",
        date: Fixtures.date(Int64(index / 2) * 1_000)
      )
    }
    let inserted = try await store.chat.insert(contentsOf: drafts)
    // Oldest first, by date then id, as the chat orders them: the order inserted here.
    let matches = inserted.filter { $0.content.contains("Needle") }
    for query in ["needle", "ＮＥＥＤＬＥ", "바늘"] {
      for skipping in [0, 5, 20, 160, 171, 200] {
        let page = try await store.chat.matchingMessages(
          TextSearch(query), skipping: skipping, limit: 20)
        let end = max(0, matches.count - skipping)
        let window = Array(matches[max(0, end - 20)..<end])
        #expect(page.items == window, "\(kind) \(query) skipping \(skipping)")
        #expect(page.total == matches.count, "\(kind) \(query)")
        #expect(page.offset == max(0, end - 20), "\(kind) \(query) skipping \(skipping)")
      }
    }
  }
}

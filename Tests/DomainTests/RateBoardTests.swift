import Foundation
import PocketDomain
import Testing

/// The board's order: favourites first, each part by code, after a pin changes too.
@Suite("Rate board")
struct RateBoardTests {
  func quote(_ code: String, favorite: Bool = false) -> RateQuote {
    RateQuote(code: code, rate: 1, trend: .flat, isFavorite: favorite)
  }

  @Test func pinningMovesACurrencyUpAndUnpinningBackToItsPlace() {
    let board = RateBoard(
      base: "USD", quotes: RateBoard.ordered([quote("USD"), quote("KRW"), quote("EUR")]),
      publishedAt: Date(timeIntervalSince1970: 0), nextUpdateAt: Date(timeIntervalSince1970: 0))
    #expect(board.quotes.map(\.code) == ["EUR", "KRW", "USD"])
    let pinned = board.marking("USD", favorite: true)
    #expect(pinned.quotes.map(\.code) == ["USD", "EUR", "KRW"])
    #expect(pinned.quotes.map(\.isFavorite) == [true, false, false])
    #expect(pinned.quotes.map(\.rate) == board.quotes.map(\.rate))
    #expect(pinned.marking("USD", favorite: false) == board)
  }
}

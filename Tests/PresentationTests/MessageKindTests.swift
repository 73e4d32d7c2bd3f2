import Foundation
import PocketDomain
import PocketPresentation
import Testing

@Suite("Message kinds")
struct MessageKindTests {
  /// One message of every case, with the class a user sees it in: a refusal exits 1 (or 3),
  /// a confirmation 0.
  static let samples: [(Message, Message.Kind)] = [
    (.input(.emptyAmount), .refusal), (.input(.invalidNumber), .refusal),
    (.input(.negativeAmount), .refusal),
    (.input(.scoreOutOfRange), .refusal), (.input(.futureDate("2026-12-01")), .refusal),
    (.input(.dayTooEarly("1969-12-31")), .refusal), (.input(.emptyText), .refusal),
    (.input(.unknownCurrency("XYZ")), .refusal),
    (.input(.noSuchItem(9, count: 2)), .refusal), (.input(.tooLong(.note, limit: 1)), .refusal),
    (.input(.notShown(9)), .refusal), (.input(.notOnPage(.entry, text: "x")), .refusal),
    (.input(.shownItemGone(.bookmark, number: 2, text: "x")), .refusal),
    (.input(.shownItemChanged(.notice, number: 2, text: "x")), .refusal),
    (.lineTooLong(limit: 1), .refusal), (.input(.stopwatchNotRunning), .refusal),
    (.alreadyExists, .refusal), (.notFound, .refusal),
    (.couldNotLoad(reason: .system("x")), .refusal),
    (.ratesFromTheFuture(source: "s", publishedAt: .distantFuture, clock: .now), .refusal),
    (.refreshCancelled, .refusal), (.notOnThisScreen(command: "edit", open: ["chat"]), .refusal),
    (.noCalculator, .refusal), (.input(.storeNotEmpty), .refusal),
    (.input(.invalidArchive(.english("x"))), .refusal),
    (.input(.resultTooLarge), .refusal), (.input(.outOfRange(.english("x"))), .refusal),
    (.fileFailed(path: "/p", reason: .system("x")), .refusal),
    (.storageFailed(path: "/p", reason: .system("x")), .refusal),
    (.storeBusy(path: "/p"), .refusal),
    (.bookmarkAdded("t"), .confirmation), (.bookmarkRemoved("t"), .confirmation),
    (.bookmarksCleared, .confirmation), (.noBookmarksToClear, .confirmation),
    (.favoriteAdded("KRW"), .confirmation),
    (.favoriteRemoved("KRW"), .confirmation),
    (.ratesUpdated(publishedAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.ratesNotDue(nextUpdateAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.ratesOlderThanCached(publishedAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.ratesUnchanged(publishedAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.noRateSource, .refusal),
    (.confirmClear(count: 2, titles: ["a", "b"]), .refusal), (.confirmReset(laps: 2), .refusal),
    (.noSuchPage(3, count: 2), .refusal),
    (.lastPage(count: 3), .confirmation),
    (.notConfirmed(.confirmReset(laps: 2), command: "reset --yes"), .refusal),
    (.bookmarkRenamed(number: 1, title: "t"), .confirmation),
    (.unchanged(.message, number: 1), .confirmation),
    (.messageEdited(number: 1, text: "t"), .confirmation),
    (.messageDeleted(number: 1, text: "t"), .confirmation),
    (.entryEdited(number: 1, score: "7", note: "t"), .confirmation),
    (.entryDeleted(number: 1, score: "7", note: "t"), .confirmation),
    (.input(.ownStoreFile(path: "/p", writing: true)), .refusal),
    (.input(.tooManyIntegerDigits(limit: 15)), .refusal),
    (.ambiguousCurrency("달러", candidates: ["CAD", "USD"]), .refusal),
  ]

  @Test(arguments: samples)
  func everyMessageHasItsClass(message: Message, kind: Message.Kind) {
    #expect(message.kind == kind)
    #expect(message.isRefusal == (kind == .refusal))
  }

  /// The samples hold every case: a message added without a sample fails here.
  @Test func theSamplesNameEveryCase() {
    let missing = Set(Message.Case.allCases).subtracting(Self.samples.map(\.0.case))
    #expect(missing.isEmpty, "no sample of \(missing.map(\.rawValue).sorted())")
  }
}

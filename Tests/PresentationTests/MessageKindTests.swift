import Domain
import Foundation
import Presentation
import Testing

@Suite("Message kinds")
struct MessageKindTests {
  /// One message of every case, with the class a user sees it in: a refusal exits 1 (or 3),
  /// a confirmation 0.
  static let samples: [(Message, Message.Kind)] = [
    (.enterAmount, .refusal), (.invalidNumber, .refusal), (.negativeAmount, .refusal),
    (.scoreOutOfRange, .refusal), (.futureDate("2026-12-01"), .refusal), (.emptyText, .refusal),
    (.unknownCurrency("XYZ"), .refusal),
    (.noSuchItem(9, count: 2), .refusal), (.tooLong(.note, limit: 1), .refusal),
    (.lineTooLong(limit: 1), .refusal), (.stopwatchNotRunning, .refusal),
    (.alreadyExists, .refusal), (.notFound, .refusal), (.couldNotLoad(reason: "x"), .refusal),
    (.refreshCancelled, .refusal), (.notOnThisScreen(command: "edit", open: ["chat"]), .refusal),
    (.noCalculator, .refusal), (.storeNotEmpty, .refusal), (.invalidArchive("x"), .refusal),
    (.resultTooLarge, .refusal), (.outOfRange("x"), .refusal),
    (.fileFailed(path: "/p", reason: "x"), .refusal),
    (.storageFailed(path: "/p", reason: "x"), .refusal),
    (.bookmarkAdded("t"), .confirmation), (.bookmarkRemoved("t"), .confirmation),
    (.bookmarksCleared, .confirmation), (.favoriteAdded("KRW"), .confirmation),
    (.favoriteRemoved("KRW"), .confirmation),
    (.ratesUpdated(publishedAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.ratesNotDue(nextUpdateAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.ratesOlderThanCached(publishedAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.ratesUnchanged(publishedAt: Date(timeIntervalSince1970: 0)), .confirmation),
    (.noRateSource, .refusal),
    (.confirmClear(count: 2, titles: ["a", "b"]), .refusal), (.confirmReset(laps: 2), .refusal),
    (.noSuchPage(3, count: 2), .refusal),
    (.notConfirmed(.confirmReset(laps: 2), command: "reset --yes"), .refusal),
    (.bookmarkRenamed(number: 1, title: "t"), .confirmation),
    (.messageEdited(number: 1, text: "t"), .confirmation),
    (.messageDeleted(number: 1, text: "t"), .confirmation),
    (.entryEdited(number: 1, score: "7", note: "t"), .confirmation),
    (.entryDeleted(number: 1, score: "7", note: "t"), .confirmation),
    (.ownStoreFile(path: "/p", exporting: true), .refusal),
  ]

  @Test(arguments: samples)
  func everyMessageHasItsClass(message: Message, kind: Message.Kind) {
    #expect(message.kind == kind)
    #expect(message.isRefusal == (kind == .refusal))
  }

  /// The samples name every case: adding a message without a sample fails to compile here.
  @Test func theSamplesNameEveryCase() {
    func name(_ message: Message) -> String {
      switch message {
      case .enterAmount: "enterAmount"
      case .invalidNumber: "invalidNumber"
      case .negativeAmount: "negativeAmount"
      case .scoreOutOfRange: "scoreOutOfRange"
      case .futureDate: "futureDate"
      case .emptyText: "emptyText"
      case .unknownCurrency: "unknownCurrency"
      case .noSuchItem: "noSuchItem"
      case .tooLong: "tooLong"
      case .lineTooLong: "lineTooLong"
      case .stopwatchNotRunning: "stopwatchNotRunning"
      case .alreadyExists: "alreadyExists"
      case .notFound: "notFound"
      case .couldNotLoad: "couldNotLoad"
      case .refreshCancelled: "refreshCancelled"
      case .notOnThisScreen: "notOnThisScreen"
      case .noCalculator: "noCalculator"
      case .storeNotEmpty: "storeNotEmpty"
      case .invalidArchive: "invalidArchive"
      case .resultTooLarge: "resultTooLarge"
      case .outOfRange: "outOfRange"
      case .fileFailed: "fileFailed"
      case .storageFailed: "storageFailed"
      case .bookmarkAdded: "bookmarkAdded"
      case .bookmarkRemoved: "bookmarkRemoved"
      case .bookmarksCleared: "bookmarksCleared"
      case .favoriteAdded: "favoriteAdded"
      case .favoriteRemoved: "favoriteRemoved"
      case .ratesUpdated: "ratesUpdated"
      case .ratesNotDue: "ratesNotDue"
      case .ratesOlderThanCached: "ratesOlderThanCached"
      case .ratesUnchanged: "ratesUnchanged"
      case .noRateSource: "noRateSource"
      case .noSuchPage: "noSuchPage"
      case .confirmClear: "confirmClear"
      case .confirmReset: "confirmReset"
      case .notConfirmed: "notConfirmed"
      case .bookmarkRenamed: "bookmarkRenamed"
      case .messageEdited: "messageEdited"
      case .messageDeleted: "messageDeleted"
      case .entryEdited: "entryEdited"
      case .entryDeleted: "entryDeleted"
      case .ownStoreFile: "ownStoreFile"
      }
    }
    #expect(Set(Self.samples.map { name($0.0) }).count == 43)
  }
}

import Foundation
import PocketDomain
import TestSupport
import Testing

/// The shared store's merge rules, kind by kind (`docs/local-first.md`): the last writer
/// wins by hybrid time for a value or a keyed set, a delete wins over every edit of a
/// record, every lap is kept and numbered by its total, the newest published rate set wins.
@Suite struct MergeRuleTests {
  static func at(_ milliseconds: Int64, _ machine: UInt16 = 1) -> HybridTime {
    HybridTime(milliseconds: milliseconds, machine: machine)
  }

  // MARK: Last writer wins

  @Test func theLaterWriteHoldsWhicheverArrivesFirst() {
    var inOrder = LastWriterWins("start", version: Self.at(1))
    let firstTook = inOrder.write("first", version: Self.at(5, 1))
    #expect(firstTook)
    let secondTook = inOrder.write("second", version: Self.at(5, 2))
    #expect(secondTook)
    var reversed = LastWriterWins("start", version: Self.at(1))
    let secondTookFirst = reversed.write("second", version: Self.at(5, 2))
    #expect(secondTookFirst)
    let firstTookLast = reversed.write("first", version: Self.at(5, 1))
    #expect(!firstTookLast)
    #expect(inOrder == reversed)
    #expect(inOrder.value == "second")
    // The same write again changes nothing.
    let sameTookAgain = inOrder.write("second", version: Self.at(5, 2))
    #expect(!sameTookAgain)
    let older = LastWriterWins("older", version: Self.at(3))
    #expect(older.merged(with: inOrder) == inOrder)
    #expect(inOrder.merged(with: older) == inOrder)
  }

  /// A rate set published later wins over one stored later; of two published at the same
  /// time, the later stored.
  @Test func theNewestPublishedRateSetWins() {
    let monday = RateSetVersion(publishedMilliseconds: 1_000, time: Self.at(9_000, 1))
    let tuesday = RateSetVersion(publishedMilliseconds: 2_000, time: Self.at(5_000, 2))
    var rates = LastWriterWins("tuesday", version: tuesday)
    let olderSetTook = rates.write("monday, fetched later", version: monday)
    #expect(!olderSetTook)
    #expect(rates.value == "tuesday")
    let tuesdayAgain = RateSetVersion(publishedMilliseconds: 2_000, time: Self.at(6_000, 1))
    let sameDayLaterTook = rates.write("tuesday, stored later", version: tuesdayAgain)
    #expect(sameDayLaterTook)
  }

  @Test func aRemovalKeepsAnOlderAddFromBringingAnEntryBack() {
    var bookmarks = LastWriterWinsMap<String, String>()
    let removalTook = bookmarks.remove("a.example", at: Self.at(20))
    #expect(removalTook)
    let olderAddTook = bookmarks.set("a.example", to: "an add made before", at: Self.at(10))
    #expect(!olderAddTook)
    #expect(bookmarks["a.example"] == nil)
    let laterAddTook = bookmarks.set("a.example", to: "an add made after", at: Self.at(30))
    #expect(laterAddTook)
    #expect(bookmarks.values == ["a.example": "an add made after"])
    #expect(bookmarks.time(of: "a.example") == Self.at(30))
    // A rename (a set of the whole entry) after a removal made elsewhere is later: it holds.
    let olderRemovalTook = bookmarks.remove("a.example", at: Self.at(25))
    #expect(!olderRemovalTook)
    #expect(bookmarks["a.example"] == "an add made after")
  }

  // MARK: Records by identity

  static let day = Date(timeIntervalSince1970: 1_733_486_400)

  static func entry(score: Decimal = 5, note: String = "note", date: Date = day) -> MindLog {
    MindLog(id: 7, date: date, score: score, note: note)
  }

  @Test func twoEditsOfOneFieldLeaveTheLastWritersText() {
    let message = ChatMessage(id: 1, content: "hi", date: Self.day)
    let first = ChatMessage(id: 1, content: "from A", date: Self.day, isEdited: true)
    let second = ChatMessage(id: 1, content: "from B", date: Self.day, isEdited: true)
    var inOrder = MergedRecord(inserted: message, at: Self.at(1))
    let firstEdit = inOrder.edit([.content], as: first, at: Self.at(5, 1))
    #expect(firstEdit == .applied)
    let secondEdit = inOrder.edit([.content], as: second, at: Self.at(5, 2))
    #expect(secondEdit == .applied)
    var reversed = MergedRecord(inserted: message, at: Self.at(1))
    let secondEditFirst = reversed.edit([.content], as: second, at: Self.at(5, 2))
    #expect(secondEditFirst == .applied)
    let firstEditLast = reversed.edit([.content], as: first, at: Self.at(5, 1))
    #expect(firstEditLast == .superseded)
    #expect(inOrder == reversed)
    #expect(inOrder.record?.content == "from B")
    #expect(inOrder.record?.isEdited == true)
  }

  /// One machine changes the score, another the note: both stay.
  @Test func editsOfDifferentFieldsAreBothKept() {
    var entry = MergedRecord(inserted: Self.entry(), at: Self.at(1))
    let scoreEdit = entry.edit([.score], as: Self.entry(score: 9), at: Self.at(8, 1))
    #expect(scoreEdit == .applied)
    let noteEdit = entry.edit([.note], as: Self.entry(note: "rainy"), at: Self.at(6, 2))
    #expect(noteEdit == .applied)
    #expect(entry.record == Self.entry(score: 9, note: "rainy"))
    #expect(entry.time(of: .score) == Self.at(8, 1))
    #expect(entry.time(of: .date) == Self.at(1))
  }

  /// A delete wins over an edit made after it (on a machine that had not seen it) and over
  /// one made before it that arrives after it; the editing machine is told.
  @Test(arguments: [Int64(5), 50])
  func aDeleteWinsOverAnEditWhicheverCameLater(editTime: Int64) {
    var entry = MergedRecord(inserted: Self.entry(), at: Self.at(1))
    entry.delete(at: Self.at(20, 2))
    let editAfterDelete = entry.edit(
      [.note], as: Self.entry(note: "kept?"), at: Self.at(editTime, 1))
    #expect(editAfterDelete == .deletedElsewhere)
    #expect(entry.record == nil)
    #expect(entry.deletedAt == Self.at(20, 2))
    #expect(entry.time(of: .note) == nil)
    // The edit first and the delete after: deleted all the same.
    var editedFirst = MergedRecord(inserted: Self.entry(), at: Self.at(1))
    let editBeforeDelete = editedFirst.edit(
      [.note], as: Self.entry(note: "kept?"), at: Self.at(editTime, 1))
    #expect(editBeforeDelete == .applied)
    editedFirst.delete(at: Self.at(20, 2))
    #expect(editedFirst == entry)
  }

  // MARK: Laps

  @Test func lapsOfTwoMachinesAreAllKeptAndNumberedByTheirTotals() {
    var laps = MergedLaps()
    laps.take(total: .milliseconds(3_000), at: Self.at(30, 2))
    laps.take(total: .milliseconds(1_000), at: Self.at(10, 1))
    laps.take(total: .milliseconds(2_500), at: Self.at(25, 1))
    laps.take(total: .milliseconds(1_000), at: Self.at(10, 1))  // the same lap again
    #expect(
      laps.laps == [
        Lap(number: 1, lapTime: .milliseconds(1_000), total: .milliseconds(1_000)),
        Lap(number: 2, lapTime: .milliseconds(1_500), total: .milliseconds(2_500)),
        Lap(number: 3, lapTime: .milliseconds(500), total: .milliseconds(3_000)),
      ])
  }

  /// A reset clears the laps taken before it, whether they arrive before or after it; a
  /// lap taken after it stays.
  @Test func aResetClearsTheLapsTakenBeforeIt() {
    var lapsFirst = MergedLaps()
    lapsFirst.take(total: .milliseconds(1_000), at: Self.at(10, 1))
    lapsFirst.take(total: .milliseconds(4_000), at: Self.at(40, 2))
    lapsFirst.reset(at: Self.at(20, 1))
    var resetFirst = MergedLaps()
    resetFirst.reset(at: Self.at(20, 1))
    resetFirst.take(total: .milliseconds(4_000), at: Self.at(40, 2))
    resetFirst.take(total: .milliseconds(1_000), at: Self.at(10, 1))
    #expect(lapsFirst == resetFirst)
    #expect(
      lapsFirst.laps == [Lap(number: 1, lapTime: .milliseconds(4_000), total: .milliseconds(4_000))]
    )
    // An older reset arriving late clears nothing more.
    lapsFirst.reset(at: Self.at(15, 2))
    #expect(lapsFirst == resetFirst)
    #expect(lapsFirst.resetAt == Self.at(20, 1))
  }

  /// Two machines delete the same entry: either order gives the same record, gone since
  /// the earlier delete.
  @Test func twoDeletesInEitherOrderGiveTheSameRecord() {
    var first = MergedRecord(inserted: Self.entry(), at: Self.at(1))
    first.delete(at: Self.at(30, 1))
    first.delete(at: Self.at(20, 2))
    var second = MergedRecord(inserted: Self.entry(), at: Self.at(1))
    second.delete(at: Self.at(20, 2))
    second.delete(at: Self.at(30, 1))
    #expect(first == second)
    #expect(first.deletedAt == Self.at(20, 2))
  }
}

import Foundation
import PocketDomain
import TestSupport
import Testing

/// Three machines write the same bookmarks, mind-log entry and laps while apart, one of
/// them with its wall clock a day behind; their writes reach the store in many orders
/// (each machine's own in the order it made them, the record's insert first). Every order
/// gives the same state, and it is the state an oracle derives from the writes alone: per
/// key and field the write with the greatest hybrid time, a record gone once any machine
/// deleted it, every lap taken after the latest reset.
@Suite struct MergeConvergenceTests {
  enum Write: Sendable {
    case setBookmark(url: String, title: String)
    case removeBookmark(url: String)
    case edit(fields: Set<MindLog.Field>, as: MindLog)
    case delete
    case lap(total: Duration)
    case reset
  }

  struct Made: Sendable {
    var write: Write
    var time: HybridTime
  }

  struct State: Equatable {
    var bookmarks = LastWriterWinsMap<String, String>()
    var entry: MergedRecord<MindLog>
    var laps = MergedLaps()

    mutating func apply(_ made: Made) {
      switch made.write {
      case .setBookmark(let url, let title): bookmarks.set(url, to: title, at: made.time)
      case .removeBookmark(let url): bookmarks.remove(url, at: made.time)
      case .edit(let fields, let edited): entry.edit(fields, as: edited, at: made.time)
      case .delete: entry.delete(at: made.time)
      case .lap(let total): laps.take(total: total, at: made.time)
      case .reset: laps.reset(at: made.time)
      }
    }
  }

  static let noon: Int64 = 1_733_486_400_000
  static let inserted = MindLog(
    id: 1, date: Date(timeIntervalSince1970: 1_733_486_400), score: 5, note: "first")

  /// Each machine's writes, in the order it made them.
  static func writes(count: Int, deleting: Bool, using random: inout SeededGenerator) -> [[Made]] {
    var clocks = (1...3).map { HybridClock(machine: UInt16($0)) }
    var walls: [Int64] = [noon, noon, noon - 86_400_000]
    var made: [[Made]] = [[], [], []]
    // The entry is deleted once, by one machine, somewhere in the run.
    let deleteAt = deleting ? Int.random(in: 0..<count, using: &random) : -1
    let urls = ["a.example", "b.example", "c.example"]
    for index in 0..<count {
      let machine = Int.random(in: 0..<3, using: &random)
      walls[machine] += Int64.random(in: 0...40, using: &random)
      // Now and then a machine hears of another's latest write.
      let other = (machine + 1) % 3
      if let heard = made[other].last, Bool.random(using: &random) {
        _ = clocks[machine].receive(heard.time, wall: walls[machine])
      }
      let time = clocks[machine].now(wall: walls[machine])
      let url = urls[Int.random(in: 0..<urls.count, using: &random)]
      let write: Write =
        switch Int.random(in: 0..<60, using: &random) {
        case 0..<15: .setBookmark(url: url, title: "t\(index)")
        case 15..<25: .removeBookmark(url: url)
        case 25..<40:
          .edit(
            fields: Set(MindLog.Field.allCases.filter { _ in Bool.random(using: &random) }),
            as: MindLog(
              id: 1, date: inserted.date.addingTimeInterval(Double(index)),
              score: Decimal(index % 11), note: "n\(index)"))
        case 40: .reset
        default: .lap(total: .milliseconds(Int64.random(in: 0...1_000_000, using: &random)))
        }
      made[machine].append(Made(write: index == deleteAt ? .delete : write, time: time))
    }
    return made
  }

  /// The writes as they reach the store in one order: each machine's in its own order.
  static func interleaved(_ writes: [[Made]], using random: inout SeededGenerator) -> [Made] {
    var next = [0, 0, 0]
    var order: [Made] = []
    while let machine = (0..<3).filter({ next[$0] < writes[$0].count }).randomElement(
      using: &random)
    {
      order.append(writes[machine][next[machine]])
      next[machine] += 1
    }
    return order
  }

  @Test(arguments: [false, true])
  func everyOrderGivesTheStateTheWritesAloneSay(deleting: Bool) {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let writes = Self.writes(
      count: Soak.size(600, full: 20_000), deleting: deleting, using: &random)
    let all = writes.flatMap { $0 }
    let insertTime = HybridTime(milliseconds: Self.noon - 86_400_001, machine: 1)
    let orders = Soak.size(8, full: 40)
    var states: [State] = []
    for _ in 0..<orders {
      var state = State(entry: MergedRecord(inserted: Self.inserted, at: insertTime))
      for made in Self.interleaved(writes, using: &random) { state.apply(made) }
      states.append(state)
    }
    #expect(states.allSatisfy { $0 == states[0] }, "seed \(seed)")
    let state = states[0]

    // Bookmarks: per URL, the latest write.
    var latest: [String: Made] = [:]
    for made in all {
      let url: String
      switch made.write {
      case .setBookmark(let key, _), .removeBookmark(let key): url = key
      default: continue
      }
      if latest[url].map({ made.time > $0.time }) ?? true { latest[url] = made }
    }
    let bookmarks = latest.compactMapValues { made -> String? in
      if case .setBookmark(_, let title) = made.write { return title }
      return nil
    }
    #expect(state.bookmarks.values == bookmarks, "seed \(seed)")

    // The entry: gone once deleted, else each field from its latest writer.
    let deleted = all.contains { if case .delete = $0.write { true } else { false } }
    #expect(deleted == deleting)
    if deleted {
      #expect(state.entry.record == nil, "seed \(seed)")
    } else {
      var expected = Self.inserted
      for field in MindLog.Field.allCases {
        let writer = all.filter {
          if case .edit(let fields, _) = $0.write { fields.contains(field) } else { false }
        }.max { $0.time < $1.time }
        guard let writer, case .edit(_, let edited) = writer.write else { continue }
        switch field {
        case .date: expected.date = edited.date
        case .score: expected.score = edited.score
        case .note: expected.note = edited.note
        }
      }
      #expect(state.entry.record == expected, "seed \(seed)")
    }

    // Laps: those after the latest reset, by total, their times adding up to the last.
    let lastReset = all.filter { if case .reset = $0.write { true } else { false } }
      .map(\.time).max()
    let totals = all.compactMap { made -> Duration? in
      guard case .lap(let total) = made.write else { return nil }
      return lastReset.map { made.time > $0 } ?? true ? total : nil
    }.sorted()
    #expect(state.laps.laps.map(\.total) == totals, "seed \(seed)")
    #expect(
      state.laps.laps.map(\.number)
        == Array(1..<(totals.count + 1)))
    #expect(
      state.laps.laps.reduce(Duration.zero) { $0 + $1.lapTime } == (totals.last ?? .zero),
      "seed \(seed)")
    #expect(state.laps.laps.allSatisfy { $0.lapTime >= .zero })
  }
}

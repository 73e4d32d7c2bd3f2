import Domain
import Foundation

/// What `StoreArchive.validate()` checks, with every field named as the export format
/// names it ("laps[2].number 4 leaves a gap: lap 3 is missing"), so that a refused archive
/// file points at the place in the file. `ArchiveFile.decode` runs it; `ImportStore` then
/// runs Domain's own check, which names problems in the domain's terms.
enum ArchiveChecks {
  /// The first problem of `archive`, named as in the export format; `nil` when it has none.
  static func problem(_ archive: StoreArchive) -> String? {
    if let problem = archive.identityProblem { return problem }
    return recordProblem(archive) ?? lapSequenceProblem(archive.laps)
  }

  /// The first record a store would refuse.
  private static func recordProblem(_ archive: StoreArchive) -> String? {
    func named(_ path: String) -> (String) -> String { { "\(path).\(storedName($0))" } }
    if let problem = archive.stopwatch.problem(named("stopwatch"))
      ?? Limits.counter.problem(archive.lastMindLogID, field: "mindLog.lastID")
      ?? Limits.counter.problem(archive.lastMessageID, field: "chat.lastID")
    {
      return problem
    }
    func first<Record: CheckedRecord>(_ records: [Record], _ list: String) -> String? {
      records.indices.lazy.compactMap { index in
        records[index].problem(named("\(list)[\(index)]"))
      }
      .first
    }
    return first(archive.laps, "laps") ?? first(archive.bookmarks, "bookmarks")
      ?? archive.latestRates?.problem(named("rates.latest"))
      ?? archive.previousRates?.problem(named("rates.previous"))
      ?? first(archive.mindLogs, "mindLog.entries") ?? first(archive.messages, "chat.messages")
  }

  /// The first lap that breaks the sequence a stopwatch records (`Lap.sequenceProblem`).
  private static func lapSequenceProblem(_ laps: [Lap]) -> String? {
    guard let (index, problem) = Lap.sequenceProblem(laps) else { return nil }
    let name = "laps[\(index)]"
    let lap = laps[index]
    switch problem {
    case .gap:
      return "\(name).number \(lap.number) leaves a gap: lap \(index + 1) is missing"
    case .totalGoesDown(let previousTotal):
      return "\(name).totalMs \(lap.total.milliseconds) is less than lap \(index)'s total "
        + "\(previousTotal.milliseconds)"
    case .notTheDifference(let expected):
      return "\(name).lapTimeMs \(lap.lapTime.milliseconds) is not its total minus the total "
        + "before (\(expected.milliseconds))"
    }
  }
}

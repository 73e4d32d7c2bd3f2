import Foundation
import PocketDomain

/// What `StoreArchive.validate()` checks, with every field named as the export format
/// names it ("laps[2].number 4 leaves a gap: lap 3 is missing"), so that a refused archive
/// file points at the place in the file. An archive file's reader checks its records
/// through it as they are read (`ValidatedArchiveReader`); `ImportStore` then runs Domain's
/// own check, which names problems in the domain's terms.
enum ArchiveChecks {
  /// The export format's names.
  static let naming = ArchiveNaming(
    lastMindLogID: "mindLog.lastID", lastMessageID: "chat.lastID",
    field: { part, field in
      let path =
        switch part {
        case .stopwatch: "stopwatch"
        case .latestRates: "rates.latest"
        case .previousRates: "rates.previous"
        case .lap(_, let index): "laps[\(index)]"
        case .bookmark(_, let index): "bookmarks[\(index)]"
        case .mindLog(_, let index): "mindLog.entries[\(index)]"
        case .message(_, let index): "chat.messages[\(index)]"
        }
      return "\(path).\(storedName(field))"
    },
    lapSequence: { lap, index, problem in
      .lapSequenceInFile(lap: lap.number, index: index, LapSequenceBreak(lap, problem))
    })

  /// The first problem of `archive`, named as in the export format; `nil` when it has none.
  static func problem(_ archive: StoreArchive) -> CheckFailure? {
    do {
      try ValidatedArchiveReader(archive, naming: naming).checkAll()
      return nil
    } catch DomainError.invalidInput(.invalidArchive(let problem)) {
      return problem
    } catch {
      preconditionFailure("An archive in memory reads without failing: \(error)")
    }
  }
}

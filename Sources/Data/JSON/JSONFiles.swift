import Foundation
import PocketDomain

/// The state a snapshot and its journal describe, and how far into the files it has read.
struct JSONFiles {
  let filePath: String
  let journalPath: String
  let directoryPath: String
  private(set) var state = StoreState()
  /// The stamp of the snapshot `state` started from; `nil` when there was none.
  private var snapshotStamp: DurableFile.Stamp?
  /// The document versions read and written, and the version of the snapshot on disk (an
  /// older one is rewritten, migrated, at the first change, before any journal line).
  private let versions: DocumentVersions
  private var snapshotVersion: Int
  /// The journal's stamp when last read, and the bytes and lines of whole lines read.
  private var journalStamp: DurableFile.Stamp?
  private var journalSize = 0
  private var journalLines = 0
  /// Whether the journal, as last read, holds lines and only lines the snapshot already
  /// holds: a writer has renamed a new snapshot into place and not yet emptied the journal
  /// (or was killed in between). Such a journal is emptied and grows again, and can come
  /// back to the same size within one tick of the file clock, so its stamp would look
  /// unchanged while it holds new lines: the next access reads the files again whatever
  /// their stamps say.
  private var journalIsLeftOver = false
  /// The sequence number of the last change `state` holds.
  private var seq: Int64 = 0
  /// The identities of the snapshot `state` started from (`SnapshotMarks`); none before a
  /// store's first snapshot, or for one written before snapshots had them.
  private var identity = SnapshotMarks()
  /// Whether the journal, as last read, holds lines past the snapshot that follow another
  /// snapshot (the journal of a file moved away): they are not read, and the next change
  /// empties the journal before its own line.
  private var journalIsForeign = false
  /// Why the store can no longer be used: a snapshot that no rewrite of this store wrote
  /// was put in place of the one `state` read. Every later read and change throws it.
  private(set) var replaced: DomainError?
  /// How long the journal may grow before a change rewrites the snapshot.
  private let journalLimit: JournalLimit
  /// The snapshot's size in bytes when it was read or written (0 when there is none).
  private var snapshotSize = 0
  /// One decoder for every journal line read, one encoder for every line written.
  private let lineDecoder = JSONDecoder()
  private let lineEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
  /// `state` may not match the files (a reload failed half way): read them again.
  private var needsReload = false
  /// The latest failure that lost nothing (a snapshot rewrite after a stored change), for
  /// the user.
  var warning: StoreProblem?
  /// Whether a journal line holding a value out of range is skipped (and named in
  /// `unreadable`) instead of refusing the whole store: only to rescue such a store, by an
  /// export of what can be read or a replacement of everything.
  let salvaging: Bool
  /// The journal lines skipped while salvaging, each with why.
  private(set) var unreadable: [StoreCause] = []
  /// The kinds of record that changes read from the files touched since the last
  /// `takeSeenElsewhere()`: other writers' (this store's own are applied, not read).
  private var seenElsewhere: RecordKinds = []

  init(
    filePath: String, directoryPath: String, journalLimit: JournalLimit,
    versions: DocumentVersions, salvaging: Bool = false
  ) throws(DomainError) {
    self.filePath = filePath
    self.salvaging = salvaging
    self.versions = versions
    snapshotVersion = versions.current
    journalPath = PathText.appending(JSONFileStore.journalName, to: directoryPath)
    self.directoryPath = directoryPath
    self.journalLimit = journalLimit
    needsReload = true
    try refresh()
    seenElsewhere = []
  }

  /// The kinds of record other writers' changes touched since the last call, as read from
  /// the files: the journal lines replayed, or everything when the snapshot was read
  /// anew (a compaction, an import).
  mutating func takeSeenElsewhere() -> RecordKinds {
    defer { seenElsewhere = [] }
    return seenElsewhere
  }

  /// Whether another writer may have changed the files since they were read.
  var mayHaveChanged: Bool {
    needsReload || journalIsLeftOver || DurableFile.stamp(filePath) != snapshotStamp
      || DurableFile.stamp(journalPath) != journalStamp
  }

  /// Brings `state` up to date with the files without the lock, for a read.
  ///
  /// Writers change the files in two ways only. A journal line is appended: a reader sees
  /// a prefix of it, and skips a last line without its newline. A new snapshot is renamed
  /// into place, after which the journal is emptied: a reader that opened the old snapshot
  /// still reads it whole, but may then find the journal emptied, or holding the new
  /// snapshot's lines. So what was read is consistent when the snapshot it started from
  /// (stamped from the open file) is still in place after the journal was read: the
  /// journal was not emptied meanwhile. Otherwise this starts again from the files (a
  /// writer rewrites the snapshot once per many changes, so that is rare). A failure is
  /// reported only when neither file moved while it was read. After `FileLock.patience` of
  /// files that keep moving it gives up, as a writer waiting for the lock does.
  ///
  /// One difference from reading under the lock: a line whose sync fails (the writer cuts
  /// it off again and reports the failure) can be seen by a read in between; the next read
  /// reloads without it.
  mutating func refresh() throws(DomainError) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: FileLock.patience)
    while true {
      let saved = self
      let before = (DurableFile.stamp(filePath), DurableFile.stamp(journalPath))
      do {
        try catchUp()
        if DurableFile.stamp(filePath) == snapshotStamp { return }
      } catch {
        let after = (DurableFile.stamp(filePath), DurableFile.stamp(journalPath))
        if after.0 == before.0, after.1 == before.1 { throw error }
      }
      self = saved
      guard clock.now < deadline else {
        throw .storageUnavailable(
          path: filePath,
          reason: StoreProblem(
            .keptChanging(seconds: FileLock.patience.components.seconds), advice: .retry))
      }
      usleep(1_000)
    }
  }

  /// Brings `state` up to date with the files. The caller holds the lock, or checks what
  /// was read afterwards (`refresh`).
  mutating func catchUp() throws(DomainError) {
    if let replaced { throw replaced }
    if needsReload { return try reload() }
    if journalIsLeftOver {
      // Read again; the same snapshot at the same change is the same state, not a change
      // of another writer's.
      let (snapshotBefore, seqBefore, seenBefore) = (snapshotStamp, seq, seenElsewhere)
      try reload()
      if snapshotStamp == snapshotBefore, seq == seqBefore { seenElsewhere = seenBefore }
      return
    }
    let snapshot = DurableFile.stamp(filePath)
    let journal = DurableFile.stamp(journalPath)
    guard snapshot != snapshotStamp || journal != journalStamp else { return }
    // The journal only grew, or was made since (it starts empty): its new lines are read.
    let journalGrew =
      if let journal, let known = journalStamp {
        journal.inode == known.inode && journal.size >= Int64(journalSize)
      } else {
        journal != nil && journalSize == 0
      }
    if snapshot == snapshotStamp, journalGrew {
      try readJournal()
    } else {
      try reload()
    }
  }

  /// Loads the snapshot and replays the whole journal. The caller holds the lock, or checks
  /// what was read afterwards (`refresh`).
  mutating func reload() throws(DomainError) {
    if let replaced { throw replaced }
    // What was read before, to tell a rewrite of this store from another file put in place.
    let known = snapshotStamp.map { (identity.storeID, seq, $0) }
    needsReload = true
    seenElsewhere = .all
    let read: (bytes: [UInt8], stamp: DurableFile.Stamp)?
    do {
      read = try DurableFile.readStoreFileStamped(filePath)
    } catch {
      throw .storageUnavailable(path: filePath, reason: StoreProblem(error.reason))
    }
    let bytes = read?.bytes
    let stamp = read?.stamp
    state = StoreState()
    seq = 0
    identity = SnapshotMarks()
    unreadable = []
    snapshotVersion = versions.current
    if let bytes,
      let (archive, shown, marks, version) = ArchiveDecoding.snapshot(bytes, versions: versions)
    {
      // The usual case: the chat messages read in chunks, as an import reads them.
      state = StoreState(archive, shownLists: shown)
      identity = marks
      snapshotVersion = version
    } else if let bytes {
      do {
        let (document, version) = try JSONFileStore.decodeDocument(bytes, versions: versions)
        state = StoreState(try document.toDomain(), shownLists: try document.shownLists())
        identity = document.marks
        snapshotVersion = version
      } catch {
        throw .corruptStore(path: filePath, reason: StoreProblem(error.reason))
      }
    }
    seq = identity.journalSeq ?? 0
    if let stamp, let (storeID, knownSeq, knownStamp) = known, stamp != knownStamp,
      Self.isPutInPlace(identity, seq: seq, storeID: storeID, knownSeq: knownSeq)
    {
      let error = DomainError.storageUnavailable(
        path: filePath, reason: StoreFileWatch.goneReason(replaced: true))
      replaced = error
      throw error
    }
    snapshotSize = bytes?.count ?? 0
    snapshotStamp = stamp
    journalStamp = nil
    journalSize = 0
    journalLines = 0
    journalIsForeign = false
    let snapshotSeq = seq
    try readJournal()
    try checkLapSequence()
    journalIsLeftOver = journalLines > 0 && seq == snapshotSeq
    needsReload = false
  }

  /// Applies the whole lines appended to the journal since it was last read. A last line
  /// without its newline is a write that never finished (and was never acknowledged): it
  /// is skipped, and the next change writes over it.
  private mutating func readJournal() throws(DomainError) {
    let stamp = DurableFile.stamp(journalPath)
    let tail: [UInt8]
    do {
      guard let bytes = try DurableFile.readStoreFileIfPresent(journalPath, from: journalSize)
      else {
        journalStamp = nil
        return
      }
      tail = bytes
    } catch {
      throw .storageUnavailable(path: journalPath, reason: StoreProblem(error.reason))
    }
    var start = 0
    while let end = tail[start...].firstIndex(of: UInt8(ascii: "\n")) {
      try replay(tail[start..<end], line: journalLines + 1)
      journalLines += 1
      start = end + 1
    }
    journalSize += start
    journalStamp = stamp
    if start > 0 { try checkLapSequence() }
  }

  private mutating func replay(_ bytes: ArraySlice<UInt8>, line: Int) throws(DomainError) {
    let entry: JournalEntry
    if let problem = JSONNesting.problem(in: bytes) {
      throw .corruptStore(
        path: journalPath, reason: StoreProblem(.inLine(line, .document(problem))))
    }
    do {
      entry = try lineDecoder.decode(JournalEntry.self, from: Foundation.Data(bytes))
    } catch let error as InvalidDocument {
      throw .corruptStore(path: journalPath, reason: StoreProblem(.inLine(line, error.reason)))
    } catch {
      let problem = JSONDocument.integerProblem(in: Array(bytes))
      throw .corruptStore(
        path: journalPath,
        reason: StoreProblem(.document(.notAChange(line: line, problem: problem))))
    }
    let change: StoreChange
    switch Result(catching: { () throws(InvalidDocument) in try entry.change.toDomain() }) {
    case .success(let decoded): change = decoded
    case .failure(let error):
      guard salvaging, entry.seq == seq + 1 else {
        throw .corruptStore(path: journalPath, reason: StoreProblem(.inLine(line, error.reason)))
      }
      // A change a store would refuse, written by a Pocket before every door checked:
      // skipped, and the ids it gave still count, so later lines name the same records.
      unreadable.append(.document(.inField(journalPath, .inLine(line, error.reason))))
      state.skipIDs(of: entry.change)
      seq = entry.seq
      return
    }
    guard entry.seq > seq else { return }  // already in the snapshot
    if let follows = entry.snapshot, let current = identity.snapshotID, follows != current {
      // The journal of another snapshot, not this one's.
      journalIsForeign = true
      return
    }
    guard entry.seq == seq + 1 else {
      throw .corruptStore(
        path: journalPath,
        reason: StoreProblem(.inLine(line, .changeOutOfOrder(change: entry.seq, after: seq))))
    }
    do {
      try applyReplayed(change)
      seenElsewhere.formUnion(change.kinds)
    } catch {
      guard case .invalidInput(.outOfRange(let reason)) = error else {
        throw .corruptStore(
          path: journalPath,
          reason: StoreProblem(.document(.cannotApply(line: line, because: .system("\(error)")))))
      }
      guard salvaging else {
        throw .corruptStore(
          path: journalPath,
          reason: StoreProblem(.document(.cannotApply(line: line, because: .check(reason)))))
      }
      unreadable.append(.document(.inField(journalPath, .inLine(line, .check(reason)))))
      state.skipIDs(of: entry.change)
    }
    seq = entry.seq
  }

  /// Applies a journal line's `change` (while salvaging, a lap that does not follow the
  /// laps held is out of range: `lapOutOfOrder`).
  private mutating func applyReplayed(_ change: StoreChange) throws(DomainError) {
    if let refusal = lapOutOfOrder(change) { throw refusal }
    try state.apply(change)
  }

  /// Applies `change` and makes it durable: one journal line, or a new snapshot for the
  /// first change of a new store and for a replacement of everything. The snapshot is
  /// rewritten too once the journal is long next to the store, so that the work of a
  /// change stays the same whatever the store's size.
  ///
  /// The commit point is the synced journal line (or the renamed snapshot): when it
  /// fails, this throws and nothing is stored. A snapshot rewrite that fails after the
  /// line is durable loses nothing; it becomes a warning, and a later change tries again.
  mutating func apply(_ change: StoreChange) throws -> ChangeResult {
    let result = try state.apply(change)
    if case .unchanged = result { return result }
    if let journalled = JournalChange(change), snapshotStamp != nil,
      snapshotVersion == versions.current
    {
      if journalIsForeign { try emptyJournal() }
      try append(
        JournalEntry(seq: seq + 1, change: journalled, snapshot: identity.snapshotID))
      if journalLimit.isReached(journalBytes: journalSize, snapshotBytes: snapshotSize) {
        do {
          try writeSnapshot()
        } catch {
          let reason = (error as? DurableFile.Failure)?.reason ?? .system("\(error)")
          warning = StoreProblem(.snapshotNotRewritten(journal: journalPath, because: reason))
        }
      }
    } else {
      try writeSnapshot(journalSeq: seq + 1)
    }
    return result
  }

  private mutating func append(_ entry: JournalEntry) throws {
    let line = Array(try lineEncoder.encode(entry)) + [UInt8(ascii: "\n")]
    try DurableFile.append(line, to: journalPath, at: journalSize, in: directoryPath)
    seq = entry.seq
    journalSize += line.count
    journalLines += 1
    journalStamp = DurableFile.stamp(journalPath)
    journalIsLeftOver = false
  }

  /// Writes the whole state as the new snapshot, then empties the journal it replaces.
  /// - Throws: when the new snapshot may not be in place. A journal that cannot be
  ///   emptied after it is only a warning: the snapshot holds its lines.
  private mutating func writeSnapshot(journalSeq: Int64? = nil) throws {
    let marks = SnapshotMarks(
      journalSeq: journalSeq ?? seq, storeID: identity.storeID ?? SnapshotMarks.newIdentity(),
      snapshotID: SnapshotMarks.newIdentity())
    let size = try ArchiveEncoding.replace(
      filePath, in: directoryPath,
      with: JSONDocument(
        state.archive, marks: marks, version: versions.current, terminals: state.shownLists))
    seq = marks.journalSeq ?? seq
    identity = marks
    snapshotStamp = DurableFile.stamp(filePath)
    snapshotSize = size
    snapshotVersion = versions.current
    // A crash right here leaves journal lines the snapshot already holds: their sequence
    // numbers are not above `journalSeq`, so they are skipped when read.
    do {
      try emptyJournal()
    } catch {
      // The journal's stamp no longer matches what was read: the next access reloads.
      warning = StoreProblem(.journalNotEmptied(journal: journalPath, because: error.reason))
    }
  }

  /// Empties the journal (when there is one): after a new snapshot, which holds its lines,
  /// and before the first line after a snapshot whose journal holds another one's.
  private mutating func emptyJournal() throws(DurableFile.Failure) {
    if DurableFile.stamp(journalPath) != nil {
      try DurableFile.append([], to: journalPath, at: 0, in: directoryPath)
    }
    journalSize = 0
    journalLines = 0
    journalStamp = DurableFile.stamp(journalPath)
    journalIsLeftOver = false
    journalIsForeign = false
  }
}

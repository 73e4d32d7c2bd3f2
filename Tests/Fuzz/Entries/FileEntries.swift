#if DEBUG
  import Domain
  import Foundation

  @testable import Data

  extension FuzzEntries {
    /// The bytes as an archive file, read both ways Pocket reads one: whole
    /// (`ArchiveFile.decode`, with the checks an import makes) and as the reader `import`
    /// pages through (`ArchiveFile.open`). An archive `decode` takes is written again and
    /// reads back the same, and the reader gives the same records.
    public static func archive(_ bytes: [UInt8]) {
      let decoded = try? ArchiveFile.decode(bytes, path: "fuzz.json")
      var paged: StoreArchive?
      if let reader = try? ArchiveFile.open(bytes: bytes, path: "fuzz.json") {
        paged = try? readAll(reader)
      }
      guard let decoded else { return }
      do {
        let again = try ArchiveFile.decode(ArchiveFile.encode(decoded), path: "again.json")
        FuzzCheck.require(again == decoded, "an archive written again reads back otherwise")
      } catch {
        FuzzCheck.fail("an archive that was read cannot be written and read again: \(error)")
      }
      guard let paged else {
        FuzzCheck.fail("the reader import uses refuses an archive that decode takes")
      }
      FuzzCheck.require(
        paged.laps == decoded.laps && paged.bookmarks == decoded.bookmarks
          && paged.mindLogs == decoded.mindLogs && paged.messages == decoded.messages,
        "the reader import uses gives other records than decode")
    }

    /// Every record the reader gives, in pages of 7 (so a page boundary falls inside a list).
    private static func readAll(_ reader: any ArchiveReader) throws -> StoreArchive {
      var archive = try reader.head()
      _ = try reader.recordCounts()
      try reader.laps(pageSize: 7) { archive.laps += $0 }
      try reader.bookmarks(pageSize: 7) { archive.bookmarks += $0 }
      try reader.mindLogs(pageSize: 7) { archive.mindLogs += $0 }
      try reader.messages(pageSize: 7) { archive.messages += $0 }
      return archive
    }

    /// The bytes as the body of a refresh's answer (open.er-api.com's JSON), read by the
    /// decoder `refresh` uses. A snapshot it takes has a three-letter base and rates that
    /// are positive.
    public static func rates(_ bytes: [UInt8]) {
      guard let snapshot = try? OpenERAPIDecoder().decode(Foundation.Data(bytes)) else { return }
      FuzzCheck.require(
        OpenERAPIDecoder.isCurrencyCode(snapshot.base),
        "a snapshot with the base \(FuzzCheck.quote(snapshot.base))")
      for (code, rate) in snapshot.rates {
        FuzzCheck.require(
          OpenERAPIDecoder.isCurrencyCode(code) && rate > 0,
          "a snapshot with the rate \(FuzzCheck.quote(code)) = \(rate)")
      }
    }

    /// The bytes as a json store's two files: the snapshot `pocket.json`, then, after the
    /// first NUL byte, the journal `pocket.journal` (none without a NUL). The store is
    /// opened as `pocket --store json` opens it (the snapshot read, the journal replayed),
    /// and, when `open` refuses it, as the rescue opens it (`openSalvaging`). A store that
    /// opens exports, and its export reads back the same.
    @MainActor public static func jsonStore(_ bytes: [UInt8]) async {
      let split = bytes.firstIndex(of: 0)
      let snapshot = bytes[..<(split ?? bytes.endIndex)]
      let journal = split.map { bytes[($0 + 1)...] }
      await TemporaryFolder.with { folder in
        let directory = URL(fileURLWithPath: folder + "/store")
        do {
          try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
          try Foundation.Data(snapshot).write(
            to: directory.appendingPathComponent(JSONFileStore.fileName))
          if let journal {
            try Foundation.Data(journal).write(
              to: directory.appendingPathComponent(JSONFileStore.journalName))
          }
        } catch {
          FuzzCheck.fail("cannot write the store's files: \(error)")
        }
        if let store = try? JSONFileStore.open(directory: directory, thread: .main) {
          await exportReadsBack(store.repositories, "the json store")
        } else if let store = try? JSONFileStore.openSalvaging(directory: directory) {
          _ = await store.unreadable()
          await exportReadsBack(store.repositories, "the salvaged json store")
        }
      }
    }

    @MainActor private static func exportReadsBack(_ repositories: Repositories, _ what: String)
      async
    {
      let archive: StoreArchive
      do {
        archive = try await repositories.archive.export()
      } catch {
        // A store that opened holds only what its checks let in: it exports.
        FuzzCheck.fail("\(what) opened but does not export: \(error)")
      }
      do {
        let again = try ArchiveFile.decode(ArchiveFile.encode(archive), path: "export")
        FuzzCheck.require(again == archive, "\(what)'s export reads back otherwise")
      } catch {
        FuzzCheck.fail("\(what)'s export is not an archive Pocket reads: \(error)")
      }
    }
  }
#endif

#if DEBUG
  import PocketDomain
  import Foundation

  @testable import PocketData

  extension FuzzEntries {
    /// The bytes as an archive file, read both ways Pocket reads one: whole
    /// (`ArchiveFile.decode`, with the checks an import makes) and as `import` reads a file,
    /// page by page (`ArchiveFile.open`, from a file of a scratch folder). An archive
    /// `decode` takes is exported (`ArchiveFile.write`, to a file), and the export is the
    /// bytes `encode` gives and reads back the same; the reader gives the same records.
    public static func archive(_ bytes: [UInt8]) {
      let decoded = try? ArchiveFile.decode(bytes, path: "fuzz.json")
      let file = ScratchFolder.path + "/import.json"
      ScratchFolder.write(bytes, to: file)
      var paged: StoreArchive?
      if let reader = try? ArchiveFile.open(file) {
        paged = try? readAll(reader)
      }
      guard let decoded else { return }
      let export = ScratchFolder.path + "/export.json"
      do {
        try ArchiveFile.write(decoded, to: export)
        let written = try [UInt8](Foundation.Data(contentsOf: URL(fileURLWithPath: export)))
        FuzzCheck.require(
          written == (try ArchiveFile.encode(decoded)), "an export is not the bytes encode gives")
        let again = try ArchiveFile.read(export)
        FuzzCheck.require(again == decoded, "an archive exported reads back otherwise")
      } catch {
        FuzzCheck.fail("an archive that was read cannot be exported and read again: \(error)")
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
    /// decoder `refresh` uses, and as the file `--rates-file` names (`FileRateSource`, from a
    /// file of a scratch folder). A snapshot the decoder takes has a three-letter base and
    /// rates that are positive, and the file gives the same snapshot, or the same reason
    /// after its path.
    @MainActor public static func rates(_ bytes: [UInt8]) async {
      let decoded: Result<RateSnapshot, DomainError>
      do {
        decoded = .success(try OpenERAPIDecoder().decode(Foundation.Data(bytes)))
      } catch {
        decoded = .failure(error)
      }
      if case .success(let snapshot) = decoded {
        FuzzCheck.require(
          OpenERAPIDecoder.isCurrencyCode(snapshot.base),
          "a snapshot with the base \(FuzzCheck.quote(snapshot.base))")
        for (code, rate) in snapshot.rates {
          FuzzCheck.require(
            OpenERAPIDecoder.isCurrencyCode(code) && rate > 0,
            "a snapshot with the rate \(FuzzCheck.quote(code)) = \(rate)")
        }
      }
      let file = ScratchFolder.path + "/rates.json"
      ScratchFolder.write(bytes, to: file)
      let fetched: Result<RateSnapshot, DomainError>
      do {
        fetched = .success(try await FileRateSource(path: file).fetch())
      } catch {
        fetched = .failure(error as? DomainError ?? .ratesUnavailable(reason: .system("\(error)")))
      }
      switch (decoded, fetched) {
      case (.success(let snapshot), .success(let fromFile)):
        FuzzCheck.require(snapshot == fromFile, "the rates file gives another snapshot")
      case (.failure(.ratesUnavailable(let reason)), .failure(.ratesUnavailable(let fromFile))):
        FuzzCheck.require(
          fromFile == StoreProblem(.fromSource(file, reason.cause), advice: reason.advice),
          "the rates file is refused as \(fromFile), its body as \(reason)")
      default:
        FuzzCheck.fail("the body reads as \(decoded), the rates file as \(fetched)")
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

  /// The folder of this process where the entries write the files they read back, made
  /// the first time, removed when the process exits: in /dev/shm where there is one, since
  /// an export syncs its file (which costs nothing on a tmpfs, and 0.2 s a seed on a loaded
  /// disk).
  enum ScratchFolder {
    static let path: String = {
      let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
      var template = Array((parent + "/pocket-fuzz-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { FuzzCheck.fail("mkdtemp failed: \(errno)") }
      scratchToRemove = strdup(made)
      atexit {
        if let path = scratchToRemove {
          try? FileManager.default.removeItem(atPath: String(cString: path))
        }
      }
      return String(cString: made)
    }()

    /// `bytes` as the file at `path`, replacing it.
    static func write(_ bytes: [UInt8], to path: String) {
      do {
        try Foundation.Data(bytes).write(to: URL(fileURLWithPath: path))
      } catch {
        FuzzCheck.fail("cannot write \(path): \(error)")
      }
    }
  }

  /// The folder `ScratchFolder` made, for its removal at exit (C, for `atexit`).
  nonisolated(unsafe) private var scratchToRemove: UnsafeMutablePointer<CChar>?
#endif

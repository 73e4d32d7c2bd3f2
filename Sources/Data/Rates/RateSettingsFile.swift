import Foundation
import PocketDomain
import Synchronization

/// The rate settings of a store's local folder, in `rate-settings.json` there:
/// `{"version":1,"source":{"url":"https://…"},"triedWhenDueMs":1733400000000}` (`source`
/// is `{"file":"/path"}` for a file, absent for none; `triedWhenDueMs` absent when never
/// tried). Replaced whole, atomically and durably (`DurableFile.replace`), owner-only; a
/// file that is not what Pocket writes is reported, never reset.
public struct RateSettingsFile: RateSettingsRepository {
  /// The settings file's name in the store's folder.
  public static let fileName = "rate-settings.json"

  /// The file's path.
  public let path: String
  private let folder: String

  /// The settings kept in `folder` (the store's local folder).
  public init(folder: String) {
    self.folder = folder
    path = folder + "/" + Self.fileName
  }

  public func settings() async throws -> RateSettings {
    try read()
  }

  @discardableResult
  public func update(_ change: @Sendable (inout RateSettings) -> Void) async throws
    -> RateSettings
  {
    var settings = try read()
    change(&settings)
    let bytes: [UInt8]
    do {
      bytes = Array(try Self.encoder.encode(Stored(settings)))
    } catch {
      preconditionFailure("Encoding plain fields cannot fail: \(error)")
    }
    do {
      try DurableFile.replace(path, in: folder, with: bytes + [0x0A])
    } catch {
      throw DomainError.storageUnavailable(path: path, reason: StoreProblem(error.reason))
    }
    return settings
  }

  private func read() throws -> RateSettings {
    let bytes: [UInt8]?
    do {
      bytes = try DurableFile.readStoreFileIfPresent(path)
    } catch {
      throw DomainError.storageUnavailable(path: path, reason: StoreProblem(error.reason))
    }
    guard let bytes else { return RateSettings() }
    guard let stored = try? JSONDecoder().decode(Stored.self, from: Foundation.Data(bytes)),
      let settings = stored.settings
    else { throw DomainError.corruptStore(path: path, reason: StoreProblem(.notRateSettings)) }
    return settings
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// The file's fields.
  private struct Stored: Codable {
    struct Source: Codable {
      var url: String?
      var file: String?
    }
    var version: Int
    var source: Source?
    var triedWhenDueMs: Int64?

    init(_ settings: RateSettings) {
      version = 1
      switch settings.source {
      case .http(let url): source = Source(url: url.absoluteString)
      case .file(let path): source = Source(file: path)
      case nil: source = nil
      }
      triedWhenDueMs = settings.triedWhenDueAt?.epochMilliseconds
    }

    /// The settings these fields hold; `nil` when they are not what Pocket writes.
    var settings: RateSettings? {
      guard version == 1 else { return nil }
      var settings = RateSettings()
      switch (source?.url, source?.file) {
      case (nil, nil): break
      case (let text?, nil):
        // Never a password: Pocket takes none in a URL (`--rates-url` refuses one).
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
          url.password == nil
        else { return nil }
        settings.source = .http(url)
      case (nil, let path?):
        guard path.hasPrefix("/") else { return nil }
        settings.source = .file(path)
      default: return nil
      }
      if let milliseconds = triedWhenDueMs {
        guard Limits.epochMilliseconds.contains(milliseconds) else { return nil }
        settings.triedWhenDueAt = Date(epochMilliseconds: milliseconds)
      }
      return settings
    }
  }
}

/// Rate settings held in memory, for the memory store (nothing of it outlives the process).
/// A lock, not an actor: a one-shot command on the memory store starts no thread.
public final class InMemoryRateSettings: RateSettingsRepository {
  private let kept: Mutex<RateSettings>

  public init(_ settings: RateSettings = RateSettings()) { kept = Mutex(settings) }

  public func settings() async -> RateSettings { kept.withLock { $0 } }

  @discardableResult
  public func update(_ change: @Sendable (inout RateSettings) -> Void) async -> RateSettings {
    kept.withLock { settings in
      change(&settings)
      return settings
    }
  }
}

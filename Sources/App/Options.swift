import Foundation
import Presentation

/// The kinds of store `--store` can choose.
enum StoreKind: String, CaseIterable, Sendable {
  case sqlite, json, memory
}

/// The command line before the command: global options, then the command's words.
struct Options: Equatable {
  var store: StoreKind = .sqlite
  var storePath: String?
  var language: Language?
  var showHelp = false
  /// The command and its arguments, as given.
  var command: [String] = []

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = 0
    func value(for option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else {
        throw UsageError(message: "\(option) needs a value. \(HelpText.usage)")
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--store":
        let name = try value(for: argument)
        guard let kind = StoreKind(rawValue: name) else {
          throw UsageError(message: "Unknown store '\(name)': use sqlite, json or memory.")
        }
        options.store = kind
      case "--store-path":
        options.storePath = try value(for: argument)
      case "--lang":
        let name = try value(for: argument)
        guard let language = Language(rawValue: name) else {
          throw UsageError(message: "Unknown language '\(name)': use en or ko.")
        }
        options.language = language
      case "--help", "-h":
        options.showHelp = true
      default:
        guard !argument.hasPrefix("--") else {
          throw UsageError(message: "Unknown option '\(argument)'. \(HelpText.usage)")
        }
        options.command = Array(arguments[index...])
        return options
      }
      index += 1
    }
    return options
  }

  /// The store folder: `--store-path`, else the platform's data folder for Pocket.
  func storeDirectory(environment: [String: String]) -> URL {
    if let storePath { return URL(fileURLWithPath: storePath) }
    #if os(macOS)
      let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
      if let folder = support.first { return folder.appendingPathComponent("pocket") }
    #endif
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
      return URL(fileURLWithPath: xdg).appendingPathComponent("pocket")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/pocket")
  }
}

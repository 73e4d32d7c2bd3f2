/// Pocket's own advice at the end of a reason a store gives (what the user can do about
/// it), apart from the cause before it. The cause is reported verbatim (an OS or SQLite
/// message is what one searches for); the advice is Pocket's, so a front end words it in
/// the user's language (`split`).
public enum Advice: Equatable, Sendable {
  /// Take other users' write permission away from a folder: the shell command, its path
  /// quoted for a shell.
  case removeOthersWrite(command: String)
  /// A store folder another user owns.
  case useOwnFolder
  /// Another process holds the store's lock.
  case retryWhenItEnds
  /// The store kept changing while it was read.
  case retry
  /// No folder for the store could be found from the environment.
  case useStorePath
  /// `export` over something that is neither a new file nor a regular file.
  case exportToRegularFile
  /// A path that is not UTF-8 (`UTF8Bytes`), which Pocket does not repair.
  case keepPathBytes

  /// The advice as it ends an English reason.
  public var english: String {
    switch self {
    case .removeOthersWrite(let command): "run: \(command)"
    case .useOwnFolder: "keep the store in a folder of your own"
    case .retryWhenItEnds: "try again when it ends"
    case .retry: "try again"
    case .useStorePath: "use --store-path DIR"
    case .exportToRegularFile: "export writes only a new file or over a regular file"
    case .keepPathBytes:
      "Pocket keeps a path byte for byte or refuses it: give an absolute path, or rename the "
        + "folder"
    }
  }

  /// `cause`, then this advice: the reason a store reports.
  public func after(_ cause: String) -> String { cause + "; " + english }

  /// Every advice but the one with a command, whose text is fixed.
  static let fixed: [Advice] = [
    .useOwnFolder, .retryWhenItEnds, .retry, .useStorePath, .exportToRegularFile,
    .keepPathBytes,
  ]

  /// `reason` as its cause and the advice that ends it (`after(_:)`), if one does.
  public static func split(_ reason: String) -> (cause: String, advice: Advice?) {
    for advice in fixed where reason.hasSuffix("; " + advice.english) {
      return (String(reason.dropLast(advice.english.count + 2)), advice)
    }
    let run = "; run: "
    if let range = reason.range(of: run, options: .backwards) {
      let command = String(reason[range.upperBound...])
      if command.hasPrefix("chmod ") {
        return (String(reason[..<range.lowerBound]), .removeOthersWrite(command: command))
      }
    }
    return (reason, nil)
  }
}

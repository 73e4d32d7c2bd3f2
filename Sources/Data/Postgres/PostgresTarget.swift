import Foundation
import PocketDomain

/// Where a postgres store connects, as given (`--store-url`, or libpq's `PG*` variables), and
/// how messages name it: `postgresql://user@host:port/database`, never with a password.
public struct PostgresTarget: Sendable, Equatable {
  /// The URL or connection string given; `nil`: libpq's environment alone.
  public var url: String?
  /// The PostgreSQL schema that holds the store's tables.
  public var schema: String

  /// The schema a store lives in unless `--store-schema` names another.
  public static let defaultSchema = "pocket"

  public init(url: String?, schema: String = PostgresTarget.defaultSchema) {
    self.url = url
    self.schema = schema
  }

  /// Whether `url` carries a password: `postgresql://user:secret@host`, `?password=` in a
  /// URL, `password=` or `sslpassword=` in a connection string (`problem`).
  public static func hasPassword(_ url: String) -> Bool { problem(url) == .password }

  /// Whether `name` may name a store's schema (`PostgresSchema.isValidName`): lowercase
  /// letters, digits and `_`, not starting with a digit, at most 63 bytes.
  public static func isValidSchema(_ name: String) -> Bool { PostgresSchema.isValidName(name) }

  /// The store as messages name it before a connection says more: what the URL and the
  /// `PG*` variables give of user, host, port and database, and the schema.
  public func name(environment: [String: String]) -> String {
    var parts = url.map(Self.parts) ?? [:]
    for (keyword, variable) in [
      ("user", "PGUSER"), ("host", "PGHOST"), ("port", "PGPORT"), ("dbname", "PGDATABASE"),
    ] where parts[keyword] == nil {
      parts[keyword] = environment[variable]
    }
    return Self.name(
      user: parts["user"], host: parts["host"], port: parts["port"], database: parts["dbname"],
      schema: schema)
  }

  /// `postgresql://user@host:port/database (schema NAME)`; a socket folder as host is
  /// percent-encoded, as libpq reads it back.
  static func name(
    user: String?, host: String?, port: String?, database: String?, schema: String
  ) -> String {
    var text = "postgresql://"
    if let user, !user.isEmpty { text += user + "@" }
    if let host, !host.isEmpty { text += host.hasPrefix("/") ? percentEncoded(host) : host }
    if let port, !port.isEmpty { text += ":" + port }
    text += "/" + (database ?? "")
    return text + " (schema \(schema))"
  }

  /// `text` with every byte but ASCII letters and digits percent-encoded (a socket folder in
  /// a URL's host). Written out: Foundation's `addingPercentEncoding` goes through
  /// `NSString` and `CharacterSet`, whose first use costs a third of a millisecond while
  /// the store opens.
  static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// User, host, port and database of a URL or connection string (no password); none of
  /// a text libpq cannot read (`problem`).
  private static func parts(_ url: String) -> [String: String] {
    guard case .success(let values) = keywords(url) else { return [:] }
    return values.filter { ["user", "host", "port", "dbname"].contains($0.key) }
  }

  /// The parameters libpq connects with: the connect timeout `PGCONNECT_TIMEOUT` gives, else
  /// 5 s; `pocket` as the application name unless one is given; `tcpLiveness`;
  /// `PGPASSWORD` when set; then the URL (expanded by libpq, so it overrides those); and UTF-8
  /// whatever it says. libpq reads the other `PG*` variables itself. (The two it is given
  /// here are read from `environment`, which is the process's own but in tests.)
  func parameters(environment: [String: String]) -> [(keyword: String, value: String)] {
    var parameters: [(keyword: String, value: String)] =
      [
        (
          "connect_timeout",
          environment["PGCONNECT_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 } ?? "5"
        ),
        ("fallback_application_name", "pocket"),
      ] + Self.tcpLiveness
    if let password = environment["PGPASSWORD"], !password.isEmpty {
      parameters.append(("password", password))
    }
    if let url { parameters.append(("dbname", url)) }
    parameters.append(("client_encoding", "UTF8"))
    return parameters
  }

  /// How a TCP connection whose network went silent (a laptop off its network, a server
  /// gone without a word) is found lost, rather than after the system's two hours: an idle
  /// one is probed after 15 s, then every 5 s, and lost after 3 probes unanswered (the
  /// listener of a live view learns it within about 30 s, and shows the copy as offline);
  /// a statement whose data goes unacknowledged for 30 s fails. (A Unix socket has no
  /// network to lose: libpq ignores these there.) A URL's own values override them.
  static let tcpLiveness: [(keyword: String, value: String)] = [
    ("keepalives", "1"), ("keepalives_idle", "15"), ("keepalives_interval", "5"),
    ("keepalives_count", "3"), ("tcp_user_timeout", "30000"),
  ]

  /// `text` with the URL, were it ever repeated, and every password `PGPASSWORD` holds
  /// replaced by `****` (a URL with a password never reaches libpq: `problem`).
  func redacted(_ text: String, environment: [String: String]) -> String {
    var secrets: [String] = []
    if let password = environment["PGPASSWORD"], !password.isEmpty { secrets.append(password) }
    if let url, Self.problem(url) != nil { secrets.append(url) }
    return secrets.filter { !$0.isEmpty }.reduce(text) {
      $0.replacingOccurrences(of: $1, with: "****")
    }
  }
}

extension PostgresTarget {
  /// Why a URL or connection string is refused before libpq sees it (worded by
  /// Presentation: `StoreCause.postgresURL`).
  public typealias Problem = PostgresURLProblem

  /// How a URL or connection string cannot be read.
  public typealias Malformed = PostgresURLMalformation

  /// What is wrong with `text` as a `postgresql://` (or `postgres://`) URL, a libpq
  /// `keyword=value` connection string, or a database name (what libpq takes it for when it
  /// is neither): read as libpq reads it, and stricter where libpq would read another
  /// meaning or repeat the text (an `@` outside the user part, a port that is no number).
  /// `nil`: libpq may have it.
  public static func problem(_ text: String) -> Problem? {
    switch keywords(text) {
    case .success(let values):
      return values.keys.contains { ["password", "sslpassword"].contains($0) } ? .password : nil
    case .failure(let problem):
      return problem
    }
  }

  /// The keywords and values `text` gives libpq (percent-decoded), or why it cannot.
  static func keywords(_ text: String) -> Result<[String: String], Problem> {
    let bytes = Array(text.utf8)
    for prefix in ["postgresql://", "postgres://"] where bytes.starts(with: prefix.utf8) {
      return uriKeywords(bytes[prefix.utf8.count...])
    }
    if bytes.contains(UInt8(ascii: "=")) { return connectionStringKeywords(bytes) }
    if text.contains("://") {
      return .failure(.malformed(.notPostgresURL))
    }
    return .success(["dbname": text])
  }

  /// A URL's parts after its prefix, as libpq's `conninfo_uri_parse_options` reads them:
  /// `[user[:password]@][host][:port][,host[:port]…][/dbname][?keyword=value&…]`.
  private static func uriKeywords(_ uri: ArraySlice<UInt8>) -> Result<[String: String], Problem> {
    func byte(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
    var values: [String: String] = [:]
    var index = uri.startIndex
    // libpq looks for the user part up to the first `@` before any `/`.
    if let at = uri.firstIndex(where: { $0 == byte("@") || $0 == byte("/") }),
      uri[at] == byte("@")
    {
      let userPart = uri[index..<at]
      guard !userPart.contains(byte("?")) else {
        return .failure(.malformed(.questionBeforeAt))
      }
      let colon = userPart.firstIndex(of: byte(":"))
      let user = userPart[..<(colon ?? userPart.endIndex)]
      guard let decodedUser = decoded(user) else { return .failure(badPercent) }
      if !decodedUser.isEmpty { values["user"] = decodedUser }
      // Kept only as being there: `problem` refuses it, `parts` leaves it out.
      if let colon, colon + 1 < at { values["password"] = "" }
      index = at + 1
    }
    // What follows the user part never holds a raw `@`: libpq would take it for part of a
    // host, a port or a name, where the user meant it to end a password.
    guard !uri[index...].contains(byte("@")) else {
      return .failure(.malformed(.atAfterUser))
    }
    var hosts: [String] = []
    var ports: [String] = []
    var terminator: UInt8?
    while true {
      var host: ArraySlice<UInt8>
      if index < uri.endIndex, uri[index] == byte("[") {
        guard let close = uri[index...].firstIndex(of: byte("]")) else {
          return .failure(.malformed(.unclosedBracket))
        }
        host = uri[(index + 1)..<close]
        guard !host.isEmpty else { return .failure(.malformed(.unclosedBracket)) }
        index = close + 1
        guard index == uri.endIndex || [":", "/", "?", ","].map(byte).contains(uri[index]) else {
          return .failure(.malformed(.unclosedBracket))
        }
      } else {
        let end = uri[index...].firstIndex { [":", "/", "?", ","].map(byte).contains($0) }
        host = uri[index..<(end ?? uri.endIndex)]
        index = end ?? uri.endIndex
      }
      hosts.append(String(decoding: host, as: UTF8.self))
      terminator = index < uri.endIndex ? uri[index] : nil
      if terminator == byte(":") {
        let end = uri[(index + 1)...].firstIndex { ["/", "?", ","].map(byte).contains($0) }
        let port = uri[(index + 1)..<(end ?? uri.endIndex)]
        guard port.allSatisfy({ (byte("0")...byte("9")).contains($0) }) else {
          return .failure(.malformed(.portNotANumber))
        }
        ports.append(String(decoding: port, as: UTF8.self))
        index = end ?? uri.endIndex
        terminator = index < uri.endIndex ? uri[index] : nil
      }
      guard terminator == byte(",") else { break }
      index += 1
    }
    let host = hosts.joined(separator: ",")
    guard let decodedHost = decoded(Array(host.utf8)[...]) else { return .failure(badPercent) }
    if !decodedHost.replacingOccurrences(of: ",", with: "").isEmpty {
      values["host"] = decodedHost
    }
    if ports.contains(where: { !$0.isEmpty }) { values["port"] = ports.joined(separator: ",") }
    if let slash = terminator, slash != byte("?") {
      let end = uri[(index + 1)...].firstIndex(of: byte("?"))
      let database = uri[(index + 1)..<(end ?? uri.endIndex)]
      guard let name = decoded(database) else { return .failure(badPercent) }
      if !name.isEmpty { values["dbname"] = name }
      index = end ?? uri.endIndex
      terminator = index < uri.endIndex ? uri[index] : nil
    }
    if terminator == byte("?") {
      for pair in uri[(index + 1)...].split(separator: byte("&"), omittingEmptySubsequences: false)
      {
        let parts = pair.split(separator: byte("="), omittingEmptySubsequences: false)
        guard parts.count == 2 else {
          return .failure(.malformed(.badQueryParameter))
        }
        guard let keyword = decoded(parts[0]), let value = decoded(parts[1]) else {
          return .failure(badPercent)
        }
        values[keyword] = value
      }
    }
    return .success(values)
  }

  /// A `keyword=value` connection string as libpq's `conninfo_parse` reads it: blanks
  /// between pairs and around `=`; a value in `'` quotes, or up to the next blank; `\\`
  /// escapes the next character in either.
  private static func connectionStringKeywords(_ text: [UInt8]) -> Result<[String: String], Problem>
  {
    func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(byte) }
    var values: [String: String] = [:]
    var index = 0
    while true {
      while index < text.count, isSpace(text[index]) { index += 1 }
      guard index < text.count else { return .success(values) }
      let keywordStart = index
      while index < text.count, text[index] != UInt8(ascii: "="), !isSpace(text[index]) {
        index += 1
      }
      let keyword = String(decoding: text[keywordStart..<index], as: UTF8.self)
      while index < text.count, isSpace(text[index]) { index += 1 }
      guard index < text.count, text[index] == UInt8(ascii: "=") else {
        return .failure(.malformed(.missingEquals))
      }
      index += 1
      while index < text.count, isSpace(text[index]) { index += 1 }
      var value: [UInt8] = []
      if index < text.count, text[index] == UInt8(ascii: "'") {
        index += 1
        while true {
          guard index < text.count else {
            return .failure(.malformed(.unclosedQuote))
          }
          if text[index] == UInt8(ascii: "\\") {
            index += 1
            if index < text.count { value.append(text[index]) }
            index += 1
          } else if text[index] == UInt8(ascii: "'") {
            index += 1
            break
          } else {
            value.append(text[index])
            index += 1
          }
        }
      } else {
        while index < text.count, !isSpace(text[index]) {
          if text[index] == UInt8(ascii: "\\") {
            index += 1
            if index < text.count { value.append(text[index]) }
            index += 1
          } else {
            value.append(text[index])
            index += 1
          }
        }
      }
      values[keyword] = String(decoding: value, as: UTF8.self)
    }
  }

  private static let badPercent = Problem.malformed(.badPercent)

  /// `text` with its `%XX` escapes decoded, as libpq decodes a URL's parts; `nil` for a `%`
  /// without two hexadecimal digits after it, `%00`, or bytes that are not UTF-8.
  private static func decoded(_ text: ArraySlice<UInt8>) -> String? {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == UInt8(ascii: "%") {
        guard index + 2 < text.endIndex, let high = hexValue(text[index + 1]),
          let low = hexValue(text[index + 2])
        else { return nil }
        let value = high << 4 | low
        guard value != 0 else { return nil }
        bytes.append(value)
        index += 3
      } else {
        bytes.append(text[index])
        index += 1
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

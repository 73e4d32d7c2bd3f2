import Foundation

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

  /// Whether `url` carries a password: `postgresql://user:secret@host` or `password=secret`
  /// in a connection string (or in a URL's query).
  public static func hasPassword(_ url: String) -> Bool {
    if let components = URLComponents(string: url), let scheme = components.scheme,
      ["postgresql", "postgres"].contains(scheme.lowercased())
    {
      return components.password != nil
        || (components.queryItems ?? []).contains { $0.name == "password" }
    }
    return keywordValues(url)["password"] != nil
  }

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

  /// User, host, port and database of a URL or connection string (no password).
  private static func parts(_ url: String) -> [String: String] {
    if let components = URLComponents(string: url), let scheme = components.scheme,
      ["postgresql", "postgres"].contains(scheme.lowercased())
    {
      var parts: [String: String] = [:]
      parts["user"] = components.user
      parts["host"] = components.host.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
      parts["port"] = components.port.map(String.init)
      let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
      parts["dbname"] = path.isEmpty ? nil : path
      for item in components.queryItems ?? []
      where ["user", "host", "port", "dbname"].contains(item.name) {
        parts[item.name] = item.value
      }
      return parts
    }
    return keywordValues(url).filter { ["user", "host", "port", "dbname"].contains($0.key) }
  }

  /// The `keyword=value` pairs of a connection string (values may be quoted with `'`).
  private static func keywordValues(_ text: String) -> [String: String] {
    var values: [String: String] = [:]
    var characters = Substring(text)
    func skipSpaces() { characters = characters.drop { $0.isWhitespace } }
    while true {
      skipSpaces()
      guard !characters.isEmpty else { return values }
      let keyword = characters.prefix { $0 != "=" && !$0.isWhitespace }
      characters = characters.dropFirst(keyword.count)
      skipSpaces()
      guard characters.first == "=" else { return values }
      characters = characters.dropFirst()
      skipSpaces()
      var value = ""
      if characters.first == "'" {
        characters = characters.dropFirst()
        while let character = characters.first, character != "'" {
          characters = characters.dropFirst()
          if character == "\\", let escaped = characters.first {
            value.append(escaped)
            characters = characters.dropFirst()
          } else {
            value.append(character)
          }
        }
        characters = characters.dropFirst()
      } else {
        let word = characters.prefix { !$0.isWhitespace }
        value = String(word)
        characters = characters.dropFirst(word.count)
      }
      values[String(keyword)] = value
    }
  }

  /// The parameters libpq connects with: the connect timeout `PGCONNECT_TIMEOUT` gives, else
  /// 5 s; `pocket` as the application name unless one is given; `PGPASSWORD` when set; then
  /// the URL (expanded by libpq, so it overrides those); and UTF-8 whatever it says. libpq
  /// reads the other `PG*` variables itself. (The two it is given here are read from
  /// `environment`, which is the process's own but in tests.)
  func parameters(environment: [String: String]) -> [(keyword: String, value: String)] {
    var parameters: [(keyword: String, value: String)] = [
      (
        "connect_timeout", environment["PGCONNECT_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 } ?? "5"
      ),
      ("fallback_application_name", "pocket"),
    ]
    if let password = environment["PGPASSWORD"], !password.isEmpty {
      parameters.append(("password", password))
    }
    if let url { parameters.append(("dbname", url)) }
    parameters.append(("client_encoding", "UTF8"))
    return parameters
  }

  /// `text` with every password the URL or `PGPASSWORD` holds replaced by `****`.
  func redacted(_ text: String, environment: [String: String]) -> String {
    var secrets: [String] = []
    if let password = environment["PGPASSWORD"], !password.isEmpty { secrets.append(password) }
    if let url {
      if let components = URLComponents(string: url), let password = components.password {
        secrets.append(password)
        if let decoded = password.removingPercentEncoding { secrets.append(decoded) }
      }
      if let password = Self.keywordValues(url)["password"] { secrets.append(password) }
      if let url = URLComponents(string: url),
        let password = url.queryItems?.first(where: { $0.name == "password" })?.value
      {
        secrets.append(password)
      }
    }
    return secrets.filter { !$0.isEmpty }.reduce(text) {
      $0.replacingOccurrences(of: $1, with: "****")
    }
  }
}

import Foundation

// A record kind declared once. A kind whose records are a set keyed by text (a counter, a
// setting, a tag) needs no table, no journal line, no export member and no change
// mapping of its own: it declares its record type (`DeclaredRecord`) and every store keeps
// it, exports and imports it, and reports another process's change to it, from that one
// declaration. (The six kinds Pocket shipped with keep tables of their own: they page
// through a million rows from either end and look rows up by several identities.)

/// What every store needs to know of a declared kind, and keeps with each of its records.
public struct RecordDeclaration: Hashable, Sendable {
  /// Its stored name: 1 to 40 of `a`–`z`, `0`–`9` and `_`, starting with a letter. It names
  /// the kind in the export document (`records.NAME`), the json store's journal and the SQL
  /// stores' rows, so it never changes once shipped.
  public let name: String
  /// The kinds a change to it reports (`StoreEvent.changed`): a bit of its own, so that a
  /// screen showing it can tell its changes from others'.
  public let kinds: RecordKinds
  /// Whether its records are user data: a store holding some is not empty, and an import
  /// that would replace them is refused.
  public let isUserData: Bool

  public init(name: String, kinds: RecordKinds, isUserData: Bool) {
    precondition(Self.nameProblem(name) == nil, "a declared kind's name: \(name)")
    precondition(!kinds.isEmpty, "a declared kind reports some kind")
    self.name = name
    self.kinds = kinds
    self.isUserData = isUserData
  }

  /// The declaration a store read beside its records, or `nil` when it is not one a
  /// declaration could make (a name out of form, or no kind to report).
  public init?(stored name: String, kinds: RecordKinds, isUserData: Bool) {
    guard Self.nameProblem(name) == nil, !kinds.isEmpty else { return nil }
    self.init(name: name, kinds: kinds, isUserData: isUserData)
  }

  /// Why `name` cannot name a kind, or `nil`.
  static func nameProblem(_ name: String) -> CheckFailure? {
    let bytes = Array(name.utf8)
    guard (1...40).contains(bytes.count), (0x61...0x7A).contains(bytes[0]),
      bytes.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F })
    else { return .declared(.badName(name)) }
    return nil
  }
}

/// A record of a declared kind: Codable (its coding keys are its stored field names),
/// identified within its kind by `key`, and checked by `check()` at every door.
public protocol DeclaredRecord: Codable, Equatable, Sendable {
  static var declaration: RecordDeclaration { get }
  /// Its identity within its kind: 1 to 200 bytes of text without control characters.
  var key: String { get }
  /// Refuses a record no store may keep (`DomainError.invalidInput`); none by default.
  func check() throws(DomainError)
}

extension DeclaredRecord {
  public func check() throws(DomainError) {}
}

/// Every declared kind's records, as a store keeps them and an archive carries them: by
/// kind name, then by key, each record as its JSON text (an object, as `DeclaredRecords.body`
/// writes it), with its kind's declaration beside them.
public struct DeclaredRecords: Equatable, Sendable {
  /// One kind's records.
  public struct Kind: Equatable, Sendable {
    public var declaration: RecordDeclaration
    /// Each record's JSON text, by key.
    public var records: [String: String]

    public init(declaration: RecordDeclaration, records: [String: String] = [:]) {
      self.declaration = declaration
      self.records = records
    }
  }

  /// By kind name (`RecordDeclaration.name`); a kind without records is absent.
  public private(set) var kinds: [String: Kind]

  public init(_ kinds: [Kind] = []) {
    self.kinds = [:]
    for kind in kinds where !kind.records.isEmpty { self.kinds[kind.declaration.name] = kind }
  }

  public var isEmpty: Bool { kinds.isEmpty }

  /// How many records it holds.
  public var count: Int { kinds.values.reduce(0) { $0 + $1.records.count } }

  /// Whether it holds a record of a kind that is user data.
  public var holdsUserData: Bool { kinds.values.contains { $0.declaration.isUserData } }

  /// The kinds a change to all of it reports.
  public var changeKinds: RecordKinds {
    kinds.values.reduce(into: RecordKinds()) { $0.formUnion($1.declaration.kinds) }
  }

  /// The record of `key` of `kind`, as JSON text.
  public func body(_ kind: RecordDeclaration, key: String) -> String? {
    kinds[kind.name]?.records[key]
  }

  /// Stores `body` as the record of `key` of `kind`, or removes it (`nil`).
  public mutating func set(_ kind: RecordDeclaration, key: String, body: String?) {
    var entry = kinds[kind.name] ?? Kind(declaration: kind)
    entry.declaration = kind
    entry.records[key] = body
    kinds[kind.name] = entry.records.isEmpty ? nil : entry
  }

  /// The first problem a store could not keep, named for a person, or `nil`: a kind's name,
  /// a key, or a body that is not a JSON object of at most `Limits.maxDeclaredBodyBytes`.
  public var problem: CheckFailure? {
    for name in kinds.keys.sorted() {
      guard let kind = kinds[name] else { continue }
      if let problem = RecordDeclaration.nameProblem(name) { return problem }
      if kind.declaration.name != name || kind.declaration.kinds.isEmpty {
        return .declared(.otherKind(name))
      }
      for key in kind.records.keys.sorted() {
        if let problem = Self.problem(name: name, key: key, body: kind.records[key] ?? "") {
          return problem
        }
      }
    }
    return nil
  }

  /// Why the record `key` of kind `name` with `body` cannot be kept, or `nil`.
  public static func problem(name: String, key: String, body: String) -> CheckFailure? {
    let keyBytes = key.utf8
    guard (1...200).contains(keyBytes.count), !key.unicodeScalars.contains(where: isControl)
    else { return .declared(.badKey(kind: name, key: key)) }
    guard body.utf8.count <= Limits.maxDeclaredBodyBytes else {
      return .declared(.tooLong(kind: name, key: key, limit: Limits.maxDeclaredBodyBytes))
    }
    guard body.utf8.first == UInt8(ascii: "{"),
      (try? JSONSerialization.jsonObject(with: Foundation.Data(body.utf8))) is [String: Any]
    else { return .declared(.notAnObject(kind: name, key: key)) }
    return nil
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `record` as the JSON text every store keeps: its keys sorted, so one record is always
  /// the same text.
  public static func body<Record: DeclaredRecord>(_ record: Record) throws(DomainError) -> String {
    try record.check()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body: String
    do {
      body = String(decoding: try encoder.encode(record), as: UTF8.self)
    } catch {
      throw .invalidInput(
        .invalidArchive(.declared(.notEncoded(kind: Record.declaration.name, error: "\(error)"))))
    }
    if let problem = problem(name: Record.declaration.name, key: record.key, body: body) {
      throw .invalidInput(.invalidArchive(problem))
    }
    return body
  }

  /// The record `body` holds, checked; a body that does not decode, or holds a record of
  /// another key or one its kind refuses, is a damaged store's.
  public static func record<Record: DeclaredRecord>(_ body: String, key: String)
    throws(DomainError) -> Record
  {
    let name = Record.declaration.name
    let record: Record
    do {
      record = try JSONDecoder().decode(Record.self, from: Foundation.Data(body.utf8))
    } catch {
      throw .corruptStore(
        path: "records of \(name)",
        reason: StoreProblem(.document(.inField(key, .system("\(error)")))))
    }
    guard record.key == key else {
      throw .corruptStore(
        path: "records of \(name)",
        reason: StoreProblem(.check(.declared(.holdsAnotherKey(key: key, found: record.key)))))
    }
    do {
      try record.check()
    } catch {
      // A kind refuses a record by the range and text checks; any other refusal is shown
      // as the error it is.
      let cause: StoreCause =
        switch error {
        case .invalidInput(.outOfRange(let failure)), .invalidInput(.invalidArchive(let failure)):
          .check(failure)
        default: .system("\(error)")
        }
      throw .corruptStore(
        path: "records of \(name)", reason: StoreProblem(.document(.inField(key, cause))))
    }
    return record
  }
}

/// What a write of one declared record does with the record stored now.
public enum DeclaredWrite: Equatable, Sendable {
  /// Leaves it as it is (nothing is written, and no change is reported).
  case keep
  /// Stores this JSON text (`DeclaredRecords.body`).
  case save(String)
  case remove
}

/// The records of declared kinds in one store. Every store implements it once for every
/// declared kind; `KeyedRecords` reads and writes one kind's records as their type.
public protocol DeclaredRecordRepository: Sendable {
  /// Every record of `kind`, as JSON text by key.
  func records(of kind: RecordDeclaration) async throws -> [String: String]
  /// The record of `key` of `kind`, as JSON text.
  func record(of kind: RecordDeclaration, key: String) async throws -> String?
  /// Lets `decide` read the record of `key` as stored now and choose what to write, and
  /// writes it, with nothing else (no other task, process or machine) in between; when
  /// `decide` throws, nothing changes. What is saved is checked as `DeclaredRecords.problem`
  /// checks it, and refused (`.invalidInput`) when it fails.
  func update<Result: Sendable>(
    _ kind: RecordDeclaration, key: String,
    _ decide: @Sendable (String?) throws -> (write: DeclaredWrite, result: Result)
  ) async throws -> Result
}

/// One declared kind's records, read and written as their type.
public struct KeyedRecords<Record: DeclaredRecord>: Sendable {
  private let repository: any DeclaredRecordRepository

  public init(_ repository: any DeclaredRecordRepository) { self.repository = repository }

  private var kind: RecordDeclaration { Record.declaration }

  /// Every record, by key.
  public func all() async throws -> [Record] {
    try await repository.records(of: kind).sorted { $0.key < $1.key }.map {
      (key, body) throws(DomainError) in try DeclaredRecords.record(body, key: key)
    }
  }

  /// The record of `key`, if there is one.
  public func record(_ key: String) async throws -> Record? {
    guard let body = try await repository.record(of: kind, key: key) else { return nil }
    return try DeclaredRecords.record(body, key: key)
  }

  /// Stores `record`, in place of the one of its key.
  public func save(_ record: Record) async throws {
    let body = try DeclaredRecords.body(record)
    try await repository.update(kind, key: record.key) { _ in (.save(body), ()) }
  }

  /// Removes the record of `key`; `false` when there was none.
  @discardableResult
  public func delete(_ key: String) async throws -> Bool {
    try await repository.update(kind, key: key) { body in
      (body == nil ? .keep : .remove, body != nil)
    }
  }

  /// Lets `change` turn the record of `key` as stored now (`nil`: none) into the one to store
  /// (`nil`: none), with nothing in between: a counter that two processes add to at once
  /// counts both. Returns what is stored after.
  @discardableResult
  public func update(_ key: String, _ change: @Sendable (Record?) throws -> Record?)
    async throws -> Record?
  {
    try await repository.update(kind, key: key) { body in
      let old: Record? = try body.map { body throws(DomainError) in
        try DeclaredRecords.record(body, key: key)
      }
      let new = try change(old)
      guard new != old else { return (.keep, new) }
      guard let new else { return (.remove, nil) }
      guard new.key == key else {
        throw DomainError.invalidInput(
          .invalidArchive(.declared(.keyChanged(kind: kind.name, key: key, became: new.key))))
      }
      return (.save(try DeclaredRecords.body(new)), new)
    }
  }
}

extension Repositories {
  /// The records of `Record`'s declared kind in this store.
  public func records<Record: DeclaredRecord>(_ type: Record.Type) -> KeyedRecords<Record> {
    KeyedRecords(declared)
  }
}

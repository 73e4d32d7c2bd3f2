import PocketDomain

/// One declared kind's records as the export document and a json store's journal write
/// them (`records.NAME` of the document): the kinds it reports (`RecordKinds`' bits), whether
/// it is user data, and each record's JSON text by key.
struct DeclaredKindFields: Codable, Equatable {
  var kinds: Int
  var userData: Bool
  var records: [String: String]
}

/// A declared kind as a journal line names it.
struct DeclarationFields: Codable, Equatable {
  var name: String
  var kinds: Int
  var userData: Bool

  /// - Throws: the reason, naming `field`, when it is no declaration a kind could make.
  func toDomain(_ field: String) throws(InvalidDocument) -> RecordDeclaration {
    guard
      let declaration = RecordDeclaration(
        stored: name, kinds: RecordKinds(rawValue: kinds), isUserData: userData)
    else {
      throw InvalidDocument(
        reason: .document(.namesNoKind(field: field, name: name, kinds: kinds)))
    }
    return declaration
  }
}

extension DeclaredRecords {
  /// As the document writes them; `nil` when there are none (the member is left out).
  var fields: [String: DeclaredKindFields]? {
    guard !isEmpty else { return nil }
    return kinds.mapValues {
      DeclaredKindFields(
        kinds: $0.declaration.kinds.rawValue, userData: $0.declaration.isUserData,
        records: $0.records)
    }
  }

  /// The records `fields` hold (the document's `records` member), every one checked.
  /// - Throws: the first problem, naming its place ("records.tally…").
  init(fields: [String: DeclaredKindFields]?) throws(InvalidDocument) {
    var kinds: [Kind] = []
    for (name, entry) in fields ?? [:] {
      let declaration = try DeclarationFields(
        name: name, kinds: entry.kinds, userData: entry.userData
      ).toDomain("records.\(name)")
      kinds.append(Kind(declaration: declaration, records: entry.records))
    }
    self.init(kinds)
    if let problem {
      throw InvalidDocument(reason: .document(.inField("records", .check(problem))))
    }
  }
}

extension DeclarationFields {
  init(_ declaration: RecordDeclaration) {
    self.init(
      name: declaration.name, kinds: declaration.kinds.rawValue, userData: declaration.isUserData)
  }
}

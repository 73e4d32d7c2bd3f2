import Foundation
import PocketDomain

/// One member of the export document (and of a json store's snapshot): where it lies, as
/// the key of an object at the top or inside one ("rates" then "favorites"), and how the
/// document's property for it is written and read. The record kinds declare theirs
/// (`RecordKind.documentMembers`); the document's Codable conformance loops over them.
///
/// A member missing from a file leaves the property as a new, empty store holds it, so that
/// a member added to the format later reads older files. A member present but `null` or of
/// another type is a damaged file, except for an optional one, where `null` is no value.
struct DocumentMember: Sendable {
  /// The top-level object holding the member, when it is not at the top.
  let parent: String?
  let key: String
  /// Writes the property into the container of the object holding the member.
  let encode: @Sendable (JSONDocument, inout KeyedEncodingContainer<DocumentKey>) throws -> Void
  /// Reads the property from the container of the object holding the member.
  let decode: @Sendable (KeyedDecodingContainer<DocumentKey>, inout JSONDocument) throws -> Void

  /// The path from the top: "laps", "rates.favorites".
  var path: String { parent.map { "\($0).\(key)" } ?? key }

  /// A member written always.
  static func value<Value: Codable & SendableMetatype>(
    _ path: String, _ property: WritableKeyPath<JSONDocument, Value> & Sendable
  ) -> DocumentMember {
    member(
      path, property, encode: { try $1.encode($0, forKey: $2) },
      decode: { container, key, stored in try container.decode(key, default: stored()) })
  }

  /// A member written only when the property holds a value.
  static func optional<Value: Codable & SendableMetatype>(
    _ path: String, _ property: WritableKeyPath<JSONDocument, Value?> & Sendable
  ) -> DocumentMember {
    member(
      path, property, encode: { try $1.encodeIfPresent($0, forKey: $2) },
      decode: { container, key, _ in try container.decodeIfPresent(Value.self, forKey: key) })
  }

  /// The member at `path` for `property`: `encode` writes the property's value under the
  /// member's key, `decode` reads the value from under it (given the value the property
  /// holds, for a member that may be missing).
  private static func member<Value>(
    _ path: String, _ property: WritableKeyPath<JSONDocument, Value> & Sendable,
    encode:
      @escaping @Sendable (Value, inout KeyedEncodingContainer<DocumentKey>, DocumentKey)
      throws -> Void,
    decode:
      @escaping @Sendable (KeyedDecodingContainer<DocumentKey>, DocumentKey, () -> Value)
      throws -> Value
  ) -> DocumentMember {
    let (parent, key) = split(path)
    return DocumentMember(
      parent: parent, key: key,
      encode: { document, container in
        try encode(document[keyPath: property], &container, DocumentKey(key))
      },
      decode: { container, document in
        document[keyPath: property] = try decode(
          container, DocumentKey(key), { document[keyPath: property] })
      })
  }

  private static func split(_ path: String) -> (parent: String?, key: String) {
    let parts = path.split(separator: ".").map(String.init)
    precondition(parts.count == 1 || parts.count == 2, "a member lies at most one object deep")
    return parts.count == 1 ? (nil, parts[0]) : (parts[0], parts[1])
  }
}

/// A key of the document's objects.
struct DocumentKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ key: String) { stringValue = key }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension DocumentMember {
  /// The members only a json store's snapshot holds: view state of that store, which no
  /// record kind and no export carries (an export leaves them out, an import ignores them).
  static let snapshot: [DocumentMember] = [
    .optional("shown", \.shown), .optional("terminals", \.terminals),
  ]
}

extension JSONDocument {
  /// Every record kind's members, in the order of `RecordKind.all`, then the snapshot's own.
  static let members: [DocumentMember] =
    RecordKind.all.flatMap(\.documentMembers) + DocumentMember.snapshot

  func encode(to encoder: any Encoder) throws {
    var top = encoder.container(keyedBy: DocumentKey.self)
    try top.encode(format, forKey: DocumentKey("format"))
    try top.encode(version, forKey: DocumentKey("version"))
    try top.encodeIfPresent(marks.journalSeq, forKey: DocumentKey("journalSeq"))
    try top.encodeIfPresent(marks.storeID, forKey: DocumentKey("storeID"))
    try top.encodeIfPresent(marks.snapshotID, forKey: DocumentKey("snapshotID"))
    var objects: [String: KeyedEncodingContainer<DocumentKey>] = [:]
    for member in Self.members {
      guard let parent = member.parent else {
        try member.encode(self, &top)
        continue
      }
      var object =
        objects[parent]
        ?? top.nestedContainer(keyedBy: DocumentKey.self, forKey: DocumentKey(parent))
      try member.encode(self, &object)
      objects[parent] = object
    }
  }

  /// Every member but `format` and `version` may be missing, and is then what a new,
  /// empty store holds.
  init(from decoder: any Decoder) throws {
    let top = try decoder.container(keyedBy: DocumentKey.self)
    let format = try top.decode(String.self, forKey: DocumentKey("format"))
    let version = try top.decode(Int.self, forKey: DocumentKey("version"))
    let marks = SnapshotMarks(
      journalSeq: try top.decodeIfPresent(Int64.self, forKey: DocumentKey("journalSeq")),
      storeID: try top.decodeIfPresent(String.self, forKey: DocumentKey("storeID")),
      snapshotID: try top.decodeIfPresent(String.self, forKey: DocumentKey("snapshotID")))
    self.init(StoreArchive(), marks: marks, version: version)
    self.format = format
    var objects: [String: KeyedDecodingContainer<DocumentKey>] = [:]
    for member in Self.members {
      guard let parent = member.parent else {
        try member.decode(top, &self)
        continue
      }
      if let object = objects[parent] {
        try member.decode(object, &self)
      } else if top.contains(DocumentKey(parent)) {
        let object = try top.nestedContainer(keyedBy: DocumentKey.self, forKey: DocumentKey(parent))
        objects[parent] = object
        try member.decode(object, &self)
      }
    }
  }
}

/// What Pocket finds wrong in a JSON document it reads — a json store's snapshot or journal
/// line, an archive to import (`StoreCause.document`) — with the places (a field's path, a
/// byte offset) and numbers it names. A decoder's own words are a nested `.system` cause.
public indirect enum DocumentProblem: Equatable, Sendable {
  /// Arrays and objects nest deeper than `levels` at byte `byte`.
  case nestedTooDeep(levels: Int, byte: Int)
  /// The number `number` (as written, shortened) at `path` (`nil`: the document itself) is
  /// not a whole number in range.
  case notAWholeNumber(path: String?, number: String)
  /// The bytes are not valid JSON (truncated or damaged).
  case notJSON
  /// The value at `path` (`nil`: the top level) is invalid, for the decoder's reason.
  case invalidValue(path: String?, because: StoreCause)
  /// The field `field` is missing at `path` (`nil`: the top level).
  case missingField(String, path: String?)
  /// The value at `path` (`nil`: the top level) has the wrong type, for the decoder's reason.
  case wrongType(path: String?, because: StoreCause)
  /// Not a Pocket JSON document, for the decoder's reason.
  case notPocketDocument(because: StoreCause)
  /// The document's format is `format` (shown escaped), not `expected`.
  case wrongFormat(String, expected: String)
  /// The document's version `version` is newer than this Pocket reads (`newest`).
  case newerVersion(Int, newest: Int)
  /// The document's version `version` is no version Pocket wrote.
  case unknownVersion(Int)
  /// `field` is not an identity Pocket makes (1 to 64 lower-case hex digits).
  case notAnIdentity(field: String)
  /// `field` holds `lastID`, below the id `given` a record of its list holds.
  case lastIDBelow(field: String, lastID: Int64, given: Int64)
  /// The row numbered `number` (its field `field`) has neither an id nor a url, or
  /// (`both`) has both.
  case itemIdentity(field: String, number: Int, both: Bool)
  /// `field` (or a file, a record named as a store's lists name it) is refused for the
  /// nested cause.
  case inField(String, StoreCause)
  /// `field` names the kind `name` (with the kind bits `kinds`, when stored), which is no
  /// declared kind.
  case namesNoKind(field: String, name: String, kinds: Int?)
  /// A screen Pocket names no screen by: `name`, with `currency` when one is given.
  case unknownScreen(name: String, currency: String?)
  /// A part of the file read again is not where it was first found: it changed.
  case changedWhileRead
  /// Line `line` of a journal is not a Pocket change (for the problem, when one is named).
  case notAChange(line: Int, problem: DocumentProblem?)
  /// Line `line` of a journal is a change that cannot be applied, for the nested cause.
  case cannotApply(line: Int, because: StoreCause)
  /// An archive's layout passed a limit or ended early (`ArchiveLayoutProblem`).
  case layout(ArchiveLayoutProblem)
}

/// Where an archive's scan stopped, refusing it (`DocumentProblem.layout`): `location` is
/// the path of the member scanned ("laps[3]", "chat.messages[7].text").
public enum ArchiveLayoutProblem: Equatable, Sendable {
  /// The record at `location` (its `member`, when a member of it was being read) is larger
  /// than `mebibytes`.
  case recordTooLarge(location: String, member: Bool, mebibytes: Int)
  /// The member at `location` (else byte `byte`) makes the document outside its lists
  /// larger than `mebibytes`.
  case restTooLarge(location: String?, byte: Int, mebibytes: Int)
  /// The file ends at byte `byte` (in `location`, when inside a member): truncated or
  /// damaged.
  case endsAt(byte: Int, location: String?)
  /// `location` makes the document outside its lists hold more than `limit` values.
  case restTooManyValues(location: String, limit: Int)
  /// The record at `location` holds more than `limit` values.
  case recordTooManyValues(location: String, limit: Int)
  /// The file is not laid out as pocket export writes it (`departure`), and it is larger
  /// than `kibibytes`, the most read whole.
  case notAsExported(ArchiveLayoutDeparture, kibibytes: Int)
}

/// How a file departs from pocket export's layout (`ArchiveLayoutProblem.notAsExported`).
public enum ArchiveLayoutDeparture: Equatable, Sendable {
  /// Byte `byte` (in `location`, when inside a member) is not where pocket export puts one.
  case unexpectedByte(Int, location: String?)
  /// `key` is there twice.
  case twice(String)
  /// `location` is not an object.
  case notAnObject(String)
  /// `location` is not a list.
  case notAList(String)
  /// `location` is not a plain integer.
  case notAPlainInteger(String)
  /// `field` (a record's key member) is missing or there twice.
  case missingOrTwice(String)
  /// `field` holds `found`, which comes after `last`: out of order.
  case outOfOrder(String, found: Int64, last: Int64)
}

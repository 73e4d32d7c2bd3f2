import Foundation
import PocketDomain

// What a terminal showed last (`ShownList`) as both files keep it: an element of the json
// snapshot's `terminals` array and the SQL tables `terminal_shown` and
// `terminal_shown_items`. It is view state of one store, like the last screen, and no part
// of an export archive. Everything read back
// is checked as it is checked before it is written (`ShownChecks`), so a damaged list is a
// corrupt store, named, and never reaches the app.

/// What a store takes as a shown list, checked at every door: before it is written, and
/// when it is read back from a json snapshot, a journal line or the SQLite tables.
enum ShownChecks {
  /// Row numbers: from 1, at most what every JSON reader holds exactly.
  static let number = Limit<Int>(
    1...Int(Limits.maxCounter), meaning: .between("1", "\(Limits.maxCounter)"))

  /// The text that names an item is one of its fields (`ListedRecord.shownText`), and
  /// may be empty (a bookmark's title may): a chat message, the longest text field of any
  /// record kind, is the most it holds.
  static let textField = InputField.message

  /// What a row shows of its item (`ListedRecord.shownValue`): one text field and what the
  /// row adds to it (a notice's bookmark mark, a mind-log entry's day and score).
  static let valueLimit = textField.limit + 100

  /// The first value of `list` a store could not read back, naming it through `names`;
  /// `nil` when there is none.
  static func problem(_ list: ShownList, _ names: ShownNames) -> CheckFailure? {
    if ScreenText(list.screen).screen == nil {
      let text = ScreenText(list.screen)
      return .notAScreen(field: names.list("screen"), name: text.name, currency: text.currency)
    }
    if let page = list.page, let problem = number.problem(page, field: names.list("page")) {
      return problem
    }
    // The first row whose number an earlier row showed, found by sorting the numbers: a
    // `Set<Int>` would cost the first use of its type in a process, a scan of every
    // conformance in the binary.
    let order = list.items.indices.sorted {
      (list.items[$0].number, $0) < (list.items[$1].number, $1)
    }
    var repeated: Int?
    for position in order.indices.dropFirst()
    where list.items[order[position - 1]].number == list.items[order[position]].number {
      repeated = min(repeated ?? order[position], order[position])
    }
    for index in list.items.indices {
      let item = list.items[index]
      if let problem = problem(item, names.item(index)) { return problem }
      if index == repeated {
        return .shownTwice(field: names.item(index)("number"), number: item.number)
      }
    }
    return nil
  }

  /// The first value of `item` a store could not read back, naming it through `name`
  /// ("number", "id", "url", "text", "value").
  static func problem(_ item: ShownItem, _ name: (String) -> String) -> CheckFailure? {
    if let problem = number.problem(item.number, field: name("number")) { return problem }
    switch item.identity {
    case .id(let id):
      if let problem = Limits.id.problem(id, field: name("id")) { return problem }
    case .url(let url):
      // As a bookmark's url: any text but none.
      if url.isEmpty { return .empty(field: name("url")) }
    }
    if let problem = textField.problem(item.text, field: name("text"), mayBeEmpty: true) {
      return problem
    }
    guard item.value.count > valueLimit else { return nil }
    return .tooManyCharacters(field: name("value"), count: item.value.count, limit: valueLimit)
  }
}

/// How messages name a shown list's fields: those of the list ("screen") and those of its
/// item at an index ("number", "id", "url", "text", "value").
struct ShownNames {
  var list: (String) -> String
  var item: (Int) -> (String) -> String

  /// As the json snapshot and journal name them: "shown.screen", "shown.items[2].number".
  static var document: ShownNames {
    ShownNames(list: { "shown.\($0)" }, item: { index in { "shown.items[\(index)].\($0)" } })
  }
}

/// A shown list as the json snapshot keeps it:
/// `{"screen":"chat","items":[{"number":1,"id":7,"text":"hi","value":"hi"}]}`; a notice or
/// bookmark row has `url` in place of `id`, the calculator a `currency`.
struct ShownListFields: Codable, Equatable {
  var screen: String
  var currency: String?
  /// The page shown; absent for a screen without pages (and in lists saved before pages
  /// were kept).
  var page: Int?
  var items: [ShownItemFields]

  init(_ list: ShownList) {
    (screen, currency) = ScreenFields.name(list.screen)
    page = list.page
    items = list.items.map(ShownItemFields.init)
  }

  init(screen: String, currency: String?, page: Int? = nil, items: [ShownItemFields]) {
    self.screen = screen
    self.currency = currency
    self.page = page
    self.items = items
  }

  /// The list, every value checked (`ShownChecks`), a refusal naming the field through
  /// `names`.
  func toDomain(_ names: ShownNames) throws(InvalidDocument) -> ShownList {
    let shownScreen: Screen
    do {
      shownScreen = try ScreenFields.screen(screen, currency: currency)
    } catch {
      throw InvalidDocument(reason: .document(.inField(names.list("screen"), error.reason)))
    }
    let list = ShownList(
      screen: shownScreen,
      items: try items.enumerated().map { index, item throws(InvalidDocument) in
        try item.toDomain(names.item(index))
      }, page: page)
    if let problem = ShownChecks.problem(list, names) { throw InvalidDocument(reason: problem) }
    return list
  }
}

/// One shown row as both files keep it: its number, the item's `id` or `url` (exactly one
/// of them), what named the item and what its row showed.
struct ShownItemFields: Codable, Equatable {
  var number: Int
  var id: Int64?
  var url: String?
  var text: String
  var value: String

  init(_ item: ShownItem) {
    number = item.number
    switch item.identity {
    case .id(let id): self.id = id
    case .url(let url): self.url = url
    }
    text = item.text
    value = item.value
  }

  init(number: Int, id: Int64?, url: String?, text: String, value: String) {
    self.number = number
    self.id = id
    self.url = url
    self.text = text
    self.value = value
  }

  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> ShownItem {
    let identity: ItemIdentity
    switch (id, url) {
    case (let id?, nil): identity = .id(id)
    case (nil, let url?): identity = .url(url)
    case (nil, nil):
      throw InvalidDocument(
        reason: .document(.itemIdentity(field: name("number"), number: number, both: false)))
    case (.some, .some):
      throw InvalidDocument(
        reason: .document(.itemIdentity(field: name("number"), number: number, both: true)))
    }
    let item = ShownItem(number: number, identity: identity, text: text, value: value)
    if let problem = ShownChecks.problem(item, name) { throw InvalidDocument(reason: problem) }
    return item
  }
}

/// What one terminal showed, as the json snapshot keeps it (its `terminals` member, the
/// list changed least recently first): `{"terminal":"…","shown":{"screen":"chat",…}}`.
struct TerminalShownFields: Codable, Equatable {
  var terminal: String
  var shown: ShownListFields

  init(_ shown: TerminalShown) {
    terminal = shown.terminal.text
    self.shown = ShownListFields(shown.list)
  }

  /// The terminal's list, every value checked, a refusal naming the field with `prefix`
  /// ("terminals[3]").
  func toDomain(_ prefix: String) throws(InvalidDocument) -> TerminalShown {
    let key = try terminalKey(terminal, "\(prefix).terminal")
    let names = ShownNames(
      list: { "\(prefix).shown.\($0)" },
      item: { index in { "\(prefix).shown.items[\(index)].\($0)" } })
    return TerminalShown(terminal: key, list: try shown.toDomain(names))
  }
}

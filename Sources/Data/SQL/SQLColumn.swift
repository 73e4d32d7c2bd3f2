/// A column a batch of rows is inserted into (`SQLConnection.insert(_:into:_:)`), with its
/// type, which PostgreSQL's arrays name.
struct SQLColumn: Sendable {
  enum Kind: Sendable {
    case integer, text, boolean
  }

  let name: String
  let kind: Kind

  init(_ name: String, _ kind: Kind) {
    self.name = name
    self.kind = kind
  }
}

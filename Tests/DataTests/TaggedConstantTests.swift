import Foundation
import TestSupport
import Testing

/// No stored global or static constant (or variable) of the package's code holds a value of an indirect
/// enum, directly or inside another type's value. Such a constant keeps the case's box
/// behind a pointer whose spare bits carry the case, and LeakSanitizer, which cannot follow
/// a tagged pointer, reports the box as leaked when the process ends: the fuzzers' leak
/// check (`.ci/fuzz`) failed CI so, on a static `StoreCause` an archive read reached once
/// in tens of thousands of inputs. A computed constant (`static var x: T { … }`) is the fix.
@Suite struct TaggedConstantTests {
  /// The modules whose code a leak-checked run (the fuzzers, `.ci/leaks`, an adopter's
  /// tests) executes.
  static let modules = ["Domain", "Data", "Presentation", "App", "PocketTesting", "Bench"]

  /// A declared type: its name, whether it is an indirect enum (or has an indirect case),
  /// and the type names its cases' payloads and stored properties mention.
  struct Declaration {
    let name: String
    let isIndirect: Bool
    let mentions: Set<String>
    /// The names of its cases (an enum's).
    let cases: Set<String>
  }

  /// Each file's code, comment lines left out, by its path below `Sources`.
  static func code() throws -> [(path: String, text: String)] {
    var files: [(path: String, text: String)] = []
    for module in modules {
      let folder = Fixtures.packageRoot.appending(path: "Sources/\(module)")
      let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let file = found?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        let lines = try String(contentsOf: file, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false)
        let code = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        files.append(("\(module)/\(file.lastPathComponent)", code.joined(separator: "\n")))
      }
    }
    return files
  }

  /// The identifiers of `text`, in order (string literals' words too: a scan, not a parser).
  static func words(_ text: Substring) -> [Substring] {
    text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// The identifiers of `text` that start with a capital letter: the type names it mentions.
  static func typeNames(_ text: Substring) -> Set<String> {
    Set(words(text).filter { $0.first?.isUppercase == true }.map(String.init))
  }

  /// `code` without the modifiers a declaration may start with.
  static func withoutModifiers(_ code: Substring) -> Substring {
    var rest = code.drop { $0 == " " || $0 == "\t" }
    let modifiers = ["public ", "private ", "fileprivate ", "internal ", "nonisolated(unsafe) "]
    while let modifier = modifiers.first(where: { rest.hasPrefix($0) }) {
      rest = rest.dropFirst(modifier.count)
    }
    return rest
  }

  /// Whether `code` (at a type's first level) declares a case or a stored property, whose
  /// type names are then what a value of the type may hold.
  static func declaresStoredValue(_ code: Substring) -> Bool {
    let rest = withoutModifiers(code)
    for keyword in ["indirect case ", "case "] where rest.hasPrefix(keyword) {
      return rest.dropFirst(keyword.count).first?.isLowercase == true
        && !rest.dropFirst(keyword.count).hasPrefix("let ")
    }
    guard rest.hasPrefix("let ") || rest.hasPrefix("var ") else { return false }
    let declared = words(rest.dropFirst(4)).first ?? ""
    let afterName = rest.dropFirst(4).drop { $0 != ":" && $0 != "=" && $0 != "{" }
    return !declared.isEmpty && afterName.first == ":" && !rest.contains("{")
  }

  /// Every `enum` and `struct` of `text`, with the type names its own cases and stored
  /// properties mention (those of its body's first level: not of its methods' code, not of
  /// the types nested in it, which are declarations of their own).
  static func declarations(_ text: String) -> [Declaration] {
    /// A type whose body is being read: its name, whether it is indirect, what its first
    /// level mentions, and the brace depth of that level.
    struct Open {
      let name: String
      var isIndirect: Bool
      var mentions: Set<String> = []
      var cases: Set<String> = []
      let depth: Int
    }
    var found: [Declaration] = []
    var open: [Open] = []
    var depth = 0
    for line in text.split(separator: "\n") {
      // A body's first level: the line, or what follows a declaration's `{` on its line.
      var firstLevel: Substring? = open.last?.depth == depth ? line : nil
      let lineWords = words(line)
      if let keyword = lineWords.firstIndex(where: { $0 == "enum" || $0 == "struct" }),
        keyword + 1 < lineWords.count, lineWords[keyword + 1].first?.isUppercase == true
      {
        let isIndirect = keyword > 0 && lineWords[keyword - 1] == "indirect"
        open.append(
          Open(name: String(lineWords[keyword + 1]), isIndirect: isIndirect, depth: depth + 1))
        firstLevel = line.firstIndex(of: "{").map { line[line.index(after: $0)...] }
      }
      if let code = firstLevel, declaresStoredValue(code) {
        open[open.count - 1].mentions.formUnion(typeNames(code))
        let declared = withoutModifiers(code)
        if declared.hasPrefix("indirect case ") { open[open.count - 1].isIndirect = true }
        if declared.hasPrefix("case ") || declared.hasPrefix("indirect case ") {
          let names = words(declared).drop { $0 == "indirect" || $0 == "case" }
          if let name = names.first { open[open.count - 1].cases.insert(String(name)) }
        }
      }
      for character in line {
        if character == "{" { depth += 1 }
        if character == "}" {
          if let innermost = open.last, innermost.depth == depth {
            found.append(
              Declaration(
                name: innermost.name, isIndirect: innermost.isIndirect,
                mentions: innermost.mentions, cases: innermost.cases))
            open.removeLast()
          }
          depth -= 1
        }
      }
    }
    return found
  }

  /// The types whose values may hold an indirect enum's case: the indirect enums, and every
  /// type whose cases or stored properties mention one of these.
  static func holdingIndirectCases(_ declarations: [Declaration]) -> Set<String> {
    var holding = Set(declarations.filter(\.isIndirect).map(\.name))
    var grew = true
    while grew {
      grew = false
      for declaration in declarations
      where !holding.contains(declaration.name)
        && !declaration.mentions.isDisjoint(with: holding)
      {
        holding.insert(declaration.name)
        grew = true
      }
    }
    return holding
  }

  /// The stored global and static constants of `text` whose declared type is one of
  /// `holding`, or whose value is built by one of their initializers or cases
  /// (`Type(…)`, `Type.case…`); `cases` names each type's cases.
  static func taggedConstants(
    _ text: String, holding: Set<String>, cases: [String: Set<String>]
  ) -> [String] {
    var found: [String] = []
    for line in text.split(separator: "\n") where line.contains("let ") || line.contains("var ") {
      var rest = withoutModifiers(line)
      let isGlobal = !line.hasPrefix(" ") && !line.hasPrefix("\t")
      if rest.hasPrefix("static ") {
        rest = rest.dropFirst("static ".count)
      } else if !isGlobal {
        continue
      }
      // A stored `var` too (a computed one has its body's brace on the line).
      let isStored = rest.hasPrefix("let ") || (rest.hasPrefix("var ") && !rest.contains("{"))
      guard isStored, let name = words(rest.dropFirst(4)).first else { continue }
      let declaration = rest.dropFirst(4 + name.count)
      let equals = declaration.firstIndex(of: "=") ?? declaration.endIndex
      var isTagged = !typeNames(declaration[..<equals]).isDisjoint(with: holding)
      if equals < declaration.endIndex {
        let value = declaration[declaration.index(after: equals)...].drop { $0 == " " }
        let valueWords = words(value)
        if let type = valueWords.first, holding.contains(String(type)), value.hasPrefix(type) {
          let afterType = value.dropFirst(type.count)
          let member = valueWords.dropFirst().first.map(String.init) ?? ""
          isTagged =
            isTagged || afterType.hasPrefix("(")
            || (afterType.hasPrefix(".") && cases[String(type), default: []].contains(member))
        }
      }
      if isTagged { found.append(String(name)) }
    }
    return found
  }

  @Test func noStoredConstantHoldsAnIndirectEnumsCase() throws {
    let files = try Self.code()
    let declarations = files.flatMap { Self.declarations($0.text) }
    let holding = Self.holdingIndirectCases(declarations)
    let cases = Dictionary(
      declarations.map { ($0.name, $0.cases) }, uniquingKeysWith: { $0.union($1) })
    // The scan must see the types it is about, or it checks nothing.
    #expect(
      holding.isSuperset(of: ["StoreCause", "DocumentProblem", "StoreProblem", "DomainError"]))
    var offenders: [String] = []
    for file in files {
      offenders += Self.taggedConstants(file.text, holding: holding, cases: cases).map {
        "\(file.path): \($0)"
      }
    }
    #expect(offenders == [], "stored constants holding an indirect enum's case: \(offenders)")
  }

  /// The scan finds the shapes that leaked: a static built from an indirect enum's case, a
  /// static of a type wrapping one, with or without a declared type, and a global.
  @Test func theScanFindsEachShapeThatLeaked() {
    let text = """
      indirect enum Cause { case system(String) }
      struct Problem { let cause: Cause }
      enum Failure { case corrupt(path: String, reason: Problem)
        static let limit = 3
      }
      enum Holder {
        private static let changed = Cause.system("x")
        public static let corrupt = Failure.corrupt(path: "/p", reason: Problem(cause: .system("")))
        static let typed: [Problem] = []
        static var computed: Cause { .system("y") }
        nonisolated(unsafe) static var last: Cause? = nil
        static let harmless = String("z")
        static let member = Failure.limit
      }
      let global = Problem(cause: .system("g"))
      """
    let declarations = Self.declarations(text)
    let holding = Self.holdingIndirectCases(declarations)
    #expect(holding == ["Cause", "Problem", "Failure"])
    let cases = Dictionary(
      declarations.map { ($0.name, $0.cases) }, uniquingKeysWith: { $0.union($1) })
    #expect(cases["Failure"] == ["corrupt"])
    #expect(
      Self.taggedConstants(text, holding: holding, cases: cases) == [
        "changed", "corrupt", "typed", "last", "global",
      ])
  }
}

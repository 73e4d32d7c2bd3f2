import TestSupport
import Testing

@testable import PocketDomain

/// `TextSet` (the urls an import has seen) says what a `Set<String>` says of the same
/// texts, inserted in the same order, across many doublings of its table: short and long
/// texts, the empty one, others than ASCII, and a share of them given again.
@Suite struct TextSetTests {
  @Test func aTextSetAgreesWithASetOfStrings() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    let letters = Array("ab/é가🙂")
    var texts = TextSet()
    var oracle = Set<String>()
    var given: [String] = []
    for _ in 0..<20_000 {
      let text: String
      if !given.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 {
        text = given[Int.random(in: 0..<given.count, using: &generator)]
      } else {
        let length = Int.random(in: 0...40, using: &generator)
        text = String((0..<length).map { _ in letters.randomElement(using: &generator) ?? "a" })
        given.append(text)
      }
      let expected = oracle.insert(text).inserted
      guard texts.insert(text) == expected else {
        Issue.record("\(text) inserted \(!expected) times before (seed \(seed))")
        return
      }
    }
    #expect(texts.count == oracle.count, "seed \(seed)")
  }
}

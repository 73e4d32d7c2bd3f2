/// A set of texts held compactly, for a check that sees millions of them (the urls of an
/// import): their UTF-8 bytes one after another in one array, each after its length, found
/// through an open-addressing table of their places. A text costs its bytes and about 16
/// more, where a `Set<String>` of short texts costs some 100 bytes each (an object per text
/// and a slot of 16 bytes in a table at most three-quarters full): as much as the file that
/// holds them.
struct TextSet {
  /// Each text's length (4 bytes, little-endian) and its UTF-8 bytes, one after another.
  private var storage: [UInt8] = []
  /// The place in `storage` of the text in each slot; -1 for an empty slot. Its count is a
  /// power of two.
  private var slots = [Int](repeating: -1, count: 16)
  private(set) var count = 0

  /// Inserts `text`; whether it was not there already.
  mutating func insert(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      let mask = slots.count - 1
      var slot = Self.hash(UnsafeRawBufferPointer(bytes)) & mask
      while slots[slot] >= 0 {
        if self.text(at: slots[slot]).elementsEqual(bytes) { return false }
        slot = (slot + 1) & mask
      }
      slots[slot] = storage.count
      withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { storage.append(contentsOf: $0) }
      storage.append(contentsOf: bytes)
      count += 1
      if count * 4 > slots.count * 3 { grow() }
      return true
    }
  }

  /// The bytes of the text stored at `place`.
  private func text(at place: Int) -> ArraySlice<UInt8> {
    let length =
      Int(storage[place]) | Int(storage[place + 1]) << 8 | Int(storage[place + 2]) << 16
      | Int(storage[place + 3]) << 24
    return storage[(place + 4)..<(place + 4 + length)]
  }

  private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return hasher.finalize()
  }

  /// Doubles the table, placing every text again.
  private mutating func grow() {
    let places = slots.filter { $0 >= 0 }
    slots = [Int](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for place in places {
      var slot = text(at: place).withUnsafeBytes { Self.hash($0) } & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = place
    }
  }
}

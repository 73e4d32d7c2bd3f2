/// A gzip stream that inflates to many spaces from few bytes (about 1:159): one literal
/// space, then back-references of 258 bytes at distance 1, in one fixed-Huffman deflate
/// block (RFC 1951), with a correct gzip trailer (RFC 1952). 1 GiB of spaces takes 6.8 MB.
enum GzipBomb {
  static func bytes(inflatingTo size: Int) -> [UInt8] {
    precondition(size >= 1, "a bomb holds at least one byte")
    var writer = BitWriter()
    writer.write(1, bits: 1)  // BFINAL
    writer.write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
    writer.space()
    var matches = (size - 1) / 258
    let head = min(matches, 8)
    for _ in 0..<head { writer.match() }
    matches -= head
    if matches >= 8 {
      // Eight matches are 104 bits, 13 whole bytes, and leave the pending bits as they
      // found them: every further group of eight adds the same 13 bytes.
      let start = writer.bytes.count
      for _ in 0..<8 { writer.match() }
      matches -= 8
      let pattern = Array(writer.bytes[start...])
      let groups = matches / 8
      writer.bytes.reserveCapacity(writer.bytes.count + groups * pattern.count + 300)
      for _ in 0..<groups { writer.bytes.append(contentsOf: pattern) }
      matches -= groups * 8
    }
    for _ in 0..<matches { writer.match() }
    for _ in 0..<(size - 1) % 258 { writer.space() }
    writer.huffman(0, bits: 7)  // end of block
    writer.flush()
    let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
    return header + writer.bytes + littleEndian(CRC32.ofSpaces(size))
      + littleEndian(UInt32(truncatingIfNeeded: size))
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// Deflate's bit order: values least significant bit first, Huffman codes most first.
  private struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var count = 0

    mutating func write(_ value: UInt32, bits: Int) {
      pending |= value << count
      count += bits
      while count >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: pending))
        pending >>= 8
        count -= 8
      }
    }

    mutating func huffman(_ code: UInt32, bits: Int) {
      for bit in (0..<bits).reversed() { write((code >> bit) & 1, bits: 1) }
    }

    /// The literal byte 0x20: fixed code 0x30 + 0x20, 8 bits.
    mutating func space() { huffman(0x50, bits: 8) }

    /// Length 258 (code 285: 0xC5, 8 bits), distance 1 (code 0, 5 bits).
    mutating func match() {
      huffman(0xC5, bits: 8)
      huffman(0, bits: 5)
    }

    mutating func flush() {
      if count > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
      pending = 0
      count = 0
    }
  }

  /// CRC-32 (IEEE) of a run of spaces in O(log n), by zlib's crc32_combine.
  private enum CRC32 {
    static func ofSpaces(_ size: Int) -> UInt32 {
      var result: UInt32 = 0
      var block = bytes([0x20])
      var blockLength = 1
      var rest = size
      while rest > 0 {
        if rest & 1 == 1 { result = combine(result, block, length: blockLength) }
        rest >>= 1
        if rest > 0 {
          block = combine(block, block, length: blockLength)
          blockLength *= 2
        }
      }
      return result
    }

    static func bytes(_ data: [UInt8]) -> UInt32 {
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      return ~crc
    }

    /// The CRC of A followed by B, from their CRCs and B's length.
    static func combine(_ first: UInt32, _ second: UInt32, length: Int) -> UInt32 {
      var odd = [UInt32](repeating: 0, count: 32)
      odd[0] = 0xEDB8_8320
      for bit in 1..<32 { odd[bit] = 1 << (bit - 1) }
      var even = square(odd)  // two zero bits
      odd = square(even)  // four zero bits
      var crc = first
      var rest = length
      repeat {
        even = square(odd)
        if rest & 1 == 1 { crc = times(even, crc) }
        rest >>= 1
        if rest == 0 { break }
        odd = square(even)
        if rest & 1 == 1 { crc = times(odd, crc) }
        rest >>= 1
      } while rest != 0
      return crc ^ second
    }

    private static func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
      var sum: UInt32 = 0
      var vector = vector
      var row = 0
      while vector != 0 {
        if vector & 1 == 1 { sum ^= matrix[row] }
        vector >>= 1
        row += 1
      }
      return sum
    }

    private static func square(_ matrix: [UInt32]) -> [UInt32] {
      (0..<32).map { times(matrix, matrix[$0]) }
    }
  }
}

/// Korean particles and lists: a particle after a word Pocket does not know in advance (a
/// command, a typed word, a path, a date) takes the form its last sound asks for, as the
/// word is read aloud: after a final consonant (batchim) 은, 이, 을, 과, 이나 and 으로
/// (but 로 after ㄹ), otherwise 는, 가, 를, 와, 나 and 로.
public enum Korean {
  /// A particle with its two forms.
  public enum Particle: Sendable, CaseIterable {
    /// 은/는
    case topic
    /// 이/가
    case subject
    /// 을/를
    case object
    /// 과/와
    case and
    /// 이나/나
    case or
    /// 으로/로
    case direction

    /// The form after a final consonant, and the form after a vowel.
    var forms: (consonant: String, vowel: String) {
      switch self {
      case .topic: ("은", "는")
      case .subject: ("이", "가")
      case .object: ("을", "를")
      case .and: ("과", "와")
      case .or: ("이나", "나")
      case .direction: ("으로", "로")
      }
    }
  }

  /// How a word ends when read aloud.
  enum Ending: Equatable {
    case vowel
    /// ㄹ, after which 으로 is 로.
    case rieul
    case consonant
  }

  /// The form of `particle` that follows `word`; both forms, as Korean writes them
  /// ("은(는)"), when how the word is read cannot be told.
  public static func particle(_ particle: Particle, after word: String) -> String {
    let forms = particle.forms
    guard let ending = ending(of: word) else {
      return particle == .direction ? "(으)로" : "\(forms.consonant)(\(forms.vowel))"
    }
    switch ending {
    case .vowel: return forms.vowel
    case .rieul: return particle == .direction ? forms.vowel : forms.consonant
    case .consonant: return forms.consonant
    }
  }

  /// `word` followed by the form of `particle` it takes.
  public static func word(_ word: String, _ particle: Particle) -> String {
    word + Self.particle(particle, after: word)
  }

  /// Items joined as a Korean list: "a, b 또는 c" (`or`) or "a, b와 c"-style with `last`
  /// as the word before the last item.
  public static func list(_ items: [String], last: String = "또는") -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(last) " + (items.last ?? "")
  }

  /// How `word` ends when read: its last Hangul syllable or letter, its last digit read as
  /// a Sino-Korean number, its last Latin letters read as the loanword; `nil` when that
  /// cannot be told (a symbol, a Chinese character). Quotes, and a part in parentheses
  /// after the word ("번호(N)"), are not read.
  static func ending(of word: String) -> Ending? {
    var text = Substring(word)
    while let last = text.last, closers.contains(last) { text = text.dropLast() }
    if text.last == ")", let open = text.lastIndex(of: "(") {
      text = text[..<open]
      while let last = text.last, closers.contains(last) { text = text.dropLast() }
    }
    guard let last = text.unicodeScalars.last else { return nil }
    switch last.value {
    case 0xAC00...0xD7A3:
      let final = (last.value - 0xAC00) % 28
      return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
    case 0x3131...0x314E:  // a consonant letter alone (ㄱ … ㅎ), read by its sound
      return last == "ㄹ" ? .rieul : .consonant
    case 0x314F...0x3163:
      return .vowel
    case 0x30...0x39:
      return numberEnding(text)
    default:
      guard last.isASCII, last.properties.isAlphabetic else { return nil }
      let letters = String(text.reversed().prefix { $0.isASCII && $0.isLetter }.reversed())
      return latinEnding(letters)
    }
  }

  /// Closing quotes and brackets around a word, and a full stop after it (`2026. 11. 28.`).
  private static let closers: Set<Character> = [
    "'", "\"", "’", "”", "`", "」", "』", "]", ".",
  ]

  /// The end of the number `text` ends with, read in Sino-Korean: 영, 일, 이, 삼 … for its
  /// last digit, 십, 백, 천, 만, 억, 조, 경 for a number ending in zeros.
  private static func numberEnding(_ text: Substring) -> Ending {
    let tail = text.reversed().prefix { ($0.isASCII && $0.isNumber) || $0 == "," }
    let digits = tail.filter { $0 != "," }
    if text.dropLast(tail.count).last == "." {
      // A decimal fraction is read digit by digit: 1.50 is 일 점 오 영.
      return digitEnding(digits.first ?? "0")
    }
    let zeros = digits.prefix { $0 == "0" }.count
    guard zeros < digits.count else { return .consonant }  // 영
    switch zeros {
    case 0: return digitEnding(digits.first ?? "0")
    case 1, 2, 3: return .consonant  // 십, 백, 천
    default:
      // The unit read last: 만, 억, 조, 경 for 10^4, 10^8, 10^12, 10^16 (십만 ends in 만).
      return zeros / 4 == 3 ? .vowel : .consonant
    }
  }

  /// 영 일 이 삼 사 오 육 칠 팔 구.
  private static func digitEnding(_ digit: Character) -> Ending {
    switch digit {
    case "1", "7", "8": .rieul
    case "0", "3", "6": .consonant
    default: .vowel
    }
  }

  /// Latin letters as Korean reads them: an abbreviation in capitals letter by letter (L
  /// 엘, M 엠, N 엔, R 알 end in a consonant); a word by its loanword's last sound
  /// ("rename" 리네임, "edit" 에디트, "stop" 스톱, "chat" 챗, "json" 제이슨).
  private static func latinEnding(_ letters: String) -> Ending? {
    guard let last = letters.last else { return nil }
    if letters.count <= 4, letters.allSatisfy(\.isUppercase) {
      switch last {
      case "L", "R": return .rieul
      case "M", "N": return .consonant
      default: return .vowel
      }
    }
    let word = letters.lowercased()
    if let known = loanwords[word] { return known }
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    let previous = word.dropLast().last
    switch last {
    case "l": return .rieul
    case "m", "n", "b": return .consonant
    case "g": return previous == "n" ? .consonant : .vowel  // 잉 in "ing", 그 otherwise
    case "p": return previous.map(vowels.contains) == true ? .consonant : .vowel  // 스톱, 헬프
    case "k": return previous.map { vowels.contains($0) || $0 == "c" } == true ? .consonant : .vowel
    case "e":
      // A silent e: the consonant before it ends the word (네임, 폰, 파일).
      switch previous {
      case "m", "n": return .consonant
      case "l": return .rieul
      default: return .vowel
      }
    default: return .vowel
    }
  }

  /// Words Pocket shows whose reading the rules above would miss.
  private static let loanwords: [String: Ending] = [
    "chat": .consonant, "reset": .consonant, "set": .consonant, "check": .vowel,
  ]
}

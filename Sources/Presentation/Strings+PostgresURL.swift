import PocketDomain

/// The wording of a PostgreSQL URL refused before libpq sees it (`PostgresURLProblem`), in
/// English and Korean, never repeating the URL: a store's cause here, a usage error's
/// detail in the App.
extension Strings {
  func words(_ problem: PostgresURLProblem) -> Wording {
    switch problem {
    case .password:
      Wording(
        "the URL holds a password, which Pocket never takes there: give it in PGPASSWORD "
          + "or ~/.pgpass (PGPASSFILE)",
        "주소에 비밀번호가 들어 있습니다. 주소에 든 비밀번호는 받지 않습니다: 비밀번호는 PGPASSWORD나 "
          + "~/.pgpass(PGPASSFILE)에 두세요")
    case .malformed(let why):
      Wording(
        "the URL is not one libpq can read (\(why.detail.english)); it is not shown, as it may "
          + "hold a password",
        "libpq가 읽을 수 있는 주소가 아닙니다 (\(why.detail.korean)). 비밀번호가 들어 있을 수 있어 보여 주지 않습니다")
    }
  }
}

extension PostgresURLMalformation {
  /// What is wrong, without repeating the text.
  package var detail: Wording {
    switch self {
    case .notPostgresURL:
      Wording(
        "only postgresql:// and postgres:// URLs are read", "postgresql://이나 postgres:// 주소만 읽습니다")
    case .questionBeforeAt:
      Wording("a ? comes before the @ that ends the user name", "사용자 이름을 끝내는 @ 앞에 ?가 있습니다")
    case .atAfterUser:
      Wording("an @ comes after the user part; write it as %40", "사용자 부분 뒤에 @가 있습니다. %40으로 쓰세요")
    case .unclosedBracket:
      Wording(
        "an IPv6 address is not one [address] followed by :, /, ? or ,",
        "[ ]로 감싼 주소 뒤에 :, /, ?, , 중 하나가 오지 않았거나 ]가 없습니다")
    case .portNotANumber: Wording("a port is not a number", "포트가 숫자가 아닙니다")
    case .badQueryParameter:
      Wording("a query parameter is not one keyword=value", "? 뒤의 매개변수가 이름=값 하나가 아닙니다")
    case .badPercent:
      Wording(
        "a % is not followed by two hexadecimal digits, or encodes a zero byte",
        "% 뒤에 16진 숫자 두 개가 없거나, 0 바이트를 나타냅니다")
    case .missingEquals:
      Wording("a word is not followed by = (keyword=value)", "단어 뒤에 =가 없습니다(이름=값)")
    case .unclosedQuote: Wording("a quoted value has no closing '", "따옴표로 연 값이 닫히지 않았습니다")
    }
  }
}

import PocketDomain

extension StoreProblemWordingTests {
  /// A sample of every `DocumentProblem` and archive layout problem, each with the English
  /// users saw when it was a sentence Pocket worded only in English, written out by hand.
  static let documentCauses: [(StoreCause, String)] =
    [
      (.document(.nestedTooDeep(levels: 64, byte: 71)), "nesting deeper than 64 levels at byte 71"),
      (
        .document(.notAWholeNumber(path: "laps[0].number", number: "1e308")),
        "laps[0].number 1e308 is not a whole number in range"
      ),
      (
        .document(.notAWholeNumber(path: nil, number: "1.5")),
        "the document 1.5 is not a whole number in range"
      ),
      (.document(.notJSON), "not valid JSON (truncated or damaged)"),
      (
        .document(.invalidValue(path: "laps[0]", because: .system(verbatim))),
        "invalid value at laps[0]: \(verbatim)"
      ),
      (
        .document(.missingField("number", path: "laps[0]")),
        "missing field \"number\" at laps[0]"
      ),
      (.document(.missingField("format", path: nil)), "missing field \"format\" at the top level"),
      (
        .document(.wrongType(path: nil, because: .system(verbatim))),
        "wrong type at the top level: \(verbatim)"
      ),
      (
        .document(.notPocketDocument(because: .system(verbatim))),
        "not a Pocket JSON document: \(verbatim)"
      ),
      (
        .document(.wrongFormat("notes", expected: "pocket")),
        "format is \"notes\", expected \"pocket\""
      ),
      (
        .document(.newerVersion(9, newest: 8)),
        "version 9 is newer than this Pocket reads (8); update Pocket to open it"
      ),
      (.document(.unknownVersion(0)), "unknown version 0"),
      (.document(.notAnIdentity(field: "storeID")), "storeID is not an identity Pocket makes"),
      (
        .document(.lastIDBelow(field: "chat.lastID", lastID: 3, given: 7)),
        "chat.lastID 3 is below the id 7 it has given"
      ),
      (
        .document(.itemIdentity(field: "shown.items[0].number", number: 1, both: false)),
        "shown.items[0].number 1 has neither an id nor a url"
      ),
      (
        .document(.itemIdentity(field: "shown.items[0].number", number: 1, both: true)),
        "shown.items[0].number 1 has both an id and a url"
      ),
      (.document(.inField("records", .system(verbatim))), "records: \(verbatim)"),
      (
        .document(.namesNoKind(field: "records.notes", name: "notes", kinds: 64)),
        "records.notes: \"notes\" with kinds 64 names no kind"
      ),
      (
        .document(.namesNoKind(field: "declared_records", name: "notes", kinds: nil)),
        "declared_records: \"notes\" names no kind"
      ),
      (.document(.changedWhileRead), "it changed while it was read"),
      (
        .document(.unknownScreen(name: "nowhere", currency: "KRW")),
        "unknown screen \"nowhere\" (currency KRW)"
      ),
      (.document(.unknownScreen(name: "nowhere", currency: nil)), "unknown screen \"nowhere\""),
      (.document(.notAChange(line: 2, problem: nil)), "line 2 is not a Pocket change"),
      (
        .document(.notAChange(line: 2, problem: .notAWholeNumber(path: "seq", number: "1.5"))),
        "line 2 is not a Pocket change: seq 1.5 is not a whole number in range"
      ),
      (
        .document(.cannotApply(line: 2, because: .check(.idsEnd(last: 9)))),
        "line 2 cannot be applied: ids end at 9"
      ),
      (
        .document(.layout(.recordTooLarge(location: "laps[3]", member: false, mebibytes: 1))),
        "laps[3] is larger than 1 MiB, the most a record may be"
      ),
      (
        .document(.layout(.recordTooLarge(location: "laps[3].note", member: true, mebibytes: 1))),
        "laps[3].note makes its record larger than 1 MiB, the most a record may be"
      ),
      (
        .document(.layout(.restTooLarge(location: nil, byte: 99, mebibytes: 16))),
        "byte 99 makes the document outside its lists larger than 16 MiB, the most it may be"
      ),
      (
        .document(.layout(.restTooLarge(location: "stopwatch", byte: 99, mebibytes: 16))),
        "stopwatch makes the document outside its lists larger than 16 MiB, the most it may be"
      ),
      (
        .document(.layout(.endsAt(byte: 40, location: "laps"))),
        "it ends at byte 40, in laps (truncated or damaged)"
      ),
      (
        .document(.layout(.endsAt(byte: 40, location: nil))),
        "it ends at byte 40 (truncated or damaged)"
      ),
      (
        .document(.layout(.restTooManyValues(location: "stopwatch", limit: 4096))),
        "stopwatch makes the document outside its lists hold more than 4096 values, the most it "
          + "may hold"
      ),
      (
        .document(.layout(.recordTooManyValues(location: "laps[3]", limit: 4096))),
        "laps[3] holds more than 4096 values, the most a record may hold"
      ),
    ]
    + [
      (
        ArchiveLayoutDeparture.unexpectedByte(12, location: "laps"),
        "byte 12, in laps is not where pocket export puts one (not valid JSON, or not laid out as pocket export writes it)"
      ),
      (
        .unexpectedByte(12, location: nil),
        "byte 12 is not where pocket export puts one (not valid JSON, or not laid out as pocket export writes it)"
      ),
      (.twice("laps"), "laps is there twice"), (.notAnObject("chat"), "chat is not an object"),
      (.notAList("laps"), "laps is not a list"),
      (.notAPlainInteger("laps[0].number"), "laps[0].number is not a plain integer"),
      (.missingOrTwice("laps[0].number"), "laps[0].number is missing or there twice"),
      (
        .outOfOrder("laps[1].number", found: 1, last: 2),
        "laps[1].number 1 comes after 2, out of order"
      ),
    ].map {
      (
        .document(.layout(.notAsExported($0.0, kibibytes: 256))),
        "\($0.1); a file larger than 256 KiB is read only as pocket export lays it out"
      )
    }

  /// A sample of every `RateProblem`, with the English users saw, written out by hand.
  static let rateCauses: [(StoreCause, String)] = [
    (.rates(.malformed(.notJSON)), "malformed response: not valid JSON (truncated or damaged)"),
    (.rates(.notAnObject), "the response is not a JSON object"),
    (.rates(.noMember("base_code")), "the response has no \"base_code\""),
    (.rates(.noRatesObject), "the response has no \"rates\" object"),
    (.rates(.rateNotANumber(code: "KRW")), "the rate of KRW is not a number"),
    (
      .rates(.noWholeSecond(key: "time_last_update_unix", text: nil)),
      "the response has no whole-second \"time_last_update_unix\""
    ),
    (
      .rates(.noWholeSecond(key: "time_last_update_unix", text: "1.5")),
      "the response has no whole-second \"time_last_update_unix\": 1.5"
    ),
    (
      .rates(.serviceAnswered(result: "error", errorType: "unsupported-code")),
      "the rate service answered error: unsupported-code"
    ),
    (.rates(.serviceAnswered(result: "error", errorType: nil)), "the rate service answered error"),
    (
      .rates(.baseNotACode(quoted: "\"usd\"")),
      "base_code \"usd\" is not a currency code (three capital letters A–Z)"
    ),
    (
      .rates(.listsNotACode(quoted: "\"usd\"")),
      "the rates list \"usd\", is not a currency code (three capital letters A–Z)"
    ),
    (.rates(.noRates), "the response lists no rates"),
    (.rates(.rateNotPositive(code: "KRW", text: "-1")), "the rate of KRW is not positive: -1"),
    (
      .rates(
        .impossible(
          .afterClock(
            published: PublicationTime(
              field: "time_last_update_unix", number: "4102444800", iso: "2100-01-01T00:00:00Z"),
            clock: "2026-12-06T00:00:00Z"))),
      "time_last_update_unix 4102444800 (2100-01-01T00:00:00Z) is more than a day after this "
        + "machine's clock (2026-12-06T00:00:00Z)"
    ),
    (
      .rates(
        .impossible(
          .nextUpdateFirst(
            next: PublicationTime(field: "time_next_update_unix", number: "10", iso: nil),
            published: PublicationTime(field: "time_last_update_unix", number: "20", iso: nil)))),
      "time_next_update_unix 10 is before time_last_update_unix 20"
    ),
    (.rates(.httpStatus(500)), "the server answered HTTP 500"),
    (.rates(.readTimedOut(seconds: "1.5")), "the response could not be read within 1.5 s"),
    (.rates(.noCompleteResponse(seconds: "20")), "no complete response within 20 s"),
    (.rates(.responseTooLarge(mebibytes: 1)), "the response is larger than 1 MiB"),
    (.rates(.unreachable(because: .system(verbatim))), "cannot reach the server: \(verbatim)"),
  ]

  /// A sample of every `PostgresURLProblem`, with the English users saw, written by hand.
  static let postgresCauses: [(StoreCause, String)] =
    [
      (
        .postgresURL(.password),
        "the URL holds a password, which Pocket never takes there: give it in PGPASSWORD or "
          + "~/.pgpass (PGPASSFILE)"
      )
    ]
    + PostgresURLMalformation.allCases.map {
      (
        .postgresURL(.malformed($0)),
        "the URL is not one libpq can read (\($0.detail.english)); it is not shown, as it may "
          + "hold a password"
      )
    }

  /// The values the samples above pass in, shown as they are in Korean too.
  static let documentValues = [
    "time_last_update_unix", "time_next_update_unix", "unsupported-code", "declared_records",
    "laps[0].number", "laps[1].number", "1e308", "laps[3].note", "shown.items[0].number",
    "chat.lastID",
    "records.notes", "base_code", "storeID", "stopwatch", "records", "notes", "number",
    "format", "error", "rates", "usd", "seq", "nowhere",
  ]
}

import PocketDomain

extension CheckFailureWordingTests {
  /// Samples of the failures that were sentences Pocket worded only in English
  /// (`CheckFailure.english`), each with that English, written out by hand.
  static let typedSamples: [(CheckFailure, String)] = [
    (
      .notPrintableASCII(field: "terminals[0].terminal"),
      "terminals[0].terminal holds a character that is not printable ASCII"
    ),
    (
      .declared(.badName("Tally")),
      "the kind name \"Tally\" is not 1 to 40 of a-z, 0-9 and _"
    ),
    (.declared(.otherKind("tally")), "the records of \"tally\" name another kind"),
    (
      .declared(.badKey(kind: "tally", key: "")),
      "tally: the key \"\" is not 1 to 200 bytes without control characters"
    ),
    (
      .declared(.tooLong(kind: "tally", key: "cups", limit: 65536)),
      "tally cups: the record is longer than 65536 bytes"
    ),
    (
      .declared(.notAnObject(kind: "tally", key: "cups")),
      "tally cups: the record is not a JSON object"
    ),
    (
      .declared(.notEncoded(kind: "tally", error: "invalidValue(nan)")),
      "tally: invalidValue(nan)"
    ),
    (.declared(.holdsAnotherKey(key: "cups", found: "mugs")), "cups holds mugs"),
    (
      .declared(.keyChanged(kind: "tally", key: "cups", became: "mugs")),
      "tally: cups became mugs"
    ),
    (.lapSequence(lap: 3, index: 1, .gap), "lap 3 leaves a gap: lap 2 is missing"),
    (
      .lapSequence(lap: 3, index: 2, .totalGoesDown(total: 3499, previous: 3500)),
      "lap 3's total 3499 ms is less than lap 2's total 3500 ms"
    ),
    (
      .lapSequence(lap: 3, index: 2, .notTheDifference(lapTime: 10, expected: 20)),
      "lap 3's lap time 10 ms is not its total minus the total before (20 ms)"
    ),
    (
      .lapSequenceInFile(lap: 3, index: 1, .gap),
      "laps[1].number 3 leaves a gap: lap 2 is missing"
    ),
    (
      .lapSequenceInFile(lap: 3, index: 2, .totalGoesDown(total: 3499, previous: 3500)),
      "laps[2].totalMs 3499 is less than lap 2's total 3500"
    ),
    (
      .lapSequenceInFile(lap: 3, index: 2, .notTheDifference(lapTime: 10, expected: 20)),
      "laps[2].lapTimeMs 10 is not its total minus the total before (20)"
    ),
    (
      .publication(
        .afterClock(
          published: PublicationTime(
            field: "stopwatch.startedAtMs", number: "4102444800000", iso: "2100-01-01T00:00:00Z"),
          clock: "2026-12-06T00:00:00Z")),
      "stopwatch.startedAtMs 4102444800000 (2100-01-01T00:00:00Z) is more than a day after this "
        + "machine's clock (2026-12-06T00:00:00Z)"
    ),
    (
      .publication(
        .nextUpdateFirst(
          next: PublicationTime(field: "rates.latest.nextUpdateAtMs", number: "10", iso: nil),
          published: PublicationTime(field: "publishedAtMs", number: "20", iso: nil))),
      "rates.latest.nextUpdateAtMs 10 is before publishedAtMs 20"
    ),
  ]
}

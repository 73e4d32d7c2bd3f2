/// Why a PostgreSQL URL or connection string is refused before libpq sees it
/// (`StoreCause.postgresURL`, the App's usage errors): its text is never repeated, as it
/// may hold a password.
public enum PostgresURLProblem: Error, Equatable, Sendable {
  /// It carries a password (`user:secret@`, `?password=`, `password=`, `sslpassword=`),
  /// which Pocket never takes there: it would show in the process list, in a shell's
  /// history, and in any message that repeats the text.
  case password
  /// libpq could not read it, and would repeat the whole text in its message.
  case malformed(PostgresURLMalformation)
}

/// How a URL or connection string cannot be read (`PostgresURLProblem.malformed`).
public enum PostgresURLMalformation: Equatable, Sendable, CaseIterable {
  case notPostgresURL, questionBeforeAt, atAfterUser, unclosedBracket, portNotANumber
  case badQueryParameter, badPercent, missingEquals, unclosedQuote
}

extension PostgresSchema {
  /// The machines that keep a copy of the store (issue 47, `docs/local-first.md`), each
  /// with its number, which no other machine of the store is ever given: a record a machine
  /// makes while the server does not answer will take its identity from the number (`id =
  /// number × 2^40 + n`), so two machines offline at once never make the same one. The
  /// numbers run from 1 to 8,191, so every such identity stays below 2^53 (`Limits.id`);
  /// a number is claimed by a copy's first pull (`PostgresReplica.claimMachine`) and never
  /// given back. Not a record table: it is not logged, copied, exported or emptied by an
  /// import.
  ///
  /// Shipped, so frozen: its SQL is its own.
  static let machines = Migration(
    name: "machines",
    statements: [
      """
      CREATE TABLE machines (
        number integer GENERATED ALWAYS AS IDENTITY (MINVALUE 1 MAXVALUE 8191) PRIMARY KEY,
        claimed_at_ms bigint NOT NULL
      )
      """
    ])
}

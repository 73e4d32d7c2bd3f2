extension PostgresSchema {
  /// The change log a machine's copy of the store is brought up to date from (issue 47,
  /// `docs/local-first.md`): every statement that changes a table of records shared between
  /// machines appends, for each row it touched, the row's table and key (its primary key's
  /// columns as a JSON object; `NULL` for a `TRUNCATE`: every row). A copy that has applied
  /// the log through position P reads `position > P`, then each touched row as it is now
  /// (gone: deleted). Who changed it does not matter: `psql` is logged as Pocket is.
  ///
  /// - Positions commit in order: each logging statement takes the store's write lock
  ///   (`PostgresDatabase.lockStatement`, which Pocket's writes hold already), so a
  ///   position is given only once every transaction given a lower one has ended. A reader
  ///   that sees position P has seen every position below it that will ever commit.
  /// - The log is bounded: once the newest position is `kept + batch` past the point it was
  ///   pruned through, the statement that logged it deletes all but the newest `kept` and
  ///   moves that point (`change_log_pruned`). A copy whose position is below the point has
  ///   missed changes the log no longer holds and copies the store again.
  /// - Screen state, the terminals' lists, counters and derived tables (row counts, list
  ///   blocks) are not logged: each machine keeps or derives its own.
  ///
  /// Shipped, so frozen: its SQL and its tables are its own (`loggedTables` is today's list).
  static let changeLog = Migration(
    name: "changeLog",
    statements: [
      """
      CREATE TABLE change_log (
        position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        table_name text NOT NULL,
        key jsonb
      )
      """,
      """
      CREATE TABLE change_log_pruned (
        id integer PRIMARY KEY CHECK (id = 1),
        position bigint NOT NULL CHECK (position >= 0),
        kept bigint NOT NULL CHECK (kept >= 1),
        batch bigint NOT NULL CHECK (batch >= 1)
      )
      """,
      "INSERT INTO change_log_pruned (id, position, kept, batch) VALUES (1, 0, 10000, 1000)",
      // The key of a row (as `to_jsonb` gives it): its columns `columns` only.
      """
      CREATE FUNCTION change_key(item jsonb, columns text[]) RETURNS jsonb
      LANGUAGE sql IMMUTABLE AS $$
        SELECT jsonb_object_agg(c, item -> c) FROM unnest(columns) AS c
      $$
      """,
      // One function for every logged table, its key's columns the trigger's arguments: the
      // rows a statement inserted, deleted or changed (its transition tables, before and
      // after: an update may change a key), or the whole table for a TRUNCATE.
      """
      CREATE FUNCTION log_change() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('pocket.' || TG_TABLE_SCHEMA));
        IF TG_OP = 'TRUNCATE' THEN
          INSERT INTO change_log (table_name, key) VALUES (TG_TABLE_NAME, NULL);
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO change_log (table_name, key)
          SELECT DISTINCT TG_TABLE_NAME, change_key(to_jsonb(r), TG_ARGV) FROM inserted r;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO change_log (table_name, key)
          SELECT DISTINCT TG_TABLE_NAME, change_key(to_jsonb(r), TG_ARGV) FROM deleted r;
        ELSE
          INSERT INTO change_log (table_name, key)
          SELECT DISTINCT TG_TABLE_NAME, k FROM (
            SELECT change_key(to_jsonb(r), TG_ARGV) FROM deleted r
            UNION ALL SELECT change_key(to_jsonb(r), TG_ARGV) FROM inserted r
          ) AS touched (k);
        END IF;
        RETURN NULL;
      END
      $$
      """,
      """
      CREATE FUNCTION prune_change_log() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE change_log_pruned SET position = newest.position - kept
        FROM (SELECT max(position) AS position FROM added) AS newest
        WHERE id = 1 AND newest.position - change_log_pruned.position >= kept + batch;
        IF FOUND THEN
          DELETE FROM change_log
          WHERE position <= (SELECT position FROM change_log_pruned WHERE id = 1);
        END IF;
        RETURN NULL;
      END
      $$
      """,
      """
      CREATE TRIGGER change_log_prune AFTER INSERT ON change_log
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION prune_change_log()
      """,
    ]
      + [
        ("stopwatch", "'id'"), ("laps", "'number'"), ("bookmarks", "'id'"),
        ("rate_snapshots", "'slot'"), ("rates", "'slot', 'code'"),
        ("favorite_currencies", "'code'"), ("mind_logs", "'id'"), ("chat_messages", "'id'"),
        ("declared_records", "'kind', 'key'"),
      ].flatMap { table, key in
        [
          """
          CREATE TRIGGER \(table)_logged_insert AFTER INSERT ON \(table)
          REFERENCING NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION log_change(\(key))
          """,
          """
          CREATE TRIGGER \(table)_logged_update AFTER UPDATE ON \(table)
          REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION log_change(\(key))
          """,
          """
          CREATE TRIGGER \(table)_logged_delete AFTER DELETE ON \(table)
          REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION log_change(\(key))
          """,
          """
          CREATE TRIGGER \(table)_logged_truncate AFTER TRUNCATE ON \(table)
          FOR EACH STATEMENT EXECUTE FUNCTION log_change(\(key))
          """,
        ]
      })

  /// The tables the change log covers, each with its key's columns: today's list (a shipped
  /// migration spells out its own), which `PostgresChangeLogTests` checks against the
  /// triggers the migrations made.
  static let loggedTables: [(table: String, key: [String])] = [
    ("stopwatch", ["id"]), ("laps", ["number"]), ("bookmarks", ["id"]),
    ("rate_snapshots", ["slot"]), ("rates", ["slot", "code"]), ("favorite_currencies", ["code"]),
    ("mind_logs", ["id"]), ("chat_messages", ["id"]), ("declared_records", ["kind", "key"]),
  ]
}

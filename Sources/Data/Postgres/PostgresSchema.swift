import Domain

/// The schema of a Pocket store on PostgreSQL, in a PostgreSQL schema of its own (`pocket`
/// unless `--store-schema` names another), as an ordered list of migrations. The number
/// applied is kept in `schema_version`, set in the transaction that runs each one, so a
/// store has always had exactly the first N. Migrations are only ever appended.
///
/// Every statement runs with `search_path` set to the store's schema, so none names it;
/// the functions keep that path (`SET search_path FROM CURRENT`), so a trigger fired by
/// another client (`psql`, with its own path) still finds the store's tables.
enum PostgresSchema {
  /// One step of the schema: a name, and the constant statements that make it.
  struct Migration {
    let name: String
    let statements: [String]
  }

  static let migrations: [Migration] = [createTables, listBlocks]

  /// The version this code writes and reads: the number of migrations.
  static var currentVersion: Int { migrations.count }

  /// The channel every store's triggers notify, with "SCHEMA TABLE" as the payload.
  static let channel = "pocket_changes"

  /// The lists whose rows `row_counts` counts.
  static let countedTables = ["laps", "bookmarks", "mind_logs", "chat_messages"]

  /// The tables of records, each with a trigger that notifies its changes, and the kinds of
  /// record a change to each touches.
  static let notifyingTables: [(table: String, kinds: RecordKinds)] = [
    ("stopwatch", .stopwatch), ("laps", .stopwatch), ("bookmarks", .bookmarks),
    ("rate_snapshots", .rates), ("rates", .rates), ("favorite_currencies", .rates),
    ("mind_logs", .mindLog), ("chat_messages", .chat), ("screen_state", .screens),
    ("shown_list", .screens), ("shown_items", .screens),
  ]

  /// The table that says how many migrations the schema has had; made before the first.
  static let createVersionTable = """
    CREATE TABLE IF NOT EXISTS schema_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version integer NOT NULL CHECK (version >= 0)
    )
    """
  static let readVersion = "SELECT version FROM schema_version WHERE id = 1"

  /// What a schema ($1) without Pocket's version table holds, counted by kind
  /// (`1 view, 2 functions`), or NULL when it holds nothing: every catalog whose objects
  /// live in a schema is asked, so no kind of another program's object is taken over.
  static let objectsNotPocket = """
    SELECT string_agg(
        number || ' ' || CASE WHEN number = 1 THEN kind WHEN kind = 'index' THEN 'indexes'
          ELSE kind || 's' END, ', ' ORDER BY kind)
    FROM (SELECT kind, count(*) AS number FROM (
      SELECT CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'v' THEN 'view'
          WHEN 'm' THEN 'materialized view' WHEN 'S' THEN 'sequence'
          WHEN 'f' THEN 'foreign table' WHEN 'c' THEN 'type' WHEN 'i' THEN 'index'
          WHEN 'I' THEN 'index' ELSE 'relation' END AS kind
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
      UNION ALL SELECT CASE p.prokind WHEN 'p' THEN 'procedure' WHEN 'a' THEN 'aggregate'
          ELSE 'function' END
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
      UNION ALL SELECT CASE t.typtype WHEN 'd' THEN 'domain' ELSE 'type' END
        FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = $1 AND t.typrelid = 0 AND NOT EXISTS (
          SELECT 1 FROM pg_type e WHERE e.typarray = t.oid)
      UNION ALL SELECT 'collation' FROM pg_collation x JOIN pg_namespace n
        ON n.oid = x.collnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'conversion' FROM pg_conversion x JOIN pg_namespace n
        ON n.oid = x.connamespace WHERE n.nspname = $1
      UNION ALL SELECT 'operator' FROM pg_operator x JOIN pg_namespace n
        ON n.oid = x.oprnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'operator family' FROM pg_opfamily x JOIN pg_namespace n
        ON n.oid = x.opfnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'operator class' FROM pg_opclass x JOIN pg_namespace n
        ON n.oid = x.opcnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'text search configuration' FROM pg_ts_config x JOIN pg_namespace n
        ON n.oid = x.cfgnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'text search dictionary' FROM pg_ts_dict x JOIN pg_namespace n
        ON n.oid = x.dictnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'text search parser' FROM pg_ts_parser x JOIN pg_namespace n
        ON n.oid = x.prsnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'text search template' FROM pg_ts_template x JOIN pg_namespace n
        ON n.oid = x.tmplnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'statistics object' FROM pg_statistic_ext x JOIN pg_namespace n
        ON n.oid = x.stxnamespace WHERE n.nspname = $1
      UNION ALL SELECT 'extension' FROM pg_extension x JOIN pg_namespace n
        ON n.oid = x.extnamespace WHERE n.nspname = $1
    ) AS objects(kind) GROUP BY kind) AS kinds
    """

  /// The statement that sets a connection's path to the store's `schema` and its commits
  /// synchronous (a commit returns once it is on the server's disk, whatever the server's
  /// default), and fails unless the schema is at the current version: a division by zero
  /// where its version is another, an undefined table or schema where it has none. The
  /// version's table is named with its schema: the path is set only as the statement runs.
  static func currentCheck(_ schema: String) -> (sql: String, values: [any PostgresBindable]) {
    (
      """
      SELECT 1 / count(*)::integer, set_config('search_path', $1, false),
        set_config('synchronous_commit', 'on', false)
      FROM \(quoted(schema)).schema_version WHERE id = 1 AND version = $2
      """, [quoted(schema), currentVersion]
    )
  }
  static let setVersion = """
    INSERT INTO schema_version (id, version) VALUES (1, $1)
    ON CONFLICT (id) DO UPDATE SET version = excluded.version
    """

  /// Every table, as the sqlite store has them (times in epoch milliseconds, decimals their
  /// exact text), with the ranges every door checks said once more by the server (`Limits`).
  static let createTables = Migration(
    name: "createTables",
    statements: [
      """
      CREATE TABLE stopwatch (
        id integer PRIMARY KEY CHECK (id = 1),
        accumulated_ms bigint NOT NULL CHECK (accumulated_ms BETWEEN 0 AND 3155760000000),
        started_at_ms bigint CHECK (started_at_ms BETWEEN 0 AND 253402300799999),
        started_boot_id text,
        started_uptime_ms bigint
      )
      """,
      """
      CREATE TABLE laps (
        number bigint PRIMARY KEY CHECK (number BETWEEN 1 AND 9007199254740991),
        lap_ms bigint NOT NULL CHECK (lap_ms BETWEEN 0 AND 3155760000000),
        total_ms bigint NOT NULL CHECK (total_ms BETWEEN 0 AND 3155760000000)
      )
      """,
      // `id` keeps insertion order: the later of two bookmarks made at one time is first.
      """
      CREATE TABLE bookmarks (
        id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        url text NOT NULL UNIQUE,
        title text NOT NULL,
        notice_date_ms bigint NOT NULL CHECK (notice_date_ms BETWEEN 0 AND 253402300799999),
        bookmarked_at_ms bigint NOT NULL
          CHECK (bookmarked_at_ms BETWEEN 0 AND 253402300799999)
      )
      """,
      """
      CREATE TABLE rate_snapshots (
        slot text PRIMARY KEY CHECK (slot IN ('latest', 'previous')),
        base text NOT NULL,
        published_at_ms bigint NOT NULL CHECK (published_at_ms BETWEEN 0 AND 253402300799999),
        next_update_at_ms bigint NOT NULL
          CHECK (next_update_at_ms BETWEEN 0 AND 253402300799999)
      )
      """,
      """
      CREATE TABLE rates (
        slot text NOT NULL
          REFERENCES rate_snapshots (slot) ON DELETE CASCADE ON UPDATE CASCADE,
        code text NOT NULL,
        rate text NOT NULL CHECK (rate::numeric BETWEEN 1e-12 AND 1e12),
        PRIMARY KEY (slot, code)
      )
      """,
      "CREATE TABLE favorite_currencies (code text PRIMARY KEY)",
      """
      CREATE TABLE screen_state (
        id integer PRIMARY KEY CHECK (id = 1),
        screen text,
        currency text,
        last_calculator_currency text
      )
      """,
      """
      CREATE TABLE mind_logs (
        id bigint PRIMARY KEY CHECK (id BETWEEN 1 AND 9007199254740991),
        date_ms bigint NOT NULL CHECK (date_ms BETWEEN 0 AND 253402300799999),
        score text NOT NULL CHECK (score::numeric BETWEEN 0 AND 10),
        note text NOT NULL
      )
      """,
      """
      CREATE TABLE chat_messages (
        id bigint PRIMARY KEY CHECK (id BETWEEN 1 AND 9007199254740991),
        content text NOT NULL,
        date_ms bigint NOT NULL CHECK (date_ms BETWEEN 0 AND 253402300799999),
        edited boolean NOT NULL
      )
      """,
      // The highest id ever given per list: ids are never reused.
      """
      CREATE TABLE counters (
        name text PRIMARY KEY CHECK (name IN ('mind_logs', 'chat_messages')),
        value bigint NOT NULL
      )
      """,
      "INSERT INTO counters (name, value) VALUES ('mind_logs', 0), ('chat_messages', 0)",
      // Exact row counts, so a page's total is one lookup rather than a count(*) of the
      // table; kept by the triggers below in the transaction that changes the rows.
      """
      CREATE TABLE row_counts (
        name text PRIMARY KEY
          CHECK (name IN ('laps', 'bookmarks', 'mind_logs', 'chat_messages')),
        value bigint NOT NULL CHECK (value >= 0)
      )
      """,
      """
      INSERT INTO row_counts (name, value)
      VALUES ('laps', 0), ('bookmarks', 0), ('mind_logs', 0), ('chat_messages', 0)
      """,
      """
      CREATE TABLE shown_list (
        id integer PRIMARY KEY CHECK (id = 1),
        screen text NOT NULL,
        currency text
      )
      """,
      """
      CREATE TABLE shown_items (
        number bigint PRIMARY KEY CHECK (number >= 1),
        record_id bigint,
        url text,
        text text NOT NULL,
        value text NOT NULL,
        CHECK ((record_id IS NULL) <> (url IS NULL))
      )
      """,
      "CREATE INDEX chat_messages_by_date ON chat_messages (date_ms, id)",
      "CREATE INDEX mind_logs_by_date ON mind_logs (date_ms, id)",
      "CREATE INDEX bookmarks_by_date ON bookmarks (bookmarked_at_ms, id)",
      "CREATE INDEX laps_by_lap_time ON laps (lap_ms, number)",
      // One function for every counted table: the rows a statement inserted or deleted
      // (its transition table), or all of them for a TRUNCATE.
      """
      CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE row_counts SET value = value + (SELECT count(*) FROM inserted)
          WHERE name = TG_TABLE_NAME;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE row_counts SET value = value - (SELECT count(*) FROM deleted)
          WHERE name = TG_TABLE_NAME;
        ELSE
          UPDATE row_counts SET value = 0 WHERE name = TG_TABLE_NAME;
        END IF;
        RETURN NULL;
      END
      $$
      """,
      // A change by any client, Pocket or psql, reaches every open Pocket on the store. The
      // server sends one notification per distinct payload per transaction.
      """
      CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM pg_notify('pocket_changes', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME);
        RETURN NULL;
      END
      $$
      """,
    ]
      + countedTables.flatMap { table in
        [
          """
          CREATE TRIGGER \(table)_counted_insert AFTER INSERT ON \(table)
          REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION count_rows()
          """,
          """
          CREATE TRIGGER \(table)_counted_delete AFTER DELETE ON \(table)
          REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION count_rows()
          """,
          """
          CREATE TRIGGER \(table)_counted_truncate AFTER TRUNCATE ON \(table)
          FOR EACH STATEMENT EXECUTE FUNCTION count_rows()
          """,
        ]
      }
      + notifyingTables.map { table, _ in
        """
        CREATE TRIGGER \(table)_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
        FOR EACH STATEMENT EXECUTE FUNCTION notify_change()
        """
      })

  /// The blocks that find item N of a long list without stepping over N rows
  /// (`PostgresListIndex`): each list cut, in its order, into blocks of about
  /// `blockSize` rows whose first key and exact size `list_blocks` keeps. One function per
  /// list, fired once per statement with the rows it inserted, deleted or moved, keeps the
  /// sizes, splits a block past twice `blockSize` and merges one under a quarter into the
  /// block before it, so the blocks stay right whoever writes (`psql` too). The first block
  /// of a list starts at `sentinel`, below every key. (Spelled out from constants that
  /// never change.)
  static let listBlocks = Migration(
    name: "listBlocks",
    statements: [
      """
      CREATE TABLE list_blocks (
        list text NOT NULL CHECK (list IN ('chat_messages', 'mind_logs', 'bookmarks')),
        k1 bigint NOT NULL,
        k2 bigint NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        PRIMARY KEY (list, k1, k2)
      )
      """,
      "CREATE INDEX list_blocks_too_large ON list_blocks (list) WHERE size > 2000",
      "CREATE INDEX list_blocks_too_small ON list_blocks (list) WHERE size < 250",
    ]
      + blockedLists.flatMap { blockStatements(table: $0.table, key: $0.key) })

  /// The lists `listBlocks` cuts into blocks, and the first column of each one's order.
  static let blockedLists = [
    (table: "chat_messages", key: "date_ms"), (table: "mind_logs", key: "date_ms"),
    (table: "bookmarks", key: "bookmarked_at_ms"),
  ]

  /// Rows per block after a split.
  static let blockSize = 1_000
  /// The first key of every list's first block: below every stored key.
  static let sentinel: (Int64, Int64) = (-9_223_372_036_854_775_807, 0)

  /// The blocks of `table` over the rows it holds, its function and its triggers.
  private static func blockStatements(table: String, key: String) -> [String] {
    let list = "list = '\(table)'"
    let first = "(\(sentinel.0), \(sentinel.1))"
    // Per block covering the rows of a transition table, how many of them it holds.
    func perBlock(_ rows: String) -> String {
      """
      SELECT c.k1, c.k2, count(*) AS n FROM \(rows) r
        CROSS JOIN LATERAL (
          SELECT k1, k2 FROM list_blocks WHERE \(list) AND (k1, k2) <= (r.\(key), r.id)
          ORDER BY k1 DESC, k2 DESC LIMIT 1) c
        GROUP BY c.k1, c.k2
      """
    }
    let rebuild = """
      INSERT INTO list_blocks (list, k1, k2, size)
      SELECT '\(table)', CASE WHEN r = 0 THEN \(sentinel.0) ELSE \(key) END,
        CASE WHEN r = 0 THEN \(sentinel.1) ELSE id END, least(\(blockSize), n - r)
      FROM (
        SELECT \(key), id, row_number() OVER (ORDER BY \(key), id) - 1 AS r,
          count(*) OVER () AS n
        FROM \(table)) s
      WHERE r % \(blockSize) = 0
      UNION ALL SELECT '\(table)', \(sentinel.0), \(sentinel.1), 0
      WHERE NOT EXISTS (SELECT 1 FROM \(table))
      """
    let function = """
      CREATE FUNCTION \(table)_count_blocks() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      DECLARE
        block record;
        before record;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM list_blocks WHERE \(list);
          INSERT INTO list_blocks (list, k1, k2, size)
          VALUES ('\(table)', \(sentinel.0), \(sentinel.1), 0);
          RETURN NULL;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE list_blocks b SET size = b.size - d.n FROM (\(perBlock("old_rows"))) d
          WHERE b.\(list) AND (b.k1, b.k2) = (d.k1, d.k2);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE list_blocks b SET size = b.size + d.n FROM (\(perBlock("new_rows"))) d
          WHERE b.\(list) AND (b.k1, b.k2) = (d.k1, d.k2);
        END IF;
        FOR block IN
          SELECT k1, k2, size FROM list_blocks WHERE \(list) AND size > 2000
        LOOP
          INSERT INTO list_blocks (list, k1, k2, size)
          SELECT '\(table)', \(key), id, least(\(blockSize), block.size - r)
          FROM (
            SELECT \(key), id, row_number() OVER (ORDER BY \(key), id) - 1 AS r
            FROM (
              SELECT \(key), id FROM \(table) WHERE (\(key), id) >= (block.k1, block.k2)
              ORDER BY \(key), id LIMIT block.size) rows) numbered
          WHERE r > 0 AND r % \(blockSize) = 0;
          UPDATE list_blocks SET size = \(blockSize)
          WHERE \(list) AND (k1, k2) = (block.k1, block.k2);
        END LOOP;
        FOR block IN
          SELECT k1, k2, size FROM list_blocks
          WHERE \(list) AND size < 250 AND (k1, k2) <> \(first)
        LOOP
          SELECT k1, k2 INTO before FROM list_blocks
          WHERE \(list) AND (k1, k2) < (block.k1, block.k2) ORDER BY k1 DESC, k2 DESC LIMIT 1;
          DELETE FROM list_blocks WHERE \(list) AND (k1, k2) = (block.k1, block.k2);
          UPDATE list_blocks SET size = size + block.size
          WHERE \(list) AND (k1, k2) = (before.k1, before.k2);
        END LOOP;
        RETURN NULL;
      END
      $$
      """
    let trigger = "FOR EACH STATEMENT EXECUTE FUNCTION \(table)_count_blocks()"
    return [
      rebuild, function,
      """
      CREATE TRIGGER \(table)_blocked_insert AFTER INSERT ON \(table)
      REFERENCING NEW TABLE AS new_rows \(trigger)
      """,
      """
      CREATE TRIGGER \(table)_blocked_delete AFTER DELETE ON \(table)
      REFERENCING OLD TABLE AS old_rows \(trigger)
      """,
      """
      CREATE TRIGGER \(table)_blocked_move AFTER UPDATE ON \(table)
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows \(trigger)
      """,
      "CREATE TRIGGER \(table)_blocked_truncate AFTER TRUNCATE ON \(table) \(trigger)",
    ]
  }

  /// `name` as an SQL identifier, in double quotes (a quote inside doubled): for the
  /// statements that cannot take a parameter (`CREATE SCHEMA`, `search_path`).
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Whether `name` may name a store's schema: a letter or `_`, then letters, digits and
  /// `_`, at most 63 bytes (PostgreSQL's limit), lowercase so that psql finds it unquoted.
  static func isValidName(_ name: String) -> Bool {
    guard let first = name.utf8.first, name.utf8.count <= 63 else { return false }
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    let underscore = UInt8(ascii: "_")
    return (letters.contains(first) || first == underscore)
      && name.utf8.allSatisfy { letters.contains($0) || digits.contains($0) || $0 == underscore }
  }
}

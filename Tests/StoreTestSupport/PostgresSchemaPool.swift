import Foundation
import Synchronization
import TestSupport

@testable import PocketData

/// Schemas of finished tests, emptied, for the next test's postgres store: making a new
/// schema runs every migration, emptying one deletes a few rows (what that saves a run is in
/// CONTRIBUTING.md). A schema is taken back only when it is shaped exactly as a new one (its
/// tables, columns, constraints, indexes, triggers and functions, and its version): a test
/// that dropped a trigger, left an older version or kept another program's object there
/// leaves its schema alone. Emptied is as new: every row of every table but
/// `schema_version` deleted, sequences restarted, and the rows the migrations put in (the
/// counters, the lists' first blocks) copied back from a schema that was never used
/// (`pristine`), with no trigger firing meanwhile.
public enum PostgresSchemaPool {
  private struct State {
    /// The schema each test directory's store is in.
    var assigned: [String: String] = [:]
    /// Emptied schemas, shaped as new, for the next directory.
    var free: [String] = []
    /// The janitor's connection (`nil`: pooling is off, the server could not be prepared).
    var janitor: PostgresConnection?
    var isPrepared = false
    /// What `pristine` is made of (`pocket_pool_shape`).
    var pristineShape = ""
  }

  private static let state = Mutex(State())

  /// The schema never used, migrated once, that an emptied schema is compared with.
  public static let pristine = "t_pool_pristine"

  /// The schema of `directory`'s store: the one it was given, else an emptied one, else a
  /// new name derived from the folder's path.
  static func schema(for directory: URL, derived: () -> String) -> String {
    let path = directory.standardizedFileURL.path
    return state.withLock { state in
      if let schema = state.assigned[path] { return schema }
      let schema = state.free.popLast() ?? derived()
      state.assigned[path] = schema
      return schema
    }
  }

  /// `directory`'s store is done with: its schema, emptied, is offered to the next test
  /// when it is shaped as a new one.
  public static func release(_ directory: URL) {
    let path = directory.standardizedFileURL.path
    state.withLock { state in
      guard let schema = state.assigned.removeValue(forKey: path) else { return }
      if empty(schema, &state) { state.free.append(schema) }
    }
  }

  /// Whether schemas are reused: the server runs, and the pool's functions and the pristine
  /// schema are made (on first use).
  public static var isReady: Bool {
    state.withLock { prepared(&$0) != nil }
  }

  /// Empties `schema` as a new one is, when it is shaped as a new one; whether it did.
  public static func empty(_ schema: String) -> Bool {
    state.withLock { empty(schema, &$0) }
  }

  private static func empty(_ schema: String, _ state: inout State) -> Bool {
    guard let janitor = prepared(&state) else { return false }
    let emptied = try? janitor.text(
      "SELECT public.pocket_pool_empty($1, $2, $3)", schema, pristine, state.pristineShape)
    return emptied == "t"
  }

  /// The janitor's connection, with the pool's functions and the pristine schema made on
  /// first use.
  private static func prepared(_ state: inout State) -> PostgresConnection? {
    if state.isPrepared { return state.janitor }
    state.isPrepared = true
    guard let server = PostgresServer.shared else { return nil }
    let target = PostgresTarget(url: server.url(), schema: pristine)
    do {
      _ = try PostgresStore.open(target)
      let environment = ProcessInfo.processInfo.environment
      let janitor = try PostgresConnection(
        try LibPQ.load(environment: environment),
        parameters: target.parameters(environment: environment))
      try janitor.execute(shapeFunction)
      try janitor.execute(emptyFunction)
      guard let shape = try janitor.text("SELECT public.pocket_pool_shape($1)", pristine) else {
        return nil
      }
      state.pristineShape = shape
      state.janitor = janitor
    } catch {
      return nil
    }
    return state.janitor
  }

  /// `pocket_pool_shape(schema)`: a digest of what the schema is made of, the schema's own
  /// name left out of every definition.
  private static let shapeFunction = """
    CREATE OR REPLACE FUNCTION public.pocket_pool_shape(s text) RETURNS text
    LANGUAGE plpgsql AS $$
    DECLARE
      parts text;
      version text;
    BEGIN
      SELECT string_agg(part, E'\\n' ORDER BY part) INTO parts FROM (
        SELECT format('relation %s %s', relname, relkind) FROM pg_class
          WHERE relnamespace = s::regnamespace
        UNION ALL
        SELECT format(
            'column %s.%s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
            a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE c.relnamespace = s::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT format('constraint %s %s', conname, pg_get_constraintdef(oid)) FROM pg_constraint
          WHERE connamespace = s::regnamespace
        UNION ALL
        SELECT format('index %s', pg_get_indexdef(indexrelid))
          FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
          WHERE c.relnamespace = s::regnamespace
        UNION ALL
        SELECT format('trigger %s %s %s', tgname, tgenabled, pg_get_triggerdef(t.oid))
          FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE c.relnamespace = s::regnamespace AND NOT t.tgisinternal
        UNION ALL
        SELECT format('function %s %s', proname, md5(prosrc)) FROM pg_proc
          WHERE pronamespace = s::regnamespace
        UNION ALL
        SELECT format('type %s', typname) FROM pg_type WHERE typnamespace = s::regnamespace
      ) AS shape(part);
      EXECUTE format('SELECT string_agg(version::text, %L) FROM %I.schema_version', ',', s)
        INTO version;
      RETURN md5(replace(parts, s, '') || ' version ' || version);
    END $$
    """

  /// `pocket_pool_empty(schema, pristine)`: empties `schema` as `pristine` is, and says
  /// whether it did: only a schema shaped as `pristine` is touched, and only when no other
  /// session holds a lock on it (within a second).
  private static let emptyFunction = """
    CREATE OR REPLACE FUNCTION public.pocket_pool_empty(s text, pristine text, shape text)
    RETURNS boolean
    LANGUAGE plpgsql AS $$
    DECLARE
      name text;
    BEGIN
      IF public.pocket_pool_shape(s) IS DISTINCT FROM shape THEN
        RETURN false;
      END IF;
      SET LOCAL lock_timeout = '1s';
      -- No trigger fires meanwhile (not even those that keep a list's blocks when it is
      -- truncated): what the schema holds afterwards is exactly what `pristine` holds.
      SET LOCAL session_replication_role = replica;
      FOR name IN SELECT tablename FROM pg_tables
          WHERE schemaname = s AND tablename <> 'schema_version' LOOP
        EXECUTE format('DELETE FROM %I.%I', s, name);
      END LOOP;
      FOR name IN SELECT relname FROM pg_class
          WHERE relnamespace = s::regnamespace AND relkind = 'S' LOOP
        EXECUTE format('ALTER SEQUENCE %I.%I RESTART', s, name);
      END LOOP;
      FOR name IN SELECT tablename FROM pg_tables
          WHERE schemaname = pristine AND tablename <> 'schema_version' LOOP
        -- The change log's positions are the server's alone to give (`GENERATED ALWAYS`).
        EXECUTE format(
          'INSERT INTO %I.%I OVERRIDING SYSTEM VALUE SELECT * FROM %I.%I', s, name, pristine, name);
      END LOOP;
      RETURN true;
    EXCEPTION WHEN OTHERS THEN
      RETURN false;
    END $$
    """
}

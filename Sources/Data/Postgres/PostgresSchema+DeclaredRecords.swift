extension PostgresSchema {
  /// The declared kinds' records (`DeclaredRecords`): a row per record, with its kind's name
  /// and declaration beside it. A change to a row notifies "SCHEMA declared_records KINDS"
  /// (the kinds its declaration reports, `RecordDeclaration.kinds`; the old row's and the
  /// new row's), so a follower learns exactly which declared kinds moved; a `TRUNCATE`
  /// notifies the table alone, and is every kind. Shipped, so frozen.
  static let declaredRecords = Migration(
    name: "declaredRecords",
    statements: [
      """
      CREATE TABLE declared_records (
        kind text NOT NULL,
        key text NOT NULL,
        kinds bigint NOT NULL CHECK (kinds <> 0),
        user_data boolean NOT NULL,
        body text NOT NULL,
        PRIMARY KEY (kind, key)
      )
      """,
      """
      CREATE FUNCTION notify_declared() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('pocket_changes', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME);
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify(
            'pocket_changes', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME || ' ' || OLD.kinds);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify(
            'pocket_changes', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME || ' ' || NEW.kinds);
        END IF;
        RETURN NULL;
      END
      $$
      """,
      """
      CREATE TRIGGER declared_records_notify AFTER INSERT OR UPDATE OR DELETE ON declared_records
      FOR EACH ROW EXECUTE FUNCTION notify_declared()
      """,
      """
      CREATE TRIGGER declared_records_truncate_notify AFTER TRUNCATE ON declared_records
      FOR EACH STATEMENT EXECUTE FUNCTION notify_declared()
      """,
    ])
}

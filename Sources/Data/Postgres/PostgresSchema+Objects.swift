import PocketDomain

extension PostgresSchema {
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
      \(namedObjects.map(union).joined(separator: "\n  "))
    ) AS objects(kind) GROUP BY kind) AS kinds
    """

  /// The catalogs of the other objects a schema holds, each with the kind it holds and its
  /// column naming the object's schema, in the order `objectsNotPocket` asks them.
  private static let namedObjects: [(kind: String, catalog: String, schema: String)] = [
    ("collation", "pg_collation", "collnamespace"),
    ("conversion", "pg_conversion", "connamespace"),
    ("operator", "pg_operator", "oprnamespace"),
    ("operator family", "pg_opfamily", "opfnamespace"),
    ("operator class", "pg_opclass", "opcnamespace"),
    ("text search configuration", "pg_ts_config", "cfgnamespace"),
    ("text search dictionary", "pg_ts_dict", "dictnamespace"),
    ("text search parser", "pg_ts_parser", "prsnamespace"),
    ("text search template", "pg_ts_template", "tmplnamespace"),
    ("statistics object", "pg_statistic_ext", "stxnamespace"),
    ("extension", "pg_extension", "extnamespace"),
  ]

  /// The part of `objectsNotPocket` that gives an object's kind once per object of its
  /// catalog in $1.
  private static func union(_ object: (kind: String, catalog: String, schema: String)) -> String {
    """
    UNION ALL SELECT '\(object.kind)' FROM \(object.catalog) x JOIN pg_namespace n
        ON n.oid = x.\(object.schema) WHERE n.nspname = $1
    """
  }
}

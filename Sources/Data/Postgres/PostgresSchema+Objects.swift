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
}

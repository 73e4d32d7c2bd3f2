extension SQLiteSchema {
  /// The chat's messages whose search index may be stale (`SQLiteChatSearch`): plain-SQL
  /// triggers add the id of every message inserted, deleted, or whose content or id
  /// changes, whatever program writes the file, and Pocket's own writes fold those messages
  /// into the index in Swift and take their ids out. The index itself (an FTS5 table) is
  /// made by Swift where the linked SQLite has FTS5, not here, so that a file opens and a
  /// program without FTS5 writes it. Every message in the file is marked, so the first write
  /// to fill the index takes them all in, a bounded batch at a time. Frozen: its text is its
  /// own.
  static let chatSearchPending = Migration(
    name: "chatSearchPending",
    statements: [
      "CREATE TABLE chat_search_pending (id INTEGER PRIMARY KEY) STRICT",
      """
      CREATE TRIGGER chat_messages_search_insert AFTER INSERT ON chat_messages
      BEGIN INSERT OR IGNORE INTO chat_search_pending (id) VALUES (NEW.id); END
      """,
      """
      CREATE TRIGGER chat_messages_search_update AFTER UPDATE OF id, content ON chat_messages
      BEGIN INSERT OR IGNORE INTO chat_search_pending (id) VALUES (OLD.id), (NEW.id); END
      """,
      """
      CREATE TRIGGER chat_messages_search_delete AFTER DELETE ON chat_messages
      BEGIN INSERT OR IGNORE INTO chat_search_pending (id) VALUES (OLD.id); END
      """,
      "INSERT INTO chat_search_pending (id) SELECT id FROM chat_messages",
    ])

  /// The triggers of `chatSearchPending`.
  static let chatSearchTriggers = [
    "chat_messages_search_insert", "chat_messages_search_update", "chat_messages_search_delete",
  ]
}

#include <sqlite3.h>

/// `sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, NULL)`: Swift cannot call a
/// C variadic function.
static inline int pocket_sqlite3_enable_triggers(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, (int *)0);
}

/// `sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, NULL)`: whether closing the
/// last connection leaves the log as it is instead of copying it into the database.
static inline int pocket_sqlite3_no_checkpoint_on_close(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

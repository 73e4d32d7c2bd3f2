#include <sqlite3.h>

/// `sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, NULL)`: Swift cannot call a
/// C variadic function.
static inline int pocket_sqlite3_enable_triggers(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, (int *)0);
}

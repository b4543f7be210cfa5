import type { Db } from "./client";

/**
 * A value built once per database handle (prepared statements are bound to the handle they were prepared on):
 * `perDatabase(create)(db)` builds it on the first call for `db` and returns the same one afterwards.
 */
export function perDatabase<T>(create: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let value = byDb.get(db);
    if (value === undefined) {
      value = create(db);
      byDb.set(db, value);
    }
    return value;
  };
}

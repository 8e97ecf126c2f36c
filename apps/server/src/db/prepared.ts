import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { statementName } from './pg-named-statements';

/**
 * Runs a raw statement (a `sql` template, CTEs and all) as a named prepared statement on PostgreSQL, so each
 * connection parses and plans it once instead of at every call, as Drizzle's `.prepare(name)` does for its
 * query builders. The name is a hash of the SQL text: the same text always gets the same name (node-postgres
 * prepares a name once per connection and refuses one reused with another text). On PGlite the named
 * statements of `pglite-named-statements.ts` do the same in its one session (docs/decisions/0055).
 *
 * Only for statements whose text is fixed (values as parameters, a bounded number of shapes): every distinct
 * text stays prepared on every connection for the connection's life. The publishing engine's claim and finish
 * use it (docs/decisions/0053).
 */
export async function executePrepared<Row>(db: Db, query: SQL): Promise<{ rows: Row[] }> {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  const built = dialect.sqlToQuery(query);
  const result = await db._.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
  return result as unknown as { rows: Row[] };
}

/**
 * The names of the texts run here, kept: hashing a claim's few kilobytes of SQL at every publish was over a quarter of
 * this function's own time in a publishing worker. The texts are fixed (see above), so the map stays small; past the bound it
 * starts again rather than grow.
 */
const names = new Map<string, string>();
const KEPT_NAMES = 500;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= KEPT_NAMES) names.clear();
    name = statementName(text);
    names.set(text, name);
  }
  return name;
}

/**
 * One value per database, built on first use: for Drizzle statements prepared with `.prepare(name)`, which
 * must be built once per database (their SQL is written once; PostgreSQL plans them once per connection). The
 * session and API-key lookups, the calendar range, the publishing route and the account read use it.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

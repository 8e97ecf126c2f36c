import { eq, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core';
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
  const built = writeSql(db, query);
  return runNamed<Row>(db, built, nameOf(built.sql));
}

/** A statement's SQL text and parameters, as the database's dialect writes them. */
type WrittenSql = ReturnType<PgDialect['sqlToQuery']>;

function writeSql(db: Db, query: SQL): WrittenSql {
  return (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
}

/** Runs written SQL as the prepared statement `name`, with `values` for its placeholders. */
async function runNamed<Row>(
  db: Db,
  written: WrittenSql,
  name: string,
  values?: Record<string, unknown>,
): Promise<{ rows: Row[] }> {
  const result = await db._.session.prepareQuery(written, undefined, name, false).execute(values);
  return result as unknown as { rows: Row[] };
}

/**
 * A raw statement (a `sql` template, as executePrepared runs) written once: `build` is called at the first run
 * and its SQL and name are kept; each run hands `values` to its `sql.placeholder(name)`s. For a statement run at
 * every publish or request, where writing the template's SQL again (Drizzle's `sqlToQuery`, then the name's
 * lookup by its text) cost more of the process's time than the driver (docs/decisions/0130-raw-statements-built-once.md).
 * `build` must not close over a call's values: every value that changes is a placeholder.
 */
export function sqlBuiltOnce<Row>(
  build: () => SQL,
): (db: Db, values?: Record<string, unknown>) => Promise<{ rows: Row[] }> {
  let built: { written: WrittenSql; name: string } | undefined;
  return (db, values = {}) => {
    if (built === undefined) {
      const written = writeSql(db, build());
      built = { written, name: statementName(written.sql) };
    }
    return runNamed<Row>(db, built.written, built.name, values);
  };
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

/** A database or a transaction on it: what a query built once runs on. */
export type Runner = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a Drizzle query builder hands its session to make a runnable query, and what it sets on the result. */
interface Recorded {
  args: unknown[];
  joinsNotNullableMap?: unknown;
}

interface Session {
  prepareQuery(...args: unknown[]): {
    joinsNotNullableMap?: unknown;
    execute(values?: Record<string, unknown>): Promise<unknown>;
  };
}

/**
 * A Drizzle query (select, insert, update or delete) whose SQL is written once and then run on the database or
 * inside any transaction, with its values as `sql.placeholder(name)`s given at each call. Drizzle writes a
 * builder's SQL anew at every `await`, and for the requests' small statements that cost more of the server's
 * time than the driver and the round trip (a fifth of the server's busy time under the mixed load,
 * docs/decisions/0124-queries-built-once.md); `.prepare()` writes it once but binds it to one database, never to a
 * transaction.
 *
 * `build` gets a database and must return the same query whatever it is called with: every value that changes
 * from one call to the next is a placeholder (a value written in the builder would be reused by every later
 * call). Keep `build` at module level, where no request's values are in scope.
 *
 * How: the builder is asked once to prepare itself against a session that records what it is given (the SQL with
 * its parameters, the selected fields and how they map to the result); each call hands the same to the runner's
 * own session, as Drizzle itself would (a test checks this against each Drizzle release the lockfile pins).
 */
export function builtOnce<Query extends PromiseLike<unknown>>(
  build: (db: Db) => Query,
): (runner: Runner, values?: Record<string, unknown>) => Promise<Awaited<Query>> {
  let recorded: Recorded | undefined;
  return (runner, values = {}) => {
    recorded ??= record(runner as Db, build);
    const session = (runner as unknown as { session: Session }).session;
    const query = session.prepareQuery(...recorded.args);
    if (recorded.joinsNotNullableMap !== undefined) query.joinsNotNullableMap = recorded.joinsNotNullableMap;
    return query.execute(values) as Promise<Awaited<Query>>;
  };
}

function record(db: Db, build: (db: Db) => PromiseLike<unknown>): Recorded {
  const recorded: Recorded = { args: [] };
  const stand = {
    joinsNotNullableMap: undefined as unknown,
    setToken() {
      return stand;
    },
  };
  const session = {
    prepareQuery: (...args: unknown[]) => {
      recorded.args = args;
      return stand;
    },
  };
  const builder = build(Object.create(db, { session: { value: session } }) as Db) as unknown as {
    _prepare(name?: string): unknown;
  };
  builder._prepare();
  if (recorded.args.length === 0) throw new Error('builtOnce: the query did not prepare itself');
  recorded.joinsNotNullableMap = stand.joinsNotNullableMap;
  return recorded;
}

/** Rows up to this many are inserted by a statement written once per table, row count and columns. */
const WRITTEN_ONCE_ROWS = 16;
/** Insert and update statements kept written: past the bound the list starts again rather than grow. */
const KEPT_WRITES = 200;
const writes = new Map<string, ReturnType<typeof builtOnce>>();

function keptWrite(key: string, make: () => ReturnType<typeof builtOnce>) {
  let write = writes.get(key);
  if (write === undefined) {
    if (writes.size >= KEPT_WRITES) writes.clear();
    write = make();
    writes.set(key, write);
  }
  return write;
}

/** The columns a row gives (undefined ones are left to their defaults, as Drizzle does). */
const givenColumns = (row: Record<string, unknown>) =>
  Object.keys(row).filter((column) => row[column] !== undefined);

/** Whether a value is SQL to write in (`sql\`now()\``): such rows take the plain way. */
const hasSql = (row: Record<string, unknown>) => Object.values(row).some((value) => is(value, SQL));

/**
 * A value in the statement: a placeholder, or a written `null` (a column's encoder is not called with null, as
 * Drizzle does for values it writes in; a JSON column would store JSON's null instead of SQL's).
 */
const statementValue = (value: unknown, name: string) => (value === null ? null : sql.placeholder(name));

/**
 * Inserts `rows` into `table`, as `runner.insert(table).values(rows)` would, by a statement written once for
 * each table, number of rows, set of columns and place of nulls (a save's post and its few targets), so the
 * request does not write the same SQL again (docs/decisions/0124-queries-built-once.md). A larger batch, or rows
 * that do not all give the same columns, is inserted the plain way.
 */
export async function insertRows<Table extends PgTable>(
  runner: Runner,
  table: Table,
  rows: readonly Table['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const given = rows as readonly Record<string, unknown>[];
  const columns = givenColumns(given[0] ?? {});
  const names = columns.join(',');
  const plain =
    rows.length > WRITTEN_ONCE_ROWS ||
    given.some((row) => hasSql(row) || givenColumns(row).join(',') !== names);
  if (plain) {
    await runner.insert(table).values(rows as Table['$inferInsert'][]);
    return;
  }
  const key = `insert ${getTableName(table)}|${names}|${given.map((row) => nullMask(row, columns)).join('|')}`;
  const insert = keptWrite(key, () => {
    const placeholders = given.map((row, index) =>
      Object.fromEntries(
        columns.map((column) => [column, statementValue(row[column], `${column}_${index}`)]),
      ),
    );
    return builtOnce((db) => db.insert(table).values(placeholders as Table['$inferInsert'][]));
  });
  const values: Record<string, unknown> = {};
  given.forEach((row, index) => {
    for (const column of columns) if (row[column] !== null) values[`${column}_${index}`] = row[column];
  });
  await insert(runner, values);
}

const nullMask = (row: Record<string, unknown>, columns: readonly string[]) =>
  columns.map((column) => (row[column] === null ? '0' : '1')).join('');

/**
 * `runner.update(table).set(values).where(eq(table.id, id))`, by a statement written once for each table, set
 * of columns and place of nulls (a post's edit and its move). A value left undefined is not written, as Drizzle's
 * `set` does.
 */
export async function updateById<Table extends PgTable>(
  runner: Runner,
  table: Table,
  id: string,
  values: Partial<Table['$inferInsert']>,
): Promise<void> {
  const given = values as Record<string, unknown>;
  const idColumn = getTableColumns(table).id;
  if (!idColumn) throw new Error(`updateById: ${getTableName(table)} has no id column`);
  if (hasSql(given)) {
    await runner.update(table).set(values).where(eq(idColumn, id));
    return;
  }
  const columns = givenColumns(given);
  const key = `update ${getTableName(table)}|${columns.join(',')}|${nullMask(given, columns)}`;
  const update = keptWrite(key, () => {
    const set = Object.fromEntries(
      columns.map((column) => [column, statementValue(given[column], `set_${column}`)]),
    );
    return builtOnce((db) =>
      db
        .update(table)
        .set(set as Partial<Table['$inferInsert']>)
        .where(eq(idColumn, sql.placeholder('id'))),
    );
  });
  const placeholders: Record<string, unknown> = { id };
  for (const column of columns) if (given[column] !== null) placeholders[`set_${column}`] = given[column];
  await update(runner, placeholders);
}

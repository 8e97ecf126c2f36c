import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type { TablesRelationalConfig } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type { Db } from './client';
import { statementName } from './pg-named-statements';
import { attachTableWriteWatch, TableWriteWatch } from './table-writes';

/**
 * Named prepared statements on PGlite (docs/decisions/0055-pglite-named-statements.md).
 *
 * Drizzle's PGlite driver ignores the name of `.prepare(name)`: PGlite's `query` parses, describes and plans
 * the text again at every call, in five separate calls into its WASM. For the calendar's range that was a third
 * of the statement (4.1 ms → 2.9 ms on a 2-core AMD EPYC), and PGlite runs one statement at a time for the whole
 * server. Here a statement Drizzle prepares with a name is parsed once per database under a name derived from
 * its text, and each call is one message to the database: Bind, Describe, Execute and Sync together.
 *
 * Statements are run as PGlite's own `query` runs them: under its transaction lock, then its query lock, so a
 * statement never runs inside another caller's open transaction. A Drizzle transaction's statements run inside
 * it, through the same path (useNamedStatements). The statements Drizzle does not name are parsed once too, the
 * CACHED_STATEMENTS used last kept (docs/decisions/0086-request-fixed-cost.md).
 */
/** How many of the statements not prepared by name stay parsed (about 10-50 KB of the database's memory each). */
const CACHED_STATEMENTS = 200;

export class PgliteNamedStatements {
  readonly #client: PGlite;
  /** The statement name and parameter types of each text parsed so far. */
  readonly #statements = new Map<string, { name: string; paramTypes: number[] }>();
  /** The other statements, parsed under a name, the least recently used first (#cached). */
  readonly #recent = new Map<string, { name: string; paramTypes: number[] }>();
  #sequence = 0;
  /** Statements left out of #recent, closed with the next parse. */
  readonly #toClose: string[] = [];
  /** Client parsers with a statement's overrides over them, by the overridden type ids (#parsersFor). */
  readonly #mergedParsers = new Map<string, PGlite['parsers']>();

  /** Writes to watched tables (table-writes.ts): moved after each, or at the end of its transaction. */
  readonly writes = new TableWriteWatch();
  /** Open transactions that wrote a watched table. */
  readonly #wroteWatched = new WeakSet<Transaction>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** A transaction of this database ended (committed or rolled back). */
  transactionEnded(transaction: Transaction): void {
    if (this.#wroteWatched.has(transaction)) this.writes.moved();
  }

  /**
   * PGlite's `query`, for what Drizzle runs: parsed once (named, for good; otherwise among the CACHED_STATEMENTS used
   * last), then each call is one message into its WASM: Bind, Describe, Execute and Sync.
   */
  query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
    /** Prepared by name in Drizzle: parsed once under a name derived from its text, and kept. */
    named = false,
    /** The open transaction the statement belongs to: it runs inside it, not after it. */
    transaction?: Transaction,
  ): Promise<Results<T>> {
    if (transaction?.closed) return Promise.reject(new Error('Transaction is closed'));
    if (this.writes.writesWatched(text)) {
      if (transaction) this.#wroteWatched.add(transaction);
      else {
        // Moved before (a read under way keeps nothing) and after (what is read from now on is the new data).
        this.writes.moved();
        return this.#run<T>(text, params, options, named, transaction).finally(() => this.writes.moved());
      }
    }
    return this.#run<T>(text, params, options, named, transaction);
  }

  #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    named: boolean,
    transaction: Transaction | undefined,
  ): Promise<Results<T>> {
    const client = this.#client;
    const exclusive = <R>(run: () => Promise<R>) =>
      transaction ? run() : client._runExclusiveTransaction(run);
    return exclusive(() =>
      client._runExclusiveQuery(async () => {
        await client._checkReady();
        const { name: statement, paramTypes } = named
          ? await this.#named(text, options)
          : await this.#cached(text, options);
        // Every value is text before it reaches the serializer: its shared buffer must never be left half-written.
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = paramTypes[index] ?? 0;
          const serializer = options?.serializers?.[type] ?? client.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        const { serialize } = protocol;
        const { messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        const { parsers, rest } = this.#parsersFor(options);
        return parse.parseResults(messages, parsers, rest)[0] as Results<T>;
      }),
    );
  }

  /**
   * The type parsers of `options` merged over the client's, once per set of overridden types. PGlite merges them
   * at every call (`{ ...clientParsers, ...options.parsers }`), and its client has over 300: 0.2 ms a statement,
   * a fifth of a signed-in request on PGlite. Drizzle passes the same overrides (dates, intervals and their arrays
   * as text) to every statement, as new functions that do the same each time: the first set seen is kept.
   */
  #parsersFor(options: QueryOptions | undefined) {
    const overrides = options?.parsers;
    if (!overrides) return { parsers: this.#client.parsers, rest: options };
    const { parsers: _overrides, ...rest } = options;
    const key = Object.keys(overrides).join(',');
    let merged = this.#mergedParsers.get(key);
    if (!merged) {
      merged = { ...this.#client.parsers, ...overrides };
      this.#mergedParsers.set(key, merged);
    }
    return { parsers: merged, rest };
  }

  async #named(text: string, options: QueryOptions | undefined) {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = await this.#describe(statementName(text), text, options);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /**
   * Any other statement: parsed once under a name too, but only the CACHED_STATEMENTS used last are kept (a text
   * made of a list's length, `in ($1, $2, …)`, has many shapes); the one left out is closed with the next parse.
   * Parsing and describing was a tenth of a post's save on PGlite (docs/decisions/0086-request-fixed-cost.md).
   */
  async #cached(text: string, options: QueryOptions | undefined) {
    const cached = this.#recent.get(text);
    if (cached) {
      // Map order is use order: the one used now goes last.
      this.#recent.delete(text);
      this.#recent.set(text, cached);
      return cached;
    }
    // A new name each time (not the text's hash): a close that never ran can only leave memory behind, never
    // make a later parse of the same text collide with a name still taken.
    this.#sequence += 1;
    const statement = await this.#describe(`ru_${this.#sequence}`, text, options);
    this.#recent.set(text, statement);
    if (this.#recent.size > CACHED_STATEMENTS) {
      const [oldest, { name }] = this.#recent.entries().next().value as [string, { name: string }];
      this.#recent.delete(oldest);
      this.#toClose.push(name);
    }
    return statement;
  }

  /** Parses `text` as the statement `name` and reads its parameter types (closing the ones left out first). */
  async #describe(name: string, text: string, options: QueryOptions | undefined) {
    const { serialize } = protocol;
    const closing = this.#toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const { messages } = await this.#client.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** Drizzle's prepared query keeps the client it runs on; a named one is given the named statements instead. */
interface DrizzlePreparedQuery {
  client: unknown;
}
type PrepareQuery = (
  query: unknown,
  fields: unknown,
  name: string | undefined,
  ...rest: unknown[]
) => unknown;

/**
 * Runs every statement of `db` through PgliteNamedStatements: one prepared with a name (`.prepare(name)`,
 * `executePrepared`) as a named prepared statement of `client`, any other as the unnamed statement; inside a
 * transaction too (Drizzle's own `transaction`, rebuilt here so its session is hooked the same way: PGlite's
 * transaction object would run each statement through its slow `query`). `db` must be the Drizzle database over
 * `client`, not a transaction.
 */
export function useNamedStatements(db: Db, client: PGlite): void {
  const statements = new PgliteNamedStatements(client);
  attachTableWriteWatch(db, statements.writes);
  const session = db._.session as unknown as DrizzlePgliteSession;
  hookSession(session, statements);
  session.transaction = (run, config) => {
    let opened: Transaction | undefined;
    return client
      .transaction(async (pgliteTx) => {
        opened = pgliteTx;
        const inner = new PgliteSession(pgliteTx, session.dialect, session.schema, session.options);
        hookSession(inner as unknown as DrizzlePgliteSession, statements, pgliteTx);
        const tx = new PgliteTransaction(session.dialect, inner, session.schema);
        if (config) await tx.setTransaction(config);
        return run(tx);
      })
      .finally(() => {
        if (opened) statements.transactionEnded(opened);
      });
  };
}

interface DrizzlePgliteSession {
  prepareQuery: PrepareQuery;
  dialect: ConstructorParameters<typeof PgliteSession>[1];
  schema: ConstructorParameters<typeof PgliteSession>[2];
  options: ConstructorParameters<typeof PgliteSession>[3];
  transaction(
    run: (tx: PgliteTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<unknown>,
    config?: PgTransactionConfig,
  ): Promise<unknown>;
}

function hookSession(
  session: DrizzlePgliteSession,
  statements: PgliteNamedStatements,
  transaction?: Transaction,
) {
  type Query = PgliteNamedStatements['query'];
  const named = {
    query: ((text, params, options) => statements.query(text, params, options, true, transaction)) as Query,
  };
  const unnamed = {
    query: ((text, params, options) => statements.query(text, params, options, false, transaction)) as Query,
  };
  const prepareQuery: PrepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest) as DrizzlePreparedQuery;
    prepared.client = name ? named : unnamed;
    return prepared;
  };
}

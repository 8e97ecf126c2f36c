import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TableWriteWatch } from './table-writes';

/**
 * The watch of table writes on PostgreSQL (docs/decisions/0118-session-reads-kept-on-postgres.md). Other processes
 * (the other nodes, the operator's commands, psql) write the same tables, so the watch hears of writes two ways:
 *
 * - this process's own, from its pool's statements (`watchPoolWrites`), at once, as on PGlite: the number moves
 *   before and after a statement that writes a watched table, or when the transaction that wrote one ends;
 * - every process's, from PostgreSQL: a statement trigger on each table in NOTIFYING_TABLES (migration 0061)
 *   sends a NOTIFY at commit, heard on a connection of this process's own (`TableChangeListener`).
 *
 * The watch is relied on only while that connection is known to hear: it NOTIFYs itself every HEARTBEAT_MS, and
 * hearing its own beat sent at `t` proves that every write committed before `t` was heard (PostgreSQL delivers
 * notifications in commit order). The watch is relied on until `t + RELIABLE_FOR_MS`; a lost connection, or a
 * pooler that does not pass notifications on (PgBouncer in transaction mode), leaves it unrelied on: nothing
 * kept is used and every request reads, as before.
 */
export const TABLE_CHANGES_CHANNEL = 'relaycast_table_changes';
/** The tables whose writes PostgreSQL announces on the channel (migrations 0061, 0063 and 0064). */
export const NOTIFYING_TABLES = [
  'sessions',
  'users',
  'workspaces',
  'workspace_members',
  'api_keys',
  'user_settings',
  'workspace_ai_settings',
] as const;
export const HEARTBEAT_MS = 500;
export const RELIABLE_FOR_MS = 1_500;
const RECONNECT_MS = 1_000;
const HEARTBEAT = 'heartbeat:';

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type Callback = (error: unknown, result: unknown) => void;

/**
 * A statement that opens a transaction, alone in its text: a script that begins and commits in one text (a
 * test's fixture, an operator's file) is one call, whose writes are done when it returns.
 */
const BEGINS = /^\s*(?:begin|start\s+transaction)\b[^;]*;?\s*$/i;
/** The end of a transaction, alone in its text (not `rollback to savepoint`, which keeps it open). */
const ENDS = /^\s*(?:commit|end|abort|rollback)\b(?!\s+to\b)[^;]*;?\s*$/i;

function textOf(config: unknown): string | null {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object') {
    const text = (config as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return null;
}

/** Runs the statement, then `done` once it has finished (with a result or an error), in any of pg's forms. */
function thenDo(
  query: QueryFn,
  config: unknown,
  values: unknown,
  callback: unknown,
  done: () => void,
): unknown {
  const after =
    (given: Callback): Callback =>
    (error, result) => {
      done();
      given(error, result);
    };
  if (typeof values === 'function') return query(config, after(values as Callback));
  if (typeof callback === 'function') return query(config, values, after(callback as Callback));
  const result = query(config, values);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    return (result as Promise<unknown>).then(
      (value) => {
        done();
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  }
  // A submittable (a cursor, a stream): done when it ends either way.
  const emitter = result as { once?: (event: string, listener: () => void) => void } | undefined;
  if (typeof emitter?.once === 'function') {
    emitter.once('end', done);
    emitter.once('error', done);
  } else done();
  return result;
}

/** Whether a connection is inside a transaction its statements opened, and whether that wrote a watched table. */
interface TransactionState {
  inTransaction: boolean;
  wrote: boolean;
}
const transactions = new WeakMap<object, TransactionState>();

/** `client.query` tells `watch` of the statements that write a watched table (see the file's comment). */
export function watchClientWrites(client: pg.ClientBase, watch: TableWriteWatch): void {
  const query = (client.query as QueryFn).bind(client);
  const state: TransactionState = { inTransaction: false, wrote: false };
  transactions.set(client, state);
  const watched: QueryFn = (config, values, callback) => {
    const text = textOf(config);
    if (text === null) return query(config, values, callback);
    if (state.inTransaction) {
      if (ENDS.test(text)) {
        state.inTransaction = false;
        const wrote = state.wrote;
        state.wrote = false;
        if (wrote) return thenDo(query, config, values, callback, () => watch.moved());
      } else if (watch.writesWatched(text)) state.wrote = true;
      return query(config, values, callback);
    }
    if (BEGINS.test(text)) {
      state.inTransaction = true;
      state.wrote = false;
      return query(config, values, callback);
    }
    if (!watch.writesWatched(text)) return query(config, values, callback);
    watch.moved();
    return thenDo(query, config, values, callback, () => watch.moved());
  };
  (client as unknown as { query: QueryFn }).query = watched;
}

/**
 * Every connection `pool` opens tells `watch` of its writes. A connection handed back to the pool is outside any
 * transaction: one whose end was not seen (a caller's own mistake) counts as ended there, so its writes are told
 * and the next borrower's writes are not held back.
 */
export function watchPoolWrites(pool: pg.Pool, watch: TableWriteWatch): void {
  pool.on('connect', (client) => watchClientWrites(client, watch));
  pool.on('release', (_error: unknown, client: pg.PoolClient) => {
    const state = transactions.get(client);
    if (!state?.inTransaction) return;
    state.inTransaction = false;
    if (state.wrote) watch.moved();
    state.wrote = false;
  });
}

export interface ListenerTimings {
  heartbeatMs: number;
  reliableForMs: number;
  reconnectMs: number;
}

/** Hears the tables' NOTIFYs on a connection of its own and tells the watch (see the file's comment). */
export class TableChangeListener {
  #client: pg.Client | null = null;
  #timer: NodeJS.Timeout | null = null;
  #started = false;
  #stopped = false;
  readonly #id = randomUUID();
  readonly #timings: ListenerTimings;

  constructor(
    private readonly url: string,
    private readonly watch: TableWriteWatch,
    timings: Partial<ListenerTimings> = {},
  ) {
    this.#timings = {
      heartbeatMs: HEARTBEAT_MS,
      reliableForMs: RELIABLE_FOR_MS,
      reconnectMs: RECONNECT_MS,
      ...timings,
    };
  }

  /** Connects (once; later calls do nothing). The watch is relied on from the first beat heard. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    void this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'relaycast-table-changes',
      connectionTimeoutMillis: 5_000,
    });
    this.#client = client;
    client.on('notification', (message) => {
      // A connection already dropped says nothing more (its beats would vouch for the new one).
      if (this.#client === client) this.#heard(message.payload ?? '');
    });
    client.on('error', () => this.#drop(client));
    client.on('end', () => this.#drop(client));
    try {
      await client.connect();
      await client.query(`listen ${TABLE_CHANGES_CHANNEL}`);
      this.#beat(client);
    } catch {
      this.#drop(client);
    }
  }

  #beat(client: pg.Client): void {
    if (this.#client !== client) return;
    client
      .query('select pg_notify($1, $2)', [TABLE_CHANGES_CHANNEL, `${HEARTBEAT}${this.#id}:${Date.now()}`])
      .catch(() => this.#drop(client));
    this.#timer = setTimeout(() => this.#beat(client), this.#timings.heartbeatMs);
    this.#timer.unref();
  }

  #heard(payload: string): void {
    if (payload.startsWith(HEARTBEAT)) {
      const [id, sentAt] = payload.slice(HEARTBEAT.length).split(':');
      if (id === this.#id) this.watch.reliableUntil(Number(sentAt) + this.#timings.reliableForMs);
      return;
    }
    this.watch.moved();
  }

  #drop(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.watch.lost();
    if (this.#timer) clearTimeout(this.#timer);
    client.end().catch(() => {});
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#connect(), this.#timings.reconnectMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    this.watch.lost();
    await client?.end().catch(() => {});
  }
}

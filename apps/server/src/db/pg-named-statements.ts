import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named statements on PostgreSQL (docs/decisions/0117-named-statements-on-postgres.md).
 *
 * node-postgres sends a statement without a name as Parse, Bind, Execute: the backend parses, analyses and plans
 * the text again at every call. Under the mixed load that planning was 38 % of PostgreSQL's time (8.9 of 23.6 s
 * in `pg_stat_statements`), the database using half of the 2-core machine. A statement with a name is parsed once
 * per connection, and after five calls PostgreSQL keeps a generic plan when it is not dearer (as every statement
 * on PGlite already runs: decision 0086).
 *
 * Which texts get a name: those with parameters (so one statement, never a script), once seen SEEN_BEFORE_NAMING
 * times in this process (a one-off keeps no memory in the backend), and at most NAMED_STATEMENTS of them for the
 * life of the process: every connection holds at most that many, with no eviction to get wrong in an aborted
 * transaction. Texts past the limit run unnamed, as before.
 */
export const NAMED_STATEMENTS = 200;
export const SEEN_BEFORE_NAMING = 3;
/** The texts counted but not yet named; forgotten all at once past this (they are counted again). */
const COUNTED_TEXTS = 5_000;

/**
 * A statement's name, from its text alone: the same text has the same name in every process and on every
 * connection, and node-postgres refuses a name reused with another text. `executePrepared` names its statements
 * the same way, so a text both run is prepared once.
 */
export function statementName(text: string): string {
  return `rc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly limit = NAMED_STATEMENTS,
    private readonly threshold = SEEN_BEFORE_NAMING,
  ) {}

  /** The name `text` runs under, or undefined while it runs unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.limit) return name;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < this.threshold) {
      if (this.seen.size >= COUNTED_TEXTS) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const named = statementName(text);
    this.names.set(text, named);
    return named;
  }

  get size(): number {
    return this.names.size;
  }
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

const hasValues = (values: unknown): boolean => Array.isArray(values) && values.length > 0;

/** `client.query` with a name added to the statements `names` names. */
export function nameClientStatements(client: pg.ClientBase, names: StatementNames): void {
  const query = (client.query as QueryFn).bind(client);
  const named: QueryFn = (config, values, callback) => {
    if (typeof config === 'string') {
      if (!hasValues(values)) return query(config, values, callback);
      const name = names.nameFor(config);
      return name ? query({ text: config, name }, values, callback) : query(config, values, callback);
    }
    if (config && typeof config === 'object') {
      const statement = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
      // A submittable (a cursor, a stream) is an object of its own class: left as it is.
      if (
        typeof statement.submit !== 'function' &&
        typeof statement.text === 'string' &&
        statement.name === undefined &&
        hasValues(statement.values ?? values)
      ) {
        const name = names.nameFor(statement.text);
        if (name) return query({ ...statement, name }, values, callback);
      }
    }
    return query(config, values, callback);
  };
  (client as unknown as { query: QueryFn }).query = named;
}

/** Every connection `pool` opens names its statements through one StatementNames. */
export function nameStatements(pool: pg.Pool, names = new StatementNames()): StatementNames {
  pool.on('connect', (client) => nameClientStatements(client, names));
  return names;
}

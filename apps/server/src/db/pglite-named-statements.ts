import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { Db } from './client';

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
 * named statement never runs inside another caller's open transaction. Inside a Drizzle transaction the
 * transaction's own session is used, which is not hooked: its statements stay unnamed.
 */
export class PgliteNamedStatements {
  readonly #client: PGlite;
  /** The statement name and parameter types of each text parsed so far. */
  readonly #statements = new Map<string, { name: string; paramTypes: number[] }>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** PGlite's `query`, for a text that is parsed once: what Drizzle's prepared query calls. */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const client = this.#client;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        await client._checkReady();
        const { name, paramTypes } = await this.#statement(text, options);
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
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  async #statement(text: string, options: QueryOptions | undefined) {
    let statement = this.#statements.get(text);
    if (!statement) {
      const name = `rc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      const { serialize } = protocol;
      const { messages } = await this.#client.execProtocol(
        concat([
          serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
      this.#statements.set(text, statement);
    }
    return statement;
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
 * Makes every statement `db` prepares with a name (`.prepare(name)`, `executePrepared`) a named prepared
 * statement of `client`. `db` must be the Drizzle database over `client`, not a transaction.
 */
export function useNamedStatements(db: Db, client: PGlite): void {
  const named = new PgliteNamedStatements(client);
  const session = db._.session as unknown as { prepareQuery: PrepareQuery };
  const prepareQuery: PrepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest) as DrizzlePreparedQuery;
    if (name) prepared.client = named;
    return prepared;
  };
}

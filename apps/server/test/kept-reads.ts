import { RELIABLE_FOR_MS } from '../src/db/pg-table-writes';
import type { TableWriteWatch } from '../src/db/table-writes';

const WAIT_MS = 5_000;

/**
 * Waits until `watch` has heard every write committed before now: on PostgreSQL, a heartbeat sent after this
 * call has come back (notices arrive in commit order), so no notice of an earlier write (a sign-up's, a key's
 * last use) is still on its way to drop what the next request keeps. At once on PGlite, which hears every write
 * as it happens. Gives up after five seconds (the caller's check then says why).
 */
export async function heardUpToNow(watch: TableWriteWatch | null): Promise<void> {
  const since = Date.now() + 1;
  const deadline = since + WAIT_MS;
  // A beat sent at `sentAt` makes the watch relied on until `sentAt + RELIABLE_FOR_MS`.
  while (watch && watch.current(since + RELIABLE_FOR_MS) === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The statements `read` reports for a request made while its answer is kept (docs/decisions/0115 and 0118): once
 * every earlier write has been heard and one request has kept the answer anew. Two requests during which the
 * watch lapsed (a late heartbeat on a starved machine, when the server rightly reads) or moved (a write of a
 * watched table: the session's and the key's tables share one number) say nothing about keeping, and are tried
 * again, up to five times.
 */
export async function readsWhileKept(
  watch: TableWriteWatch | null,
  read: () => Promise<string[]>,
): Promise<string[]> {
  let reads: string[] = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await heardUpToNow(watch);
    const before = watch?.current();
    await read();
    reads = await read();
    if (reads.length === 0 || (before !== undefined && watch?.current() === before)) break;
  }
  return reads;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StreamEngine } from '../streaming/live/engine';

/** What `/metrics` reads of the database at a scrape: one indexed round trip per gauge. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Background jobs waiting or running, by queue and state (pg-boss's table), and the publishing backlog as the queue `publishing`: due targets waiting for
 * the due-target pump (`created`) and attempts in flight (`active`); targets have no job of their own (decision 0121).
 */
export async function readQueuedJobs(db: Db): Promise<{ queue: string; state: string; count: number }[]> {
  const result = await db.execute(sql`
    select name as queue, state::text as state, count(*)::int as count
    from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2
    union all
    select 'publishing', case when status = 'publishing' then 'active' else 'created' end, count(*)::int
    from post_targets
    where status = 'publishing' or (status in ('scheduled', 'retrying') and due_at <= now())
    group by 2`);
  return rowsOf<{ queue: string; state: string; count: number }>(result).map((row) => ({
    ...row,
    count: Number(row.count),
  }));
}

/** How long the oldest due target has waited to be claimed, in seconds (0: none waits). */
export async function readOldestDueSeconds(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select extract(epoch from (now() - min(due_at)))::float8 as seconds
    from post_targets where status in ('scheduled', 'retrying') and due_at <= now()`);
  const [first] = rowsOf<{ seconds: number | null }>(result);
  return Math.max(0, Number(first?.seconds ?? 0));
}

export interface StreamOutputFigures {
  sessionId: string;
  destinationId: string;
  platform: string;
  state: string;
  bitrateKbps: number | null;
  reconnects: number;
}

/** Every live output this node runs, as its supervisor sees it now. */
export function readStreamFigures(engine: StreamEngine | null): StreamOutputFigures[] {
  return engine ? engine.outputFigures() : [];
}

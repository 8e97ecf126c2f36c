import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StreamEngine } from '../streaming/live/engine';

/** What `/metrics` reads of the database at a scrape: one round trip per figure, both on indexed columns. */
export interface DatabaseFigures {
  jobs: { queue: string; state: string; count: number }[];
  oldestDueSeconds: number;
}

export async function readDatabaseFigures(db: Db): Promise<DatabaseFigures> {
  const jobs = await db.execute<{ queue: string; state: string; count: number }>(sql`
    select name as queue, state::text as state, count(*)::int as count
    from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`);
  const oldest = await db.execute<{ seconds: number | null }>(sql`
    select extract(epoch from (now() - min(due_at)))::float8 as seconds
    from post_targets where status in ('scheduled', 'retrying') and due_at <= now()`);
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  const [first] = rows(oldest) as { seconds: number | null }[];
  return {
    jobs: (rows(jobs) as DatabaseFigures['jobs']).map((row) => ({ ...row, count: Number(row.count) })),
    oldestDueSeconds: Math.max(0, Number(first?.seconds ?? 0)),
  };
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

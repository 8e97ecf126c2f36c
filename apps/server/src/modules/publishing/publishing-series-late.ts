import { SERIES_LATE_MINUTES } from '@relaycast/shared/post-series';
import { type SQL, sql } from 'drizzle-orm';
import { postSeriesOccurrences } from '../../db/schema/index';

/**
 * A target `t` of a series' post that came due more than SERIES_LATE_MINUTES ago while no worker ran: the claim
 * holds it rather than publish it late (decision 0108). The lateness allowed is shorter than the shortest repeat
 * (a day), so after any outage at most one occurrence of a series can still go out, never a batch.
 */
export function seriesLateSql(now: Date): SQL {
  const lateBefore = new Date(now.getTime() - SERIES_LATE_MINUTES * 60_000).toISOString();
  return sql`(t.status = 'scheduled' and t.due_at <= ${lateBefore}::timestamptz and exists (
    select 1 from ${postSeriesOccurrences} o where o.post_id = t.post_id and o.status = 'created'))`;
}

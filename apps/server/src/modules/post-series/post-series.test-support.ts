import { instantToZoned } from '@relaycast/shared/calendar';
import type { RepeatRuleInput } from '@relaycast/shared/post-series';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { postSeriesOccurrences, posts } from '../../db/schema/index';

/** Shared by the recurring posts suites: a series made through the API, and its rows read back. */

/** Tomorrow (UTC) at `time`, as an ISO instant. */
export function tomorrowAt(time: string): string {
  const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return new Date(`${date}T${time}:00.000Z`).toISOString();
}

/** The weekday (0 Sunday) of an instant in a time zone. */
export function weekdayOf(instant: string, timeZone: string): number {
  const { date } = instantToZoned(instant, timeZone);
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export interface CreatedSeries {
  series: { id: string; postIds: string[]; missedCount: number; endedAt: string | null };
  posts: { id: string; content: string; scheduledAt: string; status: string; targets: { id: string }[] }[];
}

/** A LinkedIn post repeating by `rule` from `scheduledAt`, through `POST /api/post-series` (must succeed). */
export async function createdSeries(
  user: SignedInUser,
  accountId: string,
  content: string,
  scheduledAt: string,
  rule: RepeatRuleInput,
  timezone = 'UTC',
): Promise<CreatedSeries> {
  const res = await user.send('POST', '/api/post-series', {
    post: {
      content,
      platforms: ['linkedin'],
      accountIds: [accountId],
      action: 'schedule',
      scheduledAt,
      timezone,
    },
    rule,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The series' live posts by instant, and its occurrence rows. */
export async function seriesRows(t: TestApp, seriesId: string) {
  const occurrences = await t.db
    .select()
    .from(postSeriesOccurrences)
    .where(eq(postSeriesOccurrences.seriesId, seriesId))
    .orderBy(postSeriesOccurrences.occurrenceIndex);
  const live = await t.db
    .select({ id: posts.id, scheduledAt: posts.scheduledAt, content: posts.content, status: posts.status })
    .from(postSeriesOccurrences)
    .innerJoin(posts, eq(posts.id, postSeriesOccurrences.postId))
    .where(and(eq(postSeriesOccurrences.seriesId, seriesId), isNull(posts.deletedAt)))
    .orderBy(posts.scheduledAt);
  return { occurrences, posts: live };
}

/** Every instant appears once: no occurrence was made twice. */
export function expectEachOnce(instants: readonly (Date | null)[]): void {
  const keys = instants.map((instant) => instant?.toISOString());
  expect(new Set(keys).size).toBe(keys.length);
}

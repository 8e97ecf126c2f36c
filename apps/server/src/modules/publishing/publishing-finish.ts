import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { sumTargetStatuses } from '@relaycast/shared/publishing';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlBuiltOnce } from '../../db/prepared';
import { posts, postTargets } from '../../db/schema/index';
import { recordPublishOutcome } from '../../lib/metrics';
import { insertNotificationSql } from '../notifications/notifications.service';
import { queueEventSql } from '../webhooks/webhooks.service';
import type { AttemptEnd } from './publishing-claim';
import { recomputePostStatuses } from './publishing-status';

/**
 * The end of an attempt (publishing-claim.ts holds the claim it ends): the target's new state, its post's status,
 * the webhook event and the author's notice, in one statement written once per end status (decision 0130).
 */

/** The failed-post notification's title, naming the target's platform (`ended.platform`). */
const POST_FAILED_TITLE_SQL = sql`case ended.platform ${sql.join(
  Object.entries(PLATFORMS).map(
    ([id, platform]) => sql`when ${id} then ${NOTIFICATION_MESSAGES.postFailedTitle(platform.name)} `,
  ),
)} else ${NOTIFICATION_MESSAGES.postFailedTitle(null)} end`;

/** The webhook event and the author's notice an ended attempt queues in the same statement (`ended` rows). */
function attemptEndStatements(status: AttemptEnd['status']) {
  // A published or failed target queues its webhook event in the same statement (no endpoint, no row).
  const event = status === 'published' ? 'post.published' : status === 'failed' ? 'post.failed' : null;
  const hooks = event
    ? sql`, hooks as (${queueEventSql(
        event,
        sql`ended join ${posts} p on p.id = ended.post_id`,
        sql`p.workspace_id`,
        sql`jsonb_build_object('postId', ended.post_id, 'targetId', ended.id, 'platform', ended.platform,
              'accountId', ended.account_id, 'url', ended.url, 'platformPostId', ended.platform_post_id,
              'publishedAt', ended.published_at, 'error', ended.last_error)`,
      )})`
    : sql``;
  // A failed target also notifies the post's author in-app, in the same statement (exactly once); its
  // e-mail and push go out from the notifications delivery loop (docs/notifications.md).
  const notice =
    status === 'failed'
      ? sql`, notice as (${insertNotificationSql({
          kind: 'post_failed',
          source: sql`ended join ${posts} np on np.id = ended.post_id`,
          userId: sql`np.author_id`,
          workspaceId: sql`np.workspace_id`,
          title: POST_FAILED_TITLE_SQL,
          body: sql`coalesce(ended.last_error, ${NOTIFICATION_MESSAGES.postFailedBody})`,
          link: '/calendar',
        })} where np.author_id is not null)`
      : sql``;
  return { hooks, notice };
}

/** What the finish statement gives back of the ended target. */
interface FinishedRow {
  post_id: string;
  siblings: number;
  platform: string;
  lateness: number | null;
}

/**
 * The statement that ends an attempt with `status`, written once per status (decision 0130): the post alone (its
 * only target) takes the status the sum gives one target, in the same statement, so the common case is one
 * round trip; a post with several targets is summed under its row lock instead (finishTarget).
 */
const finishStatementOf = (status: AttemptEnd['status']) =>
  sqlBuiltOnce<FinishedRow>(() => {
    const alone = sumTargetStatuses([status]) ?? 'scheduled';
    const { hooks, notice } = attemptEndStatements(status);
    return sql`
    with ended as (
      update ${postTargets} t
      set status = ${status}, last_error = ${sql.placeholder('lastError')},
          platform_post_id = coalesce(${sql.placeholder('platformPostId')}, t.platform_post_id),
          url = coalesce(${sql.placeholder('url')}, t.url),
          published_at = coalesce(${sql.placeholder('publishedAt')}::timestamptz, t.published_at),
          due_at = coalesce(${sql.placeholder('dueAt')}::timestamptz, t.due_at),
          updated_at = ${sql.placeholder('now')}::timestamptz
      where t.id = ${sql.placeholder('targetId')} and t.status = 'publishing'
      returning t.post_id, (select count(*) from ${postTargets} s where s.post_id = t.post_id)::int as siblings,
        t.id, t.platform, t.account_id, t.url, t.platform_post_id, t.published_at, t.last_error,
        extract(epoch from (t.published_at - t.due_at))::float8 as lateness
    ), summed as (
      update ${posts} set status = ${alone}
      where id in (select post_id from ended where siblings = 1) and status <> 'draft'
      returning id
    )${hooks}${notice}
    select post_id, siblings, platform, lateness from ended`;
  });

const FINISH_STATEMENTS = {
  published: finishStatementOf('published'),
  failed: finishStatementOf('failed'),
  retrying: finishStatementOf('retrying'),
  unconfirmed: finishStatementOf('unconfirmed'),
} satisfies Record<AttemptEnd['status'], unknown>;

/** Ends the attempt with `values`; false when this process no longer held the target. */
export async function finishTarget(db: Db, targetId: string, values: AttemptEnd): Promise<boolean> {
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  const result = await FINISH_STATEMENTS[values.status](db, {
    targetId,
    lastError: values.lastError ?? null,
    platformPostId: values.platformPostId ?? null,
    url: values.url ?? null,
    publishedAt: iso(values.publishedAt),
    dueAt: iso(values.dueAt),
    now: new Date().toISOString(),
  });
  const [row] = result.rows;
  if (!row) return false;
  recordPublishOutcome(row.platform, values.status, values.status === 'published' ? row.lateness : null);
  if (Number(row.siblings) > 1) await db.transaction((tx) => recomputePostStatuses(tx, [row.post_id]));
  return true;
}

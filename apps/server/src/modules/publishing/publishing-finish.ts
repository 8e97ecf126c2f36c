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

/** What the finish statement gives back of an ended target. */
interface FinishedRow {
  id: string;
  post_id: string;
  siblings: number;
  platform: string;
  lateness: number | null;
}

/**
 * The statement that ends attempts with `status`, written once per status (decision 0130), for one or more targets
 * at once (`rows`, a JSON array: decision 0131): a post alone (its only target) takes the status the sum gives one
 * target, in the same statement, so the common case is one round trip; a post with several targets is summed
 * under its row lock instead (createFinisher).
 */
const finishStatementOf = (status: AttemptEnd['status']) =>
  sqlBuiltOnce<FinishedRow>(() => {
    const alone = sumTargetStatuses([status]) ?? 'scheduled';
    const { hooks, notice } = attemptEndStatements(status);
    return sql`
    with ended as (
      update ${postTargets} t
      set status = ${status}, last_error = v.last_error,
          platform_post_id = coalesce(v.platform_post_id, t.platform_post_id),
          url = coalesce(v.url, t.url),
          published_at = coalesce(v.published_at, t.published_at),
          due_at = coalesce(v.due_at, t.due_at),
          updated_at = ${sql.placeholder('now')}::timestamptz
      from json_to_recordset(${sql.placeholder('rows')}::json)
        as v(id text, last_error text, platform_post_id text, url text, published_at timestamptz,
             due_at timestamptz)
      where t.id = v.id and t.status = 'publishing'
      returning t.post_id, (select count(*) from ${postTargets} s where s.post_id = t.post_id)::int as siblings,
        t.id, t.platform, t.account_id, t.url, t.platform_post_id, t.published_at, t.last_error,
        extract(epoch from (t.published_at - t.due_at))::float8 as lateness
    ), summed as (
      update ${posts} set status = ${alone}
      where id in (select post_id from ended where siblings = 1) and status <> 'draft'
      returning id
    )${hooks}${notice}
    select id, post_id, siblings, platform, lateness from ended`;
  });

const FINISH_STATEMENTS = {
  published: finishStatementOf('published'),
  failed: finishStatementOf('failed'),
  retrying: finishStatementOf('retrying'),
  unconfirmed: finishStatementOf('unconfirmed'),
} satisfies Record<AttemptEnd['status'], unknown>;

/** Ends at most this many attempts in one statement; more wait for the next. */
const FINISH_BATCH = 100;

interface PendingFinish {
  targetId: string;
  values: AttemptEnd;
  resolve: (row: FinishedRow | undefined) => void;
  reject: (error: unknown) => void;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Ends attempts (decision 0131): the first end is sent at once; the ends that come while a finish statement runs
 * wait for it and go together as the next, one statement per end status, at most FINISH_BATCH a statement. So a
 * quiet worker sends each end alone, without delay, and a busy one sends one statement for many (a burst's ends
 * were one round trip and one commit each). A target is never twice in one statement: a second end of the same
 * target waits for the next, where it finds the row no longer 'publishing'. A failed statement fails every end in it,
 * as it failed its one end before: each attempt's lease then lapses and the target is taken over (decision 0016).
 */
export function createFinisher(db: Db): (targetId: string, values: AttemptEnd) => Promise<boolean> {
  let pending: PendingFinish[] = [];
  let running = false;

  /** The next statements' ends, by status: the oldest first, one per target, at most FINISH_BATCH in all. */
  function takeBatch(): Map<AttemptEnd['status'], PendingFinish[]> {
    const byStatus = new Map<AttemptEnd['status'], PendingFinish[]>();
    const taken = new Set<string>();
    const left: PendingFinish[] = [];
    for (const entry of pending) {
      if (taken.size >= FINISH_BATCH || taken.has(entry.targetId)) {
        left.push(entry);
        continue;
      }
      taken.add(entry.targetId);
      const group = byStatus.get(entry.values.status);
      if (group) group.push(entry);
      else byStatus.set(entry.values.status, [entry]);
    }
    pending = left;
    return byStatus;
  }

  async function runGroup(status: AttemptEnd['status'], entries: PendingFinish[]): Promise<void> {
    try {
      const result = await FINISH_STATEMENTS[status](db, {
        rows: JSON.stringify(
          entries.map(({ targetId, values }) => ({
            id: targetId,
            last_error: values.lastError ?? null,
            platform_post_id: values.platformPostId ?? null,
            url: values.url ?? null,
            published_at: iso(values.publishedAt),
            due_at: iso(values.dueAt),
          })),
        ),
        now: new Date().toISOString(),
      });
      const byId = new Map(result.rows.map((row) => [row.id, row]));
      for (const entry of entries) entry.resolve(byId.get(entry.targetId));
    } catch (error) {
      for (const entry of entries) entry.reject(error);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (pending.length > 0) {
        const groups = takeBatch();
        await Promise.all([...groups].map(([status, entries]) => runGroup(status, entries)));
      }
    } finally {
      running = false;
    }
  }

  return async (targetId, values) => {
    const row = await new Promise<FinishedRow | undefined>((resolve, reject) => {
      pending.push({ targetId, values, resolve, reject });
      if (!running) void drain();
    });
    if (!row) return false;
    recordPublishOutcome(row.platform, values.status, values.status === 'published' ? row.lateness : null);
    if (Number(row.siblings) > 1) await db.transaction((tx) => recomputePostStatuses(tx, [row.post_id]));
    return true;
  };
}

import {
  ENGAGEMENT_MESSAGES,
  type EngagementMetrics,
  type EngagementPlatform,
  type InboxItem,
  type InboxQuery,
} from '@relaycast/shared/engagement';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { engagementActions, inboxItems, socialAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The workspace's inbox, newest first, filtered by platform, kind and status. */
export async function listInbox(db: Db, workspaceId: string, query: InboxQuery): Promise<InboxItem[]> {
  const rows = await db
    .select({ item: inboxItems, accountHandle: socialAccounts.handle, accountMeta: socialAccounts.meta })
    .from(inboxItems)
    .innerJoin(socialAccounts, eq(socialAccounts.id, inboxItems.accountId))
    .where(
      and(
        eq(inboxItems.workspaceId, workspaceId),
        query.platform ? eq(inboxItems.platform, query.platform) : undefined,
        query.kind ? eq(inboxItems.kind, query.kind) : undefined,
        query.status ? eq(inboxItems.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(inboxItems.arrivedAt), desc(inboxItems.id))
    .limit(query.limit);
  return rows.map(({ item, accountHandle, accountMeta }) =>
    toInboxItem(item, accountHandle, isDemoAccount(accountMeta)),
  );
}

/**
 * Whether an account is one the demo generator made (analytics-demo.ts marks it `meta.demo`): its inbox items are
 * labelled demo, and acting on them never calls a network (engagement-actions.ts).
 */
export function isDemoAccount(meta: Record<string, string> | null | undefined): boolean {
  return meta?.demo === 'true';
}

export function toInboxItem(
  item: typeof inboxItems.$inferSelect,
  accountHandle: string,
  demo: boolean,
): InboxItem {
  return {
    id: item.id,
    accountId: item.accountId,
    accountHandle,
    platform: item.platform as EngagementPlatform,
    kind: item.kind,
    authorHandle: item.authorHandle,
    authorName: item.authorName,
    text: item.text,
    url: item.url,
    arrivedAt: item.arrivedAt.toISOString(),
    status: item.status,
    firstReplyAt: item.firstReplyAt?.toISOString() ?? null,
    postId: item.postId,
    ...(demo ? { demo: true } : {}),
  };
}

/** Marks an item done (it leaves the unanswered list; a reply already given still counts in the metrics). */
export async function markItemDone(db: Db, workspaceId: string, itemId: string): Promise<InboxItem> {
  const [updated] = await db
    .update(inboxItems)
    .set({ status: 'done' })
    .where(and(eq(inboxItems.id, itemId), eq(inboxItems.workspaceId, workspaceId)))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', { message: ENGAGEMENT_MESSAGES.itemNotFound });
  const [account] = await db
    .select({ handle: socialAccounts.handle, meta: socialAccounts.meta })
    .from(socialAccounts)
    .where(eq(socialAccounts.id, updated.accountId));
  return toInboxItem(updated, account?.handle ?? '', isDemoAccount(account?.meta));
}

/**
 * The workspace's engagement over the last `days` days: actions sent, counted by kind, and how the inbox was
 * answered. responseRate and avgResponseTime are null when there is nothing to compute them from (no made-up
 * figures). Both queries are index-only range scans (see the indexes in db/schema/engagement.ts).
 */
export async function engagementMetrics(
  db: Db,
  workspaceId: string,
  days: number,
  now = new Date(),
): Promise<EngagementMetrics> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [actions, [inbox]] = await Promise.all([
    db
      .select({ action: engagementActions.action, total: sql<number>`count(*)::int` })
      .from(engagementActions)
      .where(
        and(
          eq(engagementActions.workspaceId, workspaceId),
          gte(engagementActions.timestamp, since),
          eq(engagementActions.outcome, 'sent'),
        ),
      )
      .groupBy(engagementActions.action),
    db
      .select({
        inbound: sql<number>`count(*)::int`,
        replied: sql<number>`count(${inboxItems.firstReplyAt})::int`,
        comments: sql<number>`count(*) filter (where ${inboxItems.kind} = 'comment')::int`,
        commentsUnanswered: sql<number>`count(*) filter (where ${inboxItems.kind} = 'comment' and ${inboxItems.firstReplyAt} is null)::int`,
        avgSeconds: sql<
          string | null
        >`avg(extract(epoch from (${inboxItems.firstReplyAt} - ${inboxItems.arrivedAt})))`,
      })
      .from(inboxItems)
      .where(and(eq(inboxItems.workspaceId, workspaceId), gte(inboxItems.arrivedAt, since))),
  ]);
  const totalOf = (action: string) => Number(actions.find((row) => row.action === action)?.total ?? 0);
  const inbound = Number(inbox?.inbound ?? 0);
  const replied = Number(inbox?.replied ?? 0);
  const avgSeconds =
    inbox?.avgSeconds === null || inbox?.avgSeconds === undefined ? null : Number(inbox.avgSeconds);
  return {
    periodDays: days,
    likes: totalOf('like'),
    comments: totalOf('comment'),
    commentsReceived: Number(inbox?.comments ?? 0),
    commentsUnanswered: Number(inbox?.commentsUnanswered ?? 0),
    dms: totalOf('dm'),
    inboundItems: inbound,
    responseRate: inbound === 0 ? null : Math.round((replied / inbound) * 1000) / 10,
    avgResponseTime: replied === 0 || avgSeconds === null ? null : Math.round((avgSeconds / 60) * 10) / 10,
  };
}

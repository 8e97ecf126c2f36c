import { randomBytes, randomUUID } from 'node:crypto';
import {
  ANALYTICS_PAGE_MESSAGES,
  DEMO_WORKSPACE_NAME,
  type DemoWorkspaceResult,
  daysOf,
} from '@relaycast/shared/analytics-page';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountMetricDays,
  inboxItems,
  postMetrics,
  posts,
  postTargets,
  sessions,
  socialAccounts,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { generateDemoInbox } from './analytics-demo-inbox';

/**
 * "Try with demo data" (docs/analytics.md): a separate workspace flagged `is_demo`, never the user's own, with generated
 * accounts, 90 days of history and an inbox of comments, mentions and messages (analytics-demo-inbox.ts). The
 * accounts look connected but hold no tokens, so no loop can reach a platform with them (every loop reads
 * credentials through credentialsOf, which refuses an account without a token, and the engagement and analytics
 * sweeps only claim accounts that have one); a reply in the demo's inbox is recorded and never sent. Creating it switches the
 * user's sessions into it; deleting it switches them back to their own workspace.
 */

export const DEMO_HISTORY_DAYS = 90;

interface DemoAccount {
  platform: PlatformId;
  handle: string;
  displayName: string;
  followers: number;
  /** Whether the platform reports views, reach, saves and clicks (Bluesky gives none: "not available"). */
  hasViews: boolean;
}

const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    platform: 'instagram',
    handle: 'relaycast.demo',
    displayName: 'Demo Café',
    followers: 12_400,
    hasViews: true,
  },
  {
    platform: 'twitter',
    handle: 'relaycast_demo',
    displayName: 'Demo Café',
    followers: 8_200,
    hasViews: true,
  },
  { platform: 'facebook', handle: 'Demo Café', displayName: 'Demo Café', followers: 5_300, hasViews: true },
  {
    platform: 'bluesky',
    handle: 'democafe.bsky.social',
    displayName: 'Demo Café',
    followers: 1_900,
    hasViews: false,
  },
];

const DEMO_TEXTS = [
  'Fresh pastries are out of the oven!',
  'Our new seasonal menu lands this Friday.',
  'Behind the scenes: how we roast our beans.',
  'Live music on the terrace tonight from 7 pm.',
  'Meet Sam, our head barista, and the latte art secrets.',
  'Rainy day? Hot chocolate is on us with any pastry.',
  'Five years of Demo Café: thank you all!',
  'Weekend brunch: booking opens now.',
];

/** A small deterministic generator (mulberry32), so one demo looks like the next. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The demo workspaces the user owns (normally none or one): only its owner finds or deletes a demo. */
async function demoWorkspaceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, 'owner'),
        eq(workspaces.isDemo, true),
      ),
    );
  return rows.map((row) => row.id);
}

/** Rows of the generated history, kept apart from the inserts so a test can check its shape. */
export function generateDemoHistory(workspaceId: string, now = new Date()) {
  const random = generator(now.getUTCDate() * 7919 + 17);
  const lastDay = utcDay(now);
  const firstDay = utcDay(new Date(now.getTime() - (DEMO_HISTORY_DAYS - 1) * 86_400_000));
  const days = daysOf(firstDay, lastDay);
  const accounts = DEMO_ACCOUNTS.map((account) => ({
    ...account,
    id: randomUUID(),
  }));
  const accountRows = accounts.map((account) => ({
    id: account.id,
    workspaceId,
    platform: account.platform,
    platformAccountId: `demo-${account.platform}`,
    handle: account.handle,
    displayName: account.displayName,
    status: 'connected' as const,
    meta: { demo: 'true' },
  }));
  const dayRows: Array<typeof accountMetricDays.$inferInsert> = [];
  const postRows: Array<typeof posts.$inferInsert> = [];
  const targetRows: Array<typeof postTargets.$inferInsert> = [];
  const metricRows: Array<typeof postMetrics.$inferInsert> = [];
  for (const account of accounts) {
    let followers = Math.round(account.followers * 0.9);
    for (const [index, day] of days.entries()) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const weekendLift = weekday === 0 || weekday === 6 ? 1.25 : 1;
      const scale = (account.followers / 10_000) * weekendLift * (0.7 + random() * 0.6);
      followers += Math.round((account.followers * 0.0012 + random() * 20) * (0.8 + index / days.length));
      const published = random() < 0.45 ? 1 : 0;
      const likes = Math.round(180 * scale + published * 120 * scale);
      const comments = Math.round(likes * (0.06 + random() * 0.04));
      const shares = Math.round(likes * (0.08 + random() * 0.05));
      const views = account.hasViews ? Math.round(likes * (18 + random() * 8)) : null;
      dayRows.push({
        accountId: account.id,
        day,
        workspaceId,
        platform: account.platform,
        followers,
        views,
        reach: views === null ? null : Math.round(views * 0.7),
        likes,
        comments,
        shares,
        saves: account.hasViews ? Math.round(likes * 0.05) : null,
        clicks: account.hasViews ? Math.round(likes * 0.03) : null,
        postsPublished: published,
        sources: {},
      });
      if (!published) continue;
      const postId = randomUUID();
      const targetId = randomUUID();
      const publishedAt = new Date(`${day}T${String(8 + Math.floor(random() * 11)).padStart(2, '0')}:00:00Z`);
      if (publishedAt > now) publishedAt.setTime(now.getTime() - 3_600_000);
      const postLikes = Math.round(likes * (1.5 + random() * 2));
      const postViews = account.hasViews ? Math.round(postLikes * (15 + random() * 10)) : null;
      postRows.push({
        id: postId,
        workspaceId,
        content: DEMO_TEXTS[Math.floor(random() * DEMO_TEXTS.length)] ?? '',
        platforms: [account.platform],
        status: 'published',
        scheduledAt: publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      });
      targetRows.push({
        id: targetId,
        workspaceId,
        postId,
        platform: account.platform,
        accountId: account.id,
        status: 'published',
        platformPostId: `demo-${targetId}`,
        publishedAt,
      });
      metricRows.push({
        targetId,
        workspaceId,
        accountId: account.id,
        platform: account.platform,
        platformPostId: `demo-${targetId}`,
        publishedAt,
        views: postViews,
        reach: postViews === null ? null : Math.round(postViews * 0.7),
        likes: postLikes,
        comments: Math.round(postLikes * 0.08),
        shares: Math.round(postLikes * 0.1),
        saves: account.hasViews ? Math.round(postLikes * 0.05) : null,
        clicks: account.hasViews ? Math.round(postLikes * 0.03) : null,
        // The first two days' interactions (the best-time model's input), with a generated midday lift so the
        // demo heatmap has a pattern to find; none yet for a post younger than 48 hours.
        engagements48h:
          now.getTime() - publishedAt.getTime() < 48 * 3_600_000
            ? null
            : Math.round(
                postLikes *
                  1.2 *
                  (1 + 0.6 * Math.exp(-((publishedAt.getUTCHours() - 12) ** 2) / 8)) *
                  (0.8 + random() * 0.4),
              ),
        fetchedAt: now,
        // Never due: the collectors have nothing to pull for a generated post.
        nextFetchAt: new Date('9999-12-31T00:00:00Z'),
      });
    }
  }
  return { accountRows, dayRows, postRows, targetRows, metricRows };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** Creates the demo workspace (or finds the existing one) and switches the user's sessions into it. */
export async function createDemoWorkspace(
  db: Db,
  user: { id: string },
  now = new Date(),
): Promise<DemoWorkspaceResult> {
  const [existing] = await demoWorkspaceIds(db, user.id);
  const id = existing ?? randomBytes(16).toString('base64url');
  await db.transaction(async (tx) => {
    if (!existing) {
      await tx.insert(workspaces).values({
        id,
        name: DEMO_WORKSPACE_NAME,
        slug: `demo-${id.toLowerCase()}`,
        isDemo: true,
        createdAt: now,
      });
      await tx.insert(workspaceMembers).values({
        id: randomBytes(16).toString('base64url'),
        organizationId: id,
        userId: user.id,
        role: 'owner',
        createdAt: now,
      });
      const history = generateDemoHistory(id, now);
      await tx.insert(socialAccounts).values(history.accountRows);
      await insertChunked(history.dayRows, (chunk) => tx.insert(accountMetricDays).values(chunk));
      await insertChunked(history.postRows, (chunk) => tx.insert(posts).values(chunk));
      await insertChunked(history.targetRows, (chunk) => tx.insert(postTargets).values(chunk));
      await insertChunked(history.metricRows, (chunk) => tx.insert(postMetrics).values(chunk));
      const inbox = generateDemoInbox(id, history.accountRows, history.targetRows, now);
      await insertChunked(inbox, (chunk) => tx.insert(inboxItems).values(chunk));
    }
    await tx.update(sessions).set({ activeOrganizationId: id }).where(eq(sessions.userId, user.id));
  });
  return { workspaceId: id, name: DEMO_WORKSPACE_NAME };
}

/** Deletes the user's demo workspace (everything in it cascades) and switches their sessions back. */
export async function deleteDemoWorkspace(db: Db, user: { id: string }): Promise<void> {
  const ids = await demoWorkspaceIds(db, user.id);
  if (ids.length === 0) throw new AppError('NOT_FOUND', { message: ANALYTICS_PAGE_MESSAGES.noDemo });
  await db.transaction(async (tx) => {
    // Only a workspace flagged demo is ever deleted here, and only one the user belongs to.
    await tx.delete(workspaces).where(and(inArray(workspaces.id, ids), eq(workspaces.isDemo, true)));
    await tx
      .update(sessions)
      .set({ activeOrganizationId: null })
      .where(and(eq(sessions.userId, user.id), inArray(sessions.activeOrganizationId, ids)));
  });
}

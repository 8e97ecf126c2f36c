import { z } from 'zod';
import { ANALYTICS_MESSAGES, POST_METRICS } from './analytics';
import { PLATFORM_IDS } from './platforms';
import { TARGET_STATUSES } from './publishing';

/**
 * The dashboard's own numbers (`GET /api/dashboard`, docs/decisions/0027-onboarding.md): the next scheduled posts, the last published
 * ones with their first figures, what needs the user's attention, accounts to reconnect and the week's key
 * numbers. A figure nobody collected is null ("not available"), never a sample or a 0.
 */

export const DASHBOARD_LIMITS = { upcoming: 5, recent: 5, attention: 5 } as const;
/** The excerpt of a post's text shown on the dashboard, in characters. */
export const DASHBOARD_EXCERPT_CHARS = 120;
/** Target statuses the dashboard lists under "Needs attention": the user must act on them. */
export const ATTENTION_TARGET_STATUSES = ['failed', 'needs_account', 'unconfirmed', 'held'] as const;

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load your dashboard',
  weekHeading: 'Last 7 days',
  weekIntro: 'Compared with the 7 days before.',
  followers: 'Followers',
  engagements: 'Engagements',
  postsPublished: 'Posts published',
  upcomingHeading: 'Next scheduled posts',
  noUpcoming: 'Nothing is scheduled. Plan a post and it shows up here.',
  recentHeading: 'Recently published',
  noRecent: 'Nothing published yet. Your published posts and their first figures show up here.',
  collecting: 'collecting…',
  notAvailable: ANALYTICS_MESSAGES.notAvailable,
  attentionHeading: 'Needs attention',
  noAttention: 'Nothing needs your attention: every post is on track.',
  reconnectHeading: 'Accounts to reconnect',
  reconnect: 'Reconnect',
  openPost: 'Open in the composer',
  retry: 'Retry',
  viewCalendar: 'View calendar',
} as const;

const platformId = z.enum(PLATFORM_IDS);
const nullableCount = z.number().nullable();

export const dashboardUpcomingSchema = z.object({
  postId: z.string(),
  scheduledAt: z.string(),
  /** The IANA zone the post was scheduled in: its time is shown there. */
  timezone: z.string(),
  platforms: z.array(platformId),
  excerpt: z.string(),
});

export const dashboardRecentSchema = z.object({
  targetId: z.string(),
  postId: z.string(),
  platform: platformId,
  accountHandle: z.string().nullable(),
  excerpt: z.string(),
  publishedAt: z.string(),
  url: z.string().nullable(),
  /** Null while no figures were collected yet ("collecting…"); a null metric inside is "not available". */
  metrics: z.record(z.enum(POST_METRICS), nullableCount).nullable(),
});

export const dashboardAttentionSchema = z.object({
  targetId: z.string(),
  postId: z.string(),
  platform: platformId,
  status: z.enum(TARGET_STATUSES),
  /** The platform's reason (or why Relaycast could not publish). */
  reason: z.string(),
  excerpt: z.string(),
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  /** A failed target can be published again from here; the others are settled in the composer. */
  canRetry: z.boolean(),
});

export const dashboardReconnectSchema = z.object({
  accountId: z.string(),
  platform: platformId,
  handle: z.string(),
  displayName: z.string(),
  lastError: z.string().nullable(),
});

const comparisonSchema = z.object({ current: nullableCount, previous: nullableCount });

export const dashboardSchema = z.object({
  upcoming: z.array(dashboardUpcomingSchema),
  recent: z.array(dashboardRecentSchema),
  attention: z.array(dashboardAttentionSchema),
  /** All targets needing attention (the list shows the newest DASHBOARD_LIMITS.attention). */
  attentionTotal: z.number(),
  reconnect: z.array(dashboardReconnectSchema),
  week: z.object({
    /** Followers summed over the accounts: the latest snapshot of the last 7 days vs the 7 days before. */
    followers: comparisonSchema,
    /** Likes + comments + shares + saves collected over the last 7 days vs the 7 days before. */
    engagements: comparisonSchema,
    /** Posts published by Relaycast (targets), from its own records: always known. */
    postsPublished: z.object({ current: z.number(), previous: z.number() }),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardUpcoming = z.infer<typeof dashboardUpcomingSchema>;
export type DashboardRecent = z.infer<typeof dashboardRecentSchema>;
export type DashboardAttention = z.infer<typeof dashboardAttentionSchema>;
export type DashboardReconnect = z.infer<typeof dashboardReconnectSchema>;

/** A post's text cut to the dashboard's excerpt (the first platform text when the main text is empty). */
export function postExcerpt(content: string, overrides: Record<string, string>): string {
  const text = (content.trim() || Object.values(overrides).find((value) => value.trim()) || '').replace(
    /\s+/g,
    ' ',
  );
  const chars = [...text.trim()];
  return chars.length > DASHBOARD_EXCERPT_CHARS
    ? `${chars
        .slice(0, DASHBOARD_EXCERPT_CHARS - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

/** Percentage change, or null when either side is unknown or the previous is 0. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from './platforms';

/**
 * Analytics across platforms (docs/analytics.md): the metrics Relaycast keeps, where each figure comes from, the
 * /analytics filters and the shapes the browser receives. A figure a platform does not give is `null`
 * ("not available"), never 0, in the UI and in exports.
 */

/** The normalized metrics, per post (cumulative counters) and per account-day (that day's deltas). */
export const POST_METRICS = ['views', 'reach', 'likes', 'comments', 'shares', 'saves', 'clicks'] as const;
export type PostMetric = (typeof POST_METRICS)[number];
export const ACCOUNT_METRICS = ['followers', ...POST_METRICS] as const;
export type AccountMetric = (typeof ACCOUNT_METRICS)[number];

export const METRIC_LABELS: Record<AccountMetric, string> = {
  followers: 'Followers',
  views: 'Views',
  reach: 'Reach',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  saves: 'Saves',
  clicks: 'Clicks',
};

/** Where one figure came from: the platform's own name for the metric, and whether it counts people or events. */
export interface MetricSource {
  platform: PlatformId;
  /** The metric as the platform calls it (`public_metrics.impression_count`, `post_media_view`, `likeCount`…). */
  platformMetric: string;
  kind: 'unique' | 'total';
  /** ISO instant of the fetch. */
  fetchedAt: string;
}

/** One metric's value, or null when the platform does not give it, with its source when it does. */
export type MetricValues<M extends string> = Partial<Record<M, number | null>>;
export type MetricSources<M extends string> = Partial<
  Record<M, Omit<MetricSource, 'fetchedAt' | 'platform'>>
>;

/** Interactions counted in the engagement rate (the formula is stated on /analytics). */
export const ENGAGEMENT_METRICS = [
  'likes',
  'comments',
  'shares',
  'saves',
] as const satisfies readonly PostMetric[];
export const ENGAGEMENT_RATE_FORMULA =
  'Engagement rate = (likes + comments + shares + saves) ÷ views × 100, over the posts whose platform reports views.';

/**
 * Engagement rate in percent, or null when no views are known (never a made-up 0). Interactions on posts whose
 * platform gives no views are left out of both sides, so Bluesky likes never inflate an Instagram rate.
 */
export function engagementRate(interactionsWithViews: number, views: number | null): number | null {
  if (views === null || views <= 0) return null;
  return (interactionsWithViews / views) * 100;
}

/** Follow-up cadence of a published post, as its figures settle: hourly for 48 h, daily to 30 days, then weekly. */
export const POST_FOLLOW_UP = {
  hourlyUntilMs: 48 * 3600_000,
  dailyUntilMs: 30 * 24 * 3600_000,
  /** Weekly pulls stop after this long (a post's figures barely move after a quarter). */
  weeklyUntilMs: 90 * 24 * 3600_000,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// /analytics filters

export const ANALYTICS_RANGE_PRESETS = ['7d', '30d', '90d'] as const;
export type AnalyticsRangePreset = (typeof ANALYTICS_RANGE_PRESETS)[number];
/** The longest custom range (two years: the snapshots kept). */
export const ANALYTICS_MAX_RANGE_DAYS = 731;

export const ANALYTICS_MESSAGES = {
  customRangeNeedsDates: 'Choose a start and an end date.',
  rangeOrder: 'The start date must be on or before the end date.',
  rangeTooLong: 'Choose a range of two years or less.',
  notAvailable: 'not available',
  noAccounts: 'Connect a social account to see its analytics here.',
  demoLabel: 'Demo data',
  loadFailed: 'Failed to load analytics',
  budgetExhausted:
    "This month's X read budget is used up; X figures resume next month or when the owner raises it.",
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');

/** The fields of every /api/analytics read's query string (analyticsQuerySchema; the PDF's adds its own). */
export const analyticsQueryShape = {
  range: z.enum([...ANALYTICS_RANGE_PRESETS, 'custom']).default('30d'),
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** Comma-separated platform ids. */
  platforms: z.string().max(200).optional(),
  /** Comma-separated account ids. */
  accounts: z.string().max(2000).optional(),
};

/** A custom range names both of its days. */
export const customRangeHasDates = [
  (q: { range: string; from?: string; to?: string }) =>
    q.range !== 'custom' || (q.from !== undefined && q.to !== undefined),
  { message: ANALYTICS_MESSAGES.customRangeNeedsDates },
] as const;

/** Query string of every /api/analytics read: a preset or a custom from/to (days in the user's time zone). */
export const analyticsQuerySchema = z.object(analyticsQueryShape).refine(...customRangeHasDates);

export function parsePlatformList(value: string | undefined): PlatformId[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is PlatformId => (PLATFORM_IDS as readonly string[]).includes(part));
}

// ---------------------------------------------------------------------------------------------------------------
// What the browser receives

export interface StatCard {
  /** The figure over the range, null when not available. */
  value: number | null;
  /** The same figure over the previous range of equal length. */
  previous: number | null;
  /** Percentage change against the previous period, null when either side is unknown or the previous is 0. */
  changePercent: number | null;
}

export interface AnalyticsOverview {
  range: { from: string; to: string; previousFrom: string; previousTo: string; timezone: string };
  cards: { totalFollowers: StatCard; engagementRate: StatCard; totalShares: StatCard; comments: StatCard };
  /** 'Engagement Overview': one point per day (or per week for ranges over 90 days). */
  engagement: {
    bucket: 'day' | 'week';
    points: Array<{ label: string; start: string; engagements: number | null; views: number | null }>;
  };
  /** 'Platform Distribution': engagements per platform over the range. */
  platforms: Array<{
    platform: PlatformId;
    engagements: number | null;
    followers: number | null;
    posts: number;
  }>;
  /** Whether the workspace is the generated demo one (shown as a label, never as the user's own figures). */
  demo: boolean;
}

export interface TopPost {
  targetId: string;
  postId: string;
  platform: PlatformId;
  accountId: string | null;
  accountHandle: string | null;
  text: string;
  thumbnailUrl: string | null;
  url: string | null;
  publishedAt: string;
  metrics: MetricValues<PostMetric>;
  engagementRate: number | null;
  /**
   * Clicks on the short links of this post's copy for this network, to date like the row's other figures (people
   * only, crawlers apart); null when that copy has no short link (docs/short-links.md).
   */
  linkClicks: number | null;
}

/** Best time to post: one cell per hour of the week (0 = Monday 00:00 in the account's zone). */
export const HOURS_PER_WEEK = 168;
export type BestTimeConfidence = 'none' | 'thin' | 'good';
export interface BestTimeCell {
  hourOfWeek: number;
  /** Posterior mean of the normalized engagement (1 = the account's median post). */
  score: number;
  posts: number;
  confidence: BestTimeConfidence;
}

// ---------------------------------------------------------------------------------------------------------------
// Collection (docs/analytics.md): the metered-read budget and where each account's collection stands

/** Platforms whose every read is billed, so the owner sets a monthly read budget (X's pay-per-use). */
export const ANALYTICS_BILLED_PLATFORMS = ['twitter'] as const satisfies readonly PlatformId[];
export type AnalyticsBilledPlatform = (typeof ANALYTICS_BILLED_PLATFORMS)[number];
/** X caps post reads at 2 million a month per project: a budget above it could never be spent. */
export const ANALYTICS_MAX_MONTHLY_READS = 2_000_000;

export const ANALYTICS_COLLECT_MESSAGES = {
  budgetNotSet:
    'X figures are not collected until the owner sets a monthly X read budget (every X read is billed).',
  budgetAdminOnly: 'Only the workspace owner or an admin can change the X read budget.',
  needsReconnect: 'The account needs reconnecting before its figures can be collected.',
  postGone: 'The platform no longer has this post.',
} as const;

export const analyticsBudgetInputSchema = z.object({
  platform: z.enum(ANALYTICS_BILLED_PLATFORMS),
  monthlyLimit: z
    .number()
    .int('Use a whole number of reads.')
    .min(0, 'Use 0 or more reads.')
    .max(ANALYTICS_MAX_MONTHLY_READS, 'X allows at most 2,000,000 post reads a month.'),
});
export type AnalyticsBudgetInput = z.infer<typeof analyticsBudgetInputSchema>;

export const analyticsBudgetSchema = z.object({
  platform: z.enum(ANALYTICS_BILLED_PLATFORMS),
  /** 'YYYY-MM' in UTC. */
  month: z.string(),
  /** null = not set: nothing is read. */
  monthlyLimit: z.number().int().nullable(),
  used: z.number().int(),
  canEdit: z.boolean(),
});
export type AnalyticsBudget = z.infer<typeof analyticsBudgetSchema>;

export const analyticsCollectStatusSchema = z.object({
  accounts: z.array(
    z.object({
      accountId: z.string(),
      platform: z.string(),
      handle: z.string(),
      /** Whether this server can collect the account's analytics. */
      supported: z.boolean(),
      lastCollectedAt: z.string().nullable(),
      nextCollectAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type AnalyticsCollectStatus = z.infer<typeof analyticsCollectStatusSchema>;

import { z } from 'zod';
import { ENGAGEMENT_CAPABILITIES, UNAVAILABLE_REASONS } from './engagement-capabilities';
import { PLATFORMS } from './platforms';

/**
 * Engagement (docs/decisions/0010-engagement.md): like / comment / message actions with hourly limits, the
 * unified inbox and the response metrics. Messages are the product specification's, word for word (sections 5, 8 and the issue).
 */

export const ENGAGEMENT_ACTIONS = ['like', 'comment', 'dm'] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

/** The spec's four platforms first, then the others whose APIs allow engagement. */
export const ENGAGEMENT_PLATFORMS = [
  'instagram',
  'twitter',
  'facebook',
  'linkedin',
  'bluesky',
  'mastodon',
] as const;
export type EngagementPlatform = (typeof ENGAGEMENT_PLATFORMS)[number];

/** Each inbox platform's name as the rest of the app writes it (platforms.ts: "X (Twitter)", not "Twitter"). */
export const ENGAGEMENT_PLATFORM_NAMES: Record<EngagementPlatform, string> = Object.fromEntries(
  ENGAGEMENT_PLATFORMS.map((platform) => [platform, PLATFORMS[platform].name]),
) as Record<EngagementPlatform, string>;

/** Rolling one-hour limits per user per action (spec section 9). */
export const ENGAGEMENT_HOURLY_LIMITS: Record<EngagementAction, number> = { like: 60, comment: 30, dm: 20 };
export const ENGAGEMENT_WINDOW_MS = 60 * 60 * 1000;

const OPERATION_OF: Record<EngagementAction, 'like' | 'reply' | 'message'> = {
  like: 'like',
  comment: 'reply',
  dm: 'message',
};

function supportOf(platform: EngagementPlatform): Record<EngagementAction, true | string> {
  const capabilities = ENGAGEMENT_CAPABILITIES[platform];
  const support = (action: EngagementAction) =>
    capabilities[OPERATION_OF[action]] || (UNAVAILABLE_REASONS[platform]?.[action] ?? '');
  return { like: support('like'), comment: support('comment'), dm: support('dm') };
}

/** Each action of each inbox platform: `true`, or the reason shown next to the disabled button. */
export const ENGAGEMENT_SUPPORT: Record<
  EngagementPlatform,
  Record<EngagementAction, true | string>
> = Object.fromEntries(ENGAGEMENT_PLATFORMS.map((platform) => [platform, supportOf(platform)])) as Record<
  EngagementPlatform,
  Record<EngagementAction, true | string>
>;

/** The success toasts, exactly as the issue lists them (and the same style for the other platforms). */
export const ENGAGEMENT_SUCCESS: Record<EngagementPlatform, Record<EngagementAction, string>> = {
  instagram: {
    like: 'Liked post on Instagram',
    comment: 'Posted comment on Instagram',
    dm: 'Sent DM on Instagram',
  },
  twitter: { like: 'Liked tweet', comment: 'Posted reply on Twitter', dm: 'Sent DM on Twitter' },
  facebook: {
    like: 'Liked post on Facebook',
    comment: 'Posted comment on Facebook',
    dm: 'Sent message on Facebook',
  },
  linkedin: {
    like: 'Liked post on LinkedIn',
    comment: 'Posted comment on LinkedIn',
    dm: 'Sent message on LinkedIn',
  },
  bluesky: { like: 'Liked post on Bluesky', comment: 'Posted reply on Bluesky', dm: 'Sent DM on Bluesky' },
  mastodon: {
    like: 'Liked post on Mastodon',
    comment: 'Posted reply on Mastodon',
    dm: 'Sent DM on Mastodon',
  },
};

/** Button labels per platform (the prototype's wording: comment / reply, DM / message). */
export const ENGAGEMENT_ACTION_LABELS: Record<EngagementPlatform, Record<EngagementAction, string>> = {
  instagram: { like: 'Like', comment: 'Comment', dm: 'DM' },
  twitter: { like: 'Like', comment: 'Reply', dm: 'DM' },
  facebook: { like: 'Like', comment: 'Comment', dm: 'Message' },
  linkedin: { like: 'Like', comment: 'Comment', dm: 'Message' },
  bluesky: { like: 'Like', comment: 'Reply', dm: 'DM' },
  mastodon: { like: 'Like', comment: 'Reply', dm: 'DM' },
};

export const ENGAGEMENT_MESSAGES = {
  userIdRequired: 'User ID is required',
  commentContentRequired: 'Comment content is required',
  dmContentRequired: 'DM content is required',
  unsupportedPlatform: 'Unsupported platform',
  unsupportedAction: (platform: string) => `Unsupported action for ${platform}`,
  rateLimitExceeded: (action: string) => `Rate limit exceeded for ${action}`,
  notYourUser: 'You can only act as yourself.',
  itemRequired: 'Choose an inbox item first.',
  itemNotFound: 'Inbox item not found',
  wrongPlatform: 'This inbox item belongs to another platform.',
  accountUnavailable: 'The account this item came from is not connected any more. Reconnect it first.',
  connectorUnavailable: (platform: string) => `${platform} engagement is not available on this server yet.`,
  platformFailed: (platform: string, reason: string) => `${platform} refused the action: ${reason}`,
  metricsFailed: 'Failed to load engagement metrics',
  inboxFailed: 'Failed to load the inbox',
  refreshDone: 'Inbox refreshed',
  markedDone: 'Marked as done',
  noInboundItems: 'No inbound items in this period',
  contentTooLong: 'Please keep it under 10,000 characters.',
  demoNotSent: 'Demo data: recorded in the inbox, nothing was sent to the network.',
  demoLabel: 'Demo',
} as const;

export const MAX_ENGAGEMENT_CONTENT = 10_000;

export function isEngagementPlatform(value: unknown): value is EngagementPlatform {
  return typeof value === 'string' && (ENGAGEMENT_PLATFORMS as readonly string[]).includes(value);
}

export function isEngagementAction(value: unknown): value is EngagementAction {
  return typeof value === 'string' && (ENGAGEMENT_ACTIONS as readonly string[]).includes(value);
}

export interface EngagementActionRequest {
  userId?: string | null;
  action?: string | null;
  platform?: string | null;
  content?: string | null;
  itemId?: string | null;
}

/**
 * The spec's validation, in one place and in one order: the first broken rule's message, or null. The browser
 * runs it before sending; the server runs it again and answers 400 with the same message.
 */
export function engagementActionProblem(input: EngagementActionRequest): string | null {
  if (!input.userId || input.userId.trim() === '') return ENGAGEMENT_MESSAGES.userIdRequired;
  if (!isEngagementPlatform(input.platform)) return ENGAGEMENT_MESSAGES.unsupportedPlatform;
  if (!isEngagementAction(input.action) || ENGAGEMENT_SUPPORT[input.platform][input.action] !== true) {
    return ENGAGEMENT_MESSAGES.unsupportedAction(input.platform);
  }
  const content = input.content?.trim() ?? '';
  if (input.action === 'comment' && content === '') return ENGAGEMENT_MESSAGES.commentContentRequired;
  if (input.action === 'dm' && content === '') return ENGAGEMENT_MESSAGES.dmContentRequired;
  if (content.length > MAX_ENGAGEMENT_CONTENT) return ENGAGEMENT_MESSAGES.contentTooLong;
  return null;
}

const looseText = z
  .string()
  .max(MAX_ENGAGEMENT_CONTENT + 1_000)
  .nullish();

/**
 * `POST /api/engagement/actions`. Fields are loose strings so that every rule answers with the spec's own message
 * (via `engagementActionProblem`) rather than a generic type error.
 */
export const engagementActionInputSchema = z
  .object({
    userId: z.string().max(200).nullish(),
    action: z.string().max(40).nullish(),
    platform: z.string().max(40).nullish(),
    content: looseText,
    itemId: z.string().max(200).nullish(),
  })
  .superRefine((input, ctx) => {
    const problem = engagementActionProblem(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type EngagementActionInput = z.infer<typeof engagementActionInputSchema>;

export const ENGAGEMENT_OUTCOMES = ['pending', 'sent', 'failed'] as const;
export type EngagementOutcome = (typeof ENGAGEMENT_OUTCOMES)[number];

export const engagementActionRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  action: z.enum(ENGAGEMENT_ACTIONS),
  platform: z.enum(ENGAGEMENT_PLATFORMS),
  content: z.string().nullable(),
  timestamp: z.string(),
  itemId: z.string().nullable(),
  accountId: z.string().nullable(),
  outcome: z.enum(ENGAGEMENT_OUTCOMES),
  failureReason: z.string().nullable(),
});
export type EngagementActionRecord = z.infer<typeof engagementActionRecordSchema>;

export const engagementActionResultSchema = z.object({
  record: engagementActionRecordSchema,
  /** The success toast. */
  message: z.string(),
});
export type EngagementActionResult = z.infer<typeof engagementActionResultSchema>;

// Inbox -----------------------------------------------------------------------------------------------------

export const INBOX_KINDS = ['comment', 'mention', 'message'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_STATUSES = ['unanswered', 'answered', 'done'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  comment: 'Comment',
  mention: 'Mention',
  message: 'Message',
};
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  unanswered: 'Unanswered',
  answered: 'Answered',
  done: 'Done',
};

export const inboxQuerySchema = z.object({
  platform: z.enum(ENGAGEMENT_PLATFORMS).optional(),
  kind: z.enum(INBOX_KINDS).optional(),
  status: z.enum(INBOX_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountHandle: z.string(),
  platform: z.enum(ENGAGEMENT_PLATFORMS),
  kind: z.enum(INBOX_KINDS),
  authorHandle: z.string(),
  authorName: z.string().nullable(),
  text: z.string(),
  url: z.string().nullable(),
  arrivedAt: z.string(),
  status: z.enum(INBOX_STATUSES),
  firstReplyAt: z.string().nullable(),
  /** The workspace's published post this comment is on, when it is one of ours. */
  postId: z.string().nullable(),
  /** True for the demo workspace's generated items: answering them is recorded and sent nowhere. */
  demo: z.boolean().optional(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxListSchema = z.object({ items: z.array(inboxItemSchema) });
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxRefreshResultSchema = z.object({
  accounts: z.number().int(),
  newItems: z.number().int(),
  /** Accounts that could not be read now (rate limited, needs reconnecting…), with the reason. */
  problems: z.array(z.object({ accountId: z.string(), handle: z.string(), message: z.string() })),
});
export type InboxRefreshResult = z.infer<typeof inboxRefreshResultSchema>;

// Metrics ---------------------------------------------------------------------------------------------------

export const ENGAGEMENT_PERIODS = [7, 30, 90] as const;
export const DEFAULT_ENGAGEMENT_PERIOD_DAYS = 30;

export const engagementMetricsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(DEFAULT_ENGAGEMENT_PERIOD_DAYS),
});

export const engagementMetricsSchema = z.object({
  periodDays: z.number().int(),
  likes: z.number().int(),
  /** Comments the workspace posted through the inbox in the period. */
  comments: z.number().int(),
  /** Comments that arrived in the inbox in the period, and how many of them still wait for a reply. */
  commentsReceived: z.number().int(),
  commentsUnanswered: z.number().int(),
  dms: z.number().int(),
  inboundItems: z.number().int(),
  /** Percent of inbound items that got a reply; null when there were no inbound items. */
  responseRate: z.number().nullable(),
  /** Mean minutes from arrival to first reply; null when no inbound item got a reply. */
  avgResponseTime: z.number().nullable(),
});
export type EngagementMetrics = z.infer<typeof engagementMetricsSchema>;

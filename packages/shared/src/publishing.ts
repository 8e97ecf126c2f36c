import { z } from 'zod';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from './platforms';

/**
 * The publishing engine's contract (docs/decisions/0007-publishing-engine.md): one target per post × connected account, its states, how a
 * post's status sums its targets, and the messages the calendar and the composer show.
 */

/**
 * - `draft`: the post is a draft; the target only remembers the chosen account.
 * - `scheduled`: waits for its instant (`dueAt`).
 * - `needs_account`: no connected account was chosen for that platform; fails at its instant if still so.
 * - `needs_reconnect`: its account was disconnected; reconnecting restores it to `scheduled`.
 * - `held`: came due while the server was down for longer than PUBLISH_STALE_AFTER_HOURS; the user decides.
 * - `publishing`: claimed by a worker, the platform call is (or may be) in flight.
 * - `retrying`: certainly did not reach the platform; tried again at `dueAt`.
 * - `unconfirmed`: may or may not have reached the platform and the platform cannot tell us; the user decides.
 * - `published`, `failed`: final (until the user retries a failed one).
 */
export const TARGET_STATUSES = [
  'draft',
  'scheduled',
  'needs_account',
  'needs_reconnect',
  'held',
  'publishing',
  'retrying',
  'unconfirmed',
  'published',
  'failed',
] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** A target's attempts before it fails for good. */
export const MAX_PUBLISH_ATTEMPTS = 5;

export const PUBLISH_MESSAGES = {
  noAccount: (platform: PlatformId) =>
    `No connected ${PLATFORMS[platform].name} account was chosen for this post. Connect one and pick it in the post.`,
  reconnect: (platform: PlatformId) => `Reconnect ${PLATFORMS[platform].name} account`,
  disconnected: (platform: PlatformId) =>
    `The ${PLATFORMS[platform].name} account was disconnected. Reconnect it or choose another account.`,
  unknownAccount: 'One of the chosen accounts is not connected to this workspace.',
  accountPlatformMismatch: 'A chosen account belongs to a platform the post is not for.',
  gaveUp: (reason: string) => `Gave up after ${MAX_PUBLISH_ATTEMPTS} attempts: ${reason}`,
  unconfirmed:
    'The platform may have received this post, but it did not confirm it. Check the account, then tell us whether it was posted.',
  notReceived: 'The platform did not receive the post; trying again.',
  sendingAgain:
    'Relaycast could not tell whether the platform received this post; sending it again, which the platform ignores if it already has it.',
  held: (hours: number) =>
    `This post came due while Relaycast was offline for more than ${hours} hours. Publish it now or cancel it.`,
  notRetryable: 'Only a failed, unconfirmed or held target can be published again.',
  notConfirmable: 'Only an unconfirmed target can be marked as posted.',
  notCancellable: 'Only a held target can be cancelled.',
  targetNotFound: 'Publishing target not found.',
  cancelled: 'Cancelled by the user.',
  retryQueued: 'Publishing again',
  markedPosted: 'Marked as posted',
  commentRetried: 'Comment retried',
} as const;

export const postTargetSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  /** Null when no account was chosen for the platform (`needs_account`). */
  accountId: z.string().nullable(),
  /** The account's handle when it still exists. */
  accountHandle: z.string().nullable(),
  status: z.enum(TARGET_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due (the scheduled instant, or the next retry). */
  dueAt: z.string().nullable(),
  /** The platform's reason for the last failure, or why the target waits. */
  lastError: z.string().nullable(),
  platformPostId: z.string().nullable(),
  /** Link to the post on the platform once published. */
  url: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /**
   * The post's first comment here (docs/alt-text-and-first-comment.md): null when there is none; 'failed' keeps
   * the post published and offers "Retry comment", which posts the comment alone.
   */
  commentStatus: z.enum(['pending', 'posted', 'failed']).nullable().optional(),
  commentError: z.string().nullable().optional(),
});
export type PostTarget = z.infer<typeof postTargetSchema>;

/**
 * A post's status from its targets': in flight while any is being published or retried, then published,
 * partially published or failed. Targets still waiting (scheduled, held, needs_account, needs_reconnect) keep
 * the post `scheduled`. Returns undefined when there is nothing to sum (no targets, or drafts).
 */
export function sumTargetStatuses(
  statuses: readonly TargetStatus[],
): 'scheduled' | 'publishing' | 'published' | 'partially_published' | 'failed' | undefined {
  if (statuses.length === 0 || statuses.every((status) => status === 'draft')) return undefined;
  if (statuses.some((status) => status === 'publishing' || status === 'retrying')) return 'publishing';
  const published = statuses.filter((status) => status === 'published').length;
  const waiting = statuses.some((status) =>
    ['scheduled', 'held', 'needs_account', 'needs_reconnect', 'draft'].includes(status),
  );
  if (waiting) return published > 0 ? 'partially_published' : 'scheduled';
  if (published === statuses.length) return 'published';
  return published > 0 ? 'partially_published' : 'failed';
}

/** Whether the user can act on a target: publish again, confirm it was posted, or cancel it. */
export function canRetryTarget(status: TargetStatus): boolean {
  return status === 'failed' || status === 'unconfirmed' || status === 'held';
}

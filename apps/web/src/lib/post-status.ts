import type { PostStatus } from '@relaycast/shared/posts';
import type { TargetStatus } from '@relaycast/shared/publishing';

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  partially_published: 'Partly published',
  failed: 'Failed',
};

/** Statuses whose post has reached (or is reaching) a platform: shown, never changed. */
export const LOCKED_POST_STATUSES: readonly PostStatus[] = ['publishing', 'published', 'partially_published'];

/** Whether a post can be given another time (drag and drop, "Move to…", "Schedule"). */
export function canReschedule(status: PostStatus): boolean {
  return !LOCKED_POST_STATUSES.includes(status);
}

export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  needs_account: 'Needs an account',
  needs_reconnect: 'Needs reconnecting',
  held: 'Held',
  publishing: 'Publishing',
  retrying: 'Retrying',
  unconfirmed: 'Unconfirmed',
  published: 'Published',
  failed: 'Failed',
};

/** Targets that need the user: they show their reason on the calendar and in the composer. */
export const TROUBLED_TARGET_STATUSES: readonly TargetStatus[] = [
  'failed',
  'unconfirmed',
  'held',
  'needs_account',
  'needs_reconnect',
];

import type { PostStatus } from '@relaycast/shared/posts';

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

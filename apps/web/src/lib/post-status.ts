import { LOCKED_POST_STATUSES, type PostStatus } from '@relaycast/shared/posts';
import type { TargetStatus } from '@relaycast/shared/publishing';
import { i18n } from '@/i18n';

/** Each label is read in the interface's language when it is shown (a getter), never at module load. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  get draft() {
    return i18n.t('Draft', { ns: 'common' });
  },
  get scheduled() {
    return i18n.t('Scheduled', { ns: 'common' });
  },
  get publishing() {
    return i18n.t('Publishing', { ns: 'common' });
  },
  get published() {
    return i18n.t('Published', { ns: 'common' });
  },
  get partially_published() {
    return i18n.t('Partly published', { ns: 'common' });
  },
  get failed() {
    return i18n.t('Failed', { ns: 'common' });
  },
  get awaiting_approval() {
    return i18n.t('Awaiting approval', { ns: 'common' });
  },
  get changes_requested() {
    return i18n.t('Changes requested', { ns: 'common' });
  },
  get rejected() {
    return i18n.t('Rejected', { ns: 'common' });
  },
  get expired() {
    return i18n.t('Expired', { ns: 'common' });
  },
};

/** Whether a post can be given another time (drag and drop, "Move to…", "Schedule"). */
export function canReschedule(status: PostStatus): boolean {
  return !LOCKED_POST_STATUSES.includes(status);
}

export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  get draft() {
    return i18n.t('Draft', { ns: 'common' });
  },
  get scheduled() {
    return i18n.t('Scheduled', { ns: 'common' });
  },
  get needs_account() {
    return i18n.t('Needs an account', { ns: 'common' });
  },
  get needs_reconnect() {
    return i18n.t('Needs reconnecting', { ns: 'common' });
  },
  get held() {
    return i18n.t('Held', { ns: 'common' });
  },
  get publishing() {
    return i18n.t('Publishing', { ns: 'common' });
  },
  get retrying() {
    return i18n.t('Retrying', { ns: 'common' });
  },
  get unconfirmed() {
    return i18n.t('Unconfirmed', { ns: 'common' });
  },
  get published() {
    return i18n.t('Published', { ns: 'common' });
  },
  get failed() {
    return i18n.t('Failed', { ns: 'common' });
  },
};

/** Targets that need the user: they show their reason on the calendar and in the composer. */
export const TROUBLED_TARGET_STATUSES: readonly TargetStatus[] = [
  'failed',
  'unconfirmed',
  'held',
  'needs_account',
  'needs_reconnect',
];

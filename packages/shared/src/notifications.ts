import { z } from 'zod';
import type { NotificationSettings } from './settings';

/**
 * Notifications (docs/notifications.md): what the app tells a user about, on which channel. Every
 * notification is kept in-app (the bell in the header, with an unread count); e-mail and browser push follow
 * the user's toggles in Settings → Notifications.
 */

export const NOTIFICATION_KINDS = [
  'post_failed',
  'account_reconnect',
  'stream_live',
  'stream_failed',
  'stream_due',
  'weekly_summary',
  // Approvals (approvals.ts): a post waiting for an approver, a decision for its author, an expiry.
  'approval_requested',
  'approval_decided',
  'approval_expired',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** Kinds about live streams: their e-mail and push also need "Stream notifications" on. */
export const STREAM_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'stream_live',
  'stream_failed',
  'stream_due',
];

export type NotificationChannel = 'inApp' | 'email' | 'push';

/** Whether a notification of `kind` goes out on `channel` under these settings (in-app always does). */
export function isChannelEnabled(
  kind: NotificationKind,
  channel: NotificationChannel,
  settings: NotificationSettings,
): boolean {
  if (channel === 'inApp') return true;
  const isStreamKind = STREAM_NOTIFICATION_KINDS.includes(kind);
  if (isStreamKind && !settings.streamNotifications) return false;
  return channel === 'email' ? settings.emailNotifications : settings.pushNotifications;
}

/** How many notifications the list returns (the newest). */
export const NOTIFICATION_LIST_SIZE = 50;
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;
/** The most ids one "mark as read" request may carry. */
export const NOTIFICATION_READ_MAX_IDS = 100;
export const PUSH_ENDPOINT_MAX = 2000;

/** A link inside the app: a path starting with one slash (never another site). */
export function isInAppPath(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value);
}

/** Every user-facing text of notifications: titles and bodies of each kind, the bell, the push toggle. */
export const NOTIFICATION_MESSAGES = {
  postFailedTitle: (platformName: string | null) =>
    platformName ? `A post to ${platformName} failed to publish` : 'A post failed to publish',
  postFailedBody: 'A post could not be published.',
  accountReconnectTitle: (platformName: string, handle: string) =>
    `Reconnect your ${platformName} account ${handle}`,
  accountReconnectBody: 'Scheduled posts to this account will not be published until you reconnect it.',
  streamLiveTitle: 'Your stream is live',
  streamFailedTitle: 'Your stream failed',
  streamFailedBody: 'The stream stopped because of an error.',
  streamDueTitle: (title: string) => `Time to go live: ${title}`,
  streamDueBody: 'Your planned stream is due. Open the studio to start it.',
  weeklySummaryTitle: 'Your week on Relaycast',
  weeklySummaryBody: (published: number, failed: number) =>
    `Last week ${published} ${published === 1 ? 'post was' : 'posts were'} published and ${failed} ${
      failed === 1 ? 'post' : 'posts'
    } failed.`,
  emailFooter: (settingsUrl: string) =>
    `You can change which notifications you receive in Settings: ${settingsUrl}`,
  bellLabel: 'Notifications',
  bellLabelUnread: (count: number) => `Notifications, ${count} unread`,
  listTitle: 'Notifications',
  empty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  loadFailed: 'Notifications could not be loaded.',
  idsInvalid: `Send "all": true or a list of up to ${NOTIFICATION_READ_MAX_IDS} notification ids.`,
  subscriptionInvalid: 'The push subscription is not valid. Turn push notifications off and on again.',
  pushEndpointRefused: 'Push notifications can only be sent to a secure (https) push service address.',
  pushUnsupported: 'This browser does not support push notifications.',
  pushDenied: 'Notifications are blocked for this site in your browser settings.',
  pushFailed: 'Push notifications could not be turned on in this browser.',
} as const;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: every unread notification, or the listed ones (the caller's only). */
export const markNotificationsReadSchema = z
  .object(
    {
      all: z.literal(true, { error: NOTIFICATION_MESSAGES.idsInvalid }).optional(),
      ids: z
        .array(z.string().min(1).max(100), { error: NOTIFICATION_MESSAGES.idsInvalid })
        .min(1, NOTIFICATION_MESSAGES.idsInvalid)
        .max(NOTIFICATION_READ_MAX_IDS, NOTIFICATION_MESSAGES.idsInvalid)
        .optional(),
    },
    { error: NOTIFICATION_MESSAGES.idsInvalid },
  )
  .strict()
  .refine((input) => (input.all === true) !== (input.ids !== undefined), NOTIFICATION_MESSAGES.idsInvalid);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export const markNotificationsReadResultSchema = z.object({ updated: z.number().int().nonnegative() });

/** A browser's PushSubscription.toJSON(), as POSTed by the app (expirationTime is ignored). */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
      .max(PUSH_ENDPOINT_MAX, NOTIFICATION_MESSAGES.subscriptionInvalid)
      .pipe(z.url({ protocol: /^https?$/, error: NOTIFICATION_MESSAGES.subscriptionInvalid })),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z
          .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
          .regex(/^[A-Za-z0-9_-]{20,200}={0,2}$/, NOTIFICATION_MESSAGES.subscriptionInvalid),
        auth: z
          .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
          .regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, NOTIFICATION_MESSAGES.subscriptionInvalid),
      },
      { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
    ),
  },
  { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/notifications/push-subscriptions: the endpoint to forget. */
export const deletePushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
      .min(1, NOTIFICATION_MESSAGES.subscriptionInvalid)
      .max(PUSH_ENDPOINT_MAX, NOTIFICATION_MESSAGES.subscriptionInvalid),
  },
  { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
);

export const pushKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

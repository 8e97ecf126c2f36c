import { randomUUID } from 'node:crypto';
import {
  isChannelEnabled,
  isInAppPath,
  type MarkNotificationsReadInput,
  NOTIFICATION_LIST_SIZE,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type PushSubscriptionInput,
} from '@relaycast/shared/notifications';
import { and, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { notifications, pushSubscriptions, users } from '../../db/schema/index';
import type { AddressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { PlatformError } from '../../platforms/types';
import { checkUserGivenUrl } from '../../platforms/user-given-url';
import type { Mailer } from '../mail/mailer';
import { getUserSettings } from '../settings/settings.service';
import type { PushSender } from './notifications-push';

type NotificationRow = typeof notifications.$inferSelect;

/** What sending needs: the mailer, the push sender and the public address (links in e-mails). */
export interface NotifyDeps {
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface NotifyInput {
  userId: string;
  workspaceId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A path inside the app; anything else is dropped. */
  link?: string | null;
  /** One notification per user and key (the weekly summary's week): a second call returns null. */
  dedupeKey?: string;
  /** False when the caller sends its own e-mail (the reconnect sweep keeps its historic one). */
  sendEmail?: boolean;
}

/** Rows written inside another statement but not sent by e-mail or push within a day are only kept in-app. */
const STALE_DELIVERY_MS = 24 * 60 * 60 * 1000;
const DELIVERY_BATCH = 100;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Keeps the notification in-app and sends it, per the user's toggles, by e-mail and browser push. The row is
 * written already claimed for delivery (deliveredAt set), so the delivery loop never sends it a second time.
 * Returns null when `dedupeKey` was already used for this user.
 */
export async function notify(db: Db, deps: NotifyDeps, input: NotifyInput): Promise<Notification | null> {
  const [row] = await db
    .insert(notifications)
    .values({
      id: randomUUID(),
      userId: input.userId,
      workspaceId: input.workspaceId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link && isInAppPath(input.link) ? input.link : null,
      dedupeKey: input.dedupeKey ?? null,
      deliveredAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await deliverNotification(db, deps, row, { email: input.sendEmail !== false });
  return toNotification(row);
}

/**
 * SQL for a notification row inserted inside another statement (the failed post's `finish`, a stream going
 * live), so it exists exactly when that change does. It is left undelivered: the delivery loop sends its
 * e-mail and push. Columns are expressions over the caller's FROM item (`source`).
 */
export function insertNotificationSql(values: {
  kind: NotificationKind;
  source: ReturnType<typeof sql>;
  userId: ReturnType<typeof sql>;
  workspaceId: ReturnType<typeof sql>;
  title: ReturnType<typeof sql>;
  body: ReturnType<typeof sql>;
  link: string;
}) {
  return sql`
    insert into notifications (id, user_id, workspace_id, kind, title, body, link)
    select gen_random_uuid()::text, ${values.userId}, ${values.workspaceId}, ${values.kind}::text,
           (${values.title})::text, (${values.body})::text, ${values.link}::text
    from ${values.source}`;
}

/** Sends one notification by e-mail and push, as its user's toggles allow. Failures are logged, not thrown. */
async function deliverNotification(
  db: Db,
  deps: NotifyDeps,
  row: NotificationRow,
  channels: { email: boolean },
): Promise<void> {
  const kind = row.kind as NotificationKind;
  const { notifications: toggles } = await getUserSettings(db, row.userId);
  if (channels.email && isChannelEnabled(kind, 'email', toggles)) {
    try {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      if (user) {
        await deps.mailer.send({
          to: user.email,
          subject: row.title,
          text: [
            row.body,
            ...(row.link ? ['', `${deps.publicUrl}${row.link}`] : []),
            '',
            NOTIFICATION_MESSAGES.emailFooter(`${deps.publicUrl}/settings`),
          ].join('\n'),
        });
      }
    } catch (err) {
      deps.log?.warn({ err, notificationId: row.id }, 'could not e-mail a notification');
    }
  }
  if (isChannelEnabled(kind, 'push', toggles)) {
    const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.userId));
    for (const target of targets) {
      try {
        const outcome = await deps.push.send(target, { title: row.title, body: row.body, link: row.link });
        if (outcome === 'gone') {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, target.endpoint));
        } else if (outcome === 'failed') {
          deps.log?.warn({ notificationId: row.id }, 'a push service refused a notification');
        }
      } catch (err) {
        deps.log?.warn({ err, notificationId: row.id }, 'could not send a push notification');
      }
    }
  }
}

/**
 * The delivery loop's pass: claims the rows written by other statements and not sent yet (SKIP LOCKED, and the
 * claim sets deliveredAt, so each row is sent by one process, at most once), then sends each.
 */
export async function deliverPendingNotifications(
  db: Db,
  deps: NotifyDeps,
  now: Date = new Date(),
): Promise<number> {
  const pending = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(isNull(notifications.deliveredAt))
    .orderBy(notifications.createdAt)
    .limit(DELIVERY_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(notifications)
    .set({ deliveredAt: now })
    .where(and(inArray(notifications.id, pending), isNull(notifications.deliveredAt)))
    .returning();
  for (const row of claimed) {
    if (row.createdAt.getTime() < now.getTime() - STALE_DELIVERY_MS) continue;
    await deliverNotification(db, deps, row, { email: true });
  }
  return claimed.length;
}

/** The caller's newest notifications and how many are unread (notifications belong to a user, not a workspace). */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const rows = await newestNotifications(db, { userId });
  return { notifications: rows.map(toNotification), unreadCount: rows[0]?.unread ?? 0 };
}

/** One statement, written once: the unread count rides on each row (no row: no notification, so none unread). */
const newestNotifications = builtOnce((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...getTableColumns(notifications),
      unread: sql<number>`(select count(*) from ${notifications} u
        where u.user_id = ${userId} and u.read_at is null)::int`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_SIZE);
});

/** Marks the caller's unread notifications (all, or the listed ones) read; other users' ids match nothing. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  input: MarkNotificationsReadInput,
): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        input.ids ? inArray(notifications.id, input.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

/**
 * Keeps a browser's push subscription for the caller. The endpoint is checked like any user-given address
 * (https only, no address inside the server's network unless ALLOW_PRIVATE_ADDRESSES). An endpoint already
 * registered by another user is left to them (the web app makes a fresh subscription per sign-in).
 */
export async function savePushSubscription(
  db: Db,
  policy: AddressPolicy,
  userId: string,
  input: PushSubscriptionInput,
): Promise<void> {
  try {
    await checkUserGivenUrl(input.endpoint, policy);
  } catch (error) {
    if (error instanceof PlatformError) {
      const message = /https/.test(error.message) ? NOTIFICATION_MESSAGES.pushEndpointRefused : error.message;
      throw new AppError('VALIDATION_ERROR', { message });
    }
    throw error;
  }
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, userId, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: input.keys.p256dh, auth: input.keys.auth },
      setWhere: eq(pushSubscriptions.userId, userId),
    });
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { DUE_WINDOW_MINUTES, PLANNED_STREAM_MESSAGES, studioUrlFor } from '@relaycast/shared/planned-streams';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { plannedStreams, users } from '../../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { type NotifyDeps, notify } from '../notifications/notifications.service';
import { getUserSettings } from '../settings/settings.service';

/** The most reminders one run claims; the next run takes the rest. */
const CLAIM_BATCH = 50;

export interface ReminderContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** In-app and push notifications; the e-mail stays this module's own (below). */
  notifyDeps?: NotifyDeps;
}

/**
 * Takes the planned streams whose time has come and whose reminder nobody sent yet, marking them reminded in
 * the same statement. Rows another process is claiming at this moment are skipped (SKIP LOCKED), and the
 * outer `reminded_at IS NULL` is re-checked after any wait, so each row is returned to exactly one caller.
 */
export async function claimDueReminders(db: Db, now: Date = new Date()) {
  const due = db
    .select({ id: plannedStreams.id })
    .from(plannedStreams)
    .where(and(isNull(plannedStreams.remindedAt), lte(plannedStreams.scheduledAt, now)))
    .orderBy(asc(plannedStreams.scheduledAt))
    .limit(CLAIM_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(plannedStreams)
    .set({ remindedAt: now })
    .where(and(inArray(plannedStreams.id, due), isNull(plannedStreams.remindedAt)))
    .returning();
}

function formatStart(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    instant,
  );
}

/**
 * Claims the due reminders and e-mails each owner (unless they turned e-mail or stream notifications off, or
 * the stream is already past its due window, e.g. after the server was down). The in-app banner needs no
 * sending: it lists due streams whenever /dashboard or /streaming is open. A failed e-mail is logged and not
 * retried: the claim makes reminders at most once, never twice.
 */
export async function sendDueReminders(context: ReminderContext, now: Date = new Date()) {
  const claimed = await claimDueReminders(context.db, now);
  let emailed = 0;
  for (const stream of claimed) {
    try {
      if (stream.scheduledAt.getTime() <= now.getTime() - DUE_WINDOW_MINUTES * 60_000) continue;
      if (context.notifyDeps) {
        await notify(context.db, context.notifyDeps, {
          userId: stream.userId,
          workspaceId: stream.workspaceId,
          kind: 'stream_due',
          title: NOTIFICATION_MESSAGES.streamDueTitle(stream.title),
          body: NOTIFICATION_MESSAGES.streamDueBody,
          link: studioUrlFor(stream.id),
          sendEmail: false,
        });
      }
      const settings = await getUserSettings(context.db, stream.userId);
      if (!settings.notifications.emailNotifications || !settings.notifications.streamNotifications) continue;
      const [owner] = await context.db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, stream.userId));
      if (!owner) continue;
      const link = `${context.publicUrl}${studioUrlFor(stream.id)}`;
      await context.mailer.send({
        to: owner.email,
        subject: PLANNED_STREAM_MESSAGES.reminderSubject(stream.title),
        text: [
          `Hi ${owner.name},`,
          '',
          `Your planned stream "${stream.title}" starts ${formatStart(stream.scheduledAt, stream.timezone)} (${stream.timezone}).`,
          '',
          `Open the studio with it loaded: ${link}`,
        ].join('\n'),
      });
      emailed += 1;
    } catch (err) {
      context.log.warn({ err, scheduledStreamId: stream.id }, 'could not send a stream reminder');
    }
  }
  return { claimed: claimed.length, emailed };
}

import { PLANNED_STREAM_MESSAGES } from '@relaycast/shared/planned-streams';
import { DEFAULT_USER_SETTINGS } from '@relaycast/shared/settings';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emailOutbox, plannedStreams, users } from '../../db/schema/index';
import { createMailer } from '../mail/mailer';
import { saveUserSettings } from '../settings/settings.service';
import { insertPlannedStream, minutesFromNow } from './planned-streams.test-support';
import { claimDueReminders, type ReminderContext, sendDueReminders } from './planned-streams-reminders';

let t: TestApp;
let ada: SignedInUser;
let adaEmail: string;
let context: ReminderContext;

beforeAll(async () => {
  t = await createTestApp({ config: { streamReminderIntervalMs: 0 } });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  [{ email: adaEmail }] = (await t.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, ada.userId))) as [{ email: string }];
  context = {
    db: t.db,
    mailer: createMailer({
      db: t.db,
      log: t.app.log,
      smtpUrl: undefined,
      from: 'Relaycast <test@example.com>',
    }),
    publicUrl: t.config.publicUrl,
    log: t.app.log,
  };
});
afterAll(() => t.close());

const outboxFor = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

describe('stream reminders', () => {
  it('e-mails the owner once when the time comes, with the studio link', async () => {
    const now = Date.now();
    const id = await insertPlannedStream(t, ada, {
      title: 'Morning show',
      scheduledAt: minutesFromNow(10, now),
      timezone: 'America/New_York',
    });
    expect(await sendDueReminders(context, new Date(now))).toEqual({ claimed: 0, emailed: 0 });

    const due = new Date(now + 11 * 60_000);
    expect(await sendDueReminders(context, due)).toEqual({ claimed: 1, emailed: 1 });
    expect(await sendDueReminders(context, due)).toEqual({ claimed: 0, emailed: 0 });

    const mails = await outboxFor(adaEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(PLANNED_STREAM_MESSAGES.reminderSubject('Morning show'));
    expect(mails[0]!.textBody).toContain(`${t.config.publicUrl}/streaming?plan=${id}`);
    expect(mails[0]!.textBody).toContain('America/New_York');
    const [row] = await t.db.select().from(plannedStreams).where(eq(plannedStreams.id, id));
    expect(row!.remindedAt).toEqual(due);
  });

  it('hands each due reminder to exactly one of two concurrent claimers', async () => {
    const now = Date.now();
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        insertPlannedStream(t, ada, { title: `Race ${n}`, scheduledAt: minutesFromNow(-1 - n, now) }),
      ),
    );
    const [first, second] = await Promise.all([
      claimDueReminders(t.db, new Date(now)),
      claimDueReminders(t.db, new Date(now)),
    ]);
    const claimed = [...first, ...second].map((row) => row.id).sort();
    expect(claimed).toEqual([...ids].sort());
    const rows = await t.db.select().from(plannedStreams).where(inArray(plannedStreams.id, ids));
    expect(rows.every((row) => row.remindedAt !== null)).toBe(true);
  });

  it('marks but does not e-mail when the owner turned stream notifications off or the stream is long past', async () => {
    const before = (await outboxFor(adaEmail)).length;
    const now = Date.now();
    await insertPlannedStream(t, ada, {
      title: 'Missed while down',
      scheduledAt: minutesFromNow(-6 * 60, now),
    });
    expect(await sendDueReminders(context, new Date(now))).toEqual({ claimed: 1, emailed: 0 });

    await saveUserSettings(t.db, ada.userId, {
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, streamNotifications: false },
    });
    await insertPlannedStream(t, ada, { title: 'Quiet one', scheduledAt: minutesFromNow(-1, now) });
    expect(await sendDueReminders(context, new Date(now))).toEqual({ claimed: 1, emailed: 0 });
    expect(await outboxFor(adaEmail)).toHaveLength(before);
    await saveUserSettings(t.db, ada.userId, DEFAULT_USER_SETTINGS);
  });
});

describe('the reminder timer', () => {
  it('starts with the app, sends due reminders and stops on close', async () => {
    const app = await createTestApp({ config: { streamReminderIntervalMs: 50 } });
    try {
      const bob = await signInAsNewUser(app, { name: 'Bob' });
      const [{ email }] = (await app.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, bob.userId))) as [{ email: string }];
      await insertPlannedStream(app, bob, { title: 'Timer test', scheduledAt: minutesFromNow(-1) });
      await vi.waitFor(
        async () => {
          const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
          expect(mails.map((mail) => mail.subject)).toEqual([
            PLANNED_STREAM_MESSAGES.reminderSubject('Timer test'),
          ]);
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await app.close();
    }
  });
});

import { dayStartInstant } from '@relaycast/shared/analytics-page';
import {
  nextReportSendAt,
  REPORT_SCHEDULE_MESSAGES,
  type ReportScheduleState,
  reportPeriod,
} from '@relaycast/shared/analytics-report';
import { todayIn } from '@relaycast/shared/calendar';
import type { ShortLink } from '@relaycast/shared/short-links';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emailOutbox, shortLinkClicks, workspaceMembers } from '../../db/schema/index';
import { insertAccount } from '../engagement/engagement.test-support';
import { createMailer, type OutgoingEmail } from '../mail/mailer';
import { loadAnalyticsContext, resolveFilter } from './analytics.queries';
import { insertDays } from './analytics.test-support';
import { REPORT_PDF_MISSING_LINE, sendDueReports } from './analytics-report-emails';

/** E-mailed reports: the schedule's routes, who may set it, and the sweep that sends each report once. */

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
const PUBLIC_URL = 'http://relaycast.test';

function sweep(now: Date) {
  const mailer = createMailer({
    db: t.db,
    log: t.app.log,
    smtpUrl: undefined,
    from: 'reports@relaycast.test',
  });
  return sendDueReports({ db: t.db, mailer, publicUrl: PUBLIC_URL }, now);
}

async function mailsTo(address: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

async function scheduleOf(member: SignedInUser): Promise<ReportScheduleState> {
  const res = await member.get('/api/analytics/report-schedule');
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Mailer' });
  bob = await signInAsNewUser(t, { name: 'Bob Mailer' });
});

afterAll(async () => {
  await t.close();
});

describe('report e-mail schedule', () => {
  it('refuses bad input with the shared messages and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ frequency: 'weekly', recipients: ['not-an-address'] }, REPORT_SCHEDULE_MESSAGES.recipientInvalid],
      [{ frequency: 'weekly', recipients: [] }, REPORT_SCHEDULE_MESSAGES.recipientsRequired],
      [{ frequency: 'hourly', recipients: ['a@example.com'] }, REPORT_SCHEDULE_MESSAGES.frequency],
      [
        { frequency: 'weekly', recipients: [`${'a'.repeat(300)}@example.com`] },
        REPORT_SCHEDULE_MESSAGES.recipientInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ada.send('PUT', '/api/analytics/report-schedule', body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await scheduleOf(ada)).schedule).toBeNull();
  });

  it('sends last week to every address once at the next Monday 08:00, with the figures and a working link', async () => {
    const account = await insertAccount(t, ada.workspaceId, 'instagram', { handle: 'ada.mail' });
    const saved = await ada.send('PUT', '/api/analytics/report-schedule', {
      frequency: 'weekly',
      recipients: ['Boss@Example.com', 'team@example.com', 'boss@example.com'],
    });
    expect(saved.statusCode).toBe(200);
    const { schedule, canManage } = saved.json<ReportScheduleState>();
    expect(canManage).toBe(true);
    expect(schedule?.recipients).toEqual(['boss@example.com', 'team@example.com']);
    const context = await loadAnalyticsContext(t.db, ada.workspaceId, ada.userId);
    const sendAt = new Date(schedule!.nextSendAt);
    expect(sendAt.toISOString()).toBe(nextReportSendAt('weekly', context.timezone).toISOString());
    expect(sendAt.getTime()).toBeGreaterThan(Date.now());

    // Figures on the last day of the week the e-mail covers.
    const period = reportPeriod('weekly', todayIn(context.timezone, sendAt));
    await insertDays(t, ada.workspaceId, account, 'instagram', {
      [period.to]: { followers: 1234, views: 1000, likes: 40, comments: 7, shares: 3, saves: 0 },
    });

    // Not yet due: nothing goes.
    expect(await sweep(new Date(sendAt.getTime() - 60_000))).toBe(0);
    expect(await mailsTo('boss@example.com')).toHaveLength(0);

    // Two workers at the send time: one report, one e-mail per address.
    const sent = await Promise.all([sweep(sendAt), sweep(sendAt)]);
    expect(sent[0] + sent[1]).toBe(1);
    for (const address of ['boss@example.com', 'team@example.com']) {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(1);
      const text = mails[0]!.textBody;
      expect(mails[0]!.subject).toMatch(/^Relaycast weekly report: /);
      expect(text).toContain(`${period.from} to ${period.to}`);
      expect(text).toContain('Total followers: 1,234');
      expect(text).toContain('Comments: 7');
      // No short link in this workspace: no "Link clicks" line.
      expect(text).not.toContain('Link clicks');
      const link = text.match(new RegExp(`${PUBLIC_URL}/r/([A-Za-z0-9_-]{43})`));
      expect(link).not.toBeNull();
      const report = await t.app.inject({ method: 'GET', url: `/api/reports/${link![1]}` });
      expect(report.statusCode).toBe(200);
      expect(report.json().filters).toEqual({ range: 'custom', ...period });
    }

    // The next one is a week later; sending again at the same time sends nothing.
    const after = await scheduleOf(ada);
    expect(after.schedule?.lastSentAt).toBe(sendAt.toISOString());
    expect(new Date(after.schedule!.nextSendAt).getTime() - sendAt.getTime()).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 3_600_000,
    );
    expect(await sweep(sendAt)).toBe(0);
    expect(await mailsTo('boss@example.com')).toHaveLength(1);
  });

  it("keeps each workspace's schedule to itself, and lets only owners and admins set or stop it", async () => {
    expect((await scheduleOf(bob)).schedule).toBeNull();
    await t.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(
        and(eq(workspaceMembers.userId, bob.userId), eq(workspaceMembers.organizationId, bob.workspaceId)),
      );
    expect((await scheduleOf(bob)).canManage).toBe(false);
    const refused = await bob.send('PUT', '/api/analytics/report-schedule', {
      frequency: 'monthly',
      recipients: ['bob@example.com'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: REPORT_SCHEDULE_MESSAGES.adminOnly });
    const stopped = await bob.send('DELETE', '/api/analytics/report-schedule');
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json()).toMatchObject({ code: 'FORBIDDEN', message: REPORT_SCHEDULE_MESSAGES.adminOnly });
    expect((await scheduleOf(bob)).schedule).toBeNull();
  });

  it('attaches the period as a PDF printed from a print link that is gone afterwards, and sends without it on failure', async () => {
    const captured: OutgoingEmail[] = [];
    const mailer = { send: async (message: OutgoingEmail) => void captured.push(message) };
    const printed: { path: string; status: number; gone?: number }[] = [];
    const renderReportPdf = async (printPath: string) => {
      const token = printPath.match(/^\/r\/([A-Za-z0-9_-]{43})\?print=1$/)?.[1];
      const report = await t.app.inject({ method: 'GET', url: `/api/reports/${token}` });
      printed.push({ path: printPath, status: report.statusCode });
      return Buffer.from('%PDF-1.7 test');
    };
    const due = new Date((await scheduleOf(ada)).schedule!.nextSendAt);
    expect(await sendDueReports({ db: t.db, mailer, publicUrl: PUBLIC_URL, renderReportPdf }, due)).toBe(1);
    expect(printed).toHaveLength(1);
    expect(printed[0]!.status).toBe(200);
    const token = printed[0]!.path.slice(3, 46);
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/${token}` })).statusCode).toBe(404);
    expect(captured.map((mail) => mail.to).sort()).toEqual(['boss@example.com', 'team@example.com']);
    for (const mail of captured) {
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments![0]).toMatchObject({ contentType: 'application/pdf' });
      expect(mail.attachments![0]!.filename).toMatch(
        /^relaycast-weekly-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
      );
      expect(mail.attachments![0]!.content.toString()).toBe('%PDF-1.7 test');
      expect(mail.text).toContain('The report is attached as a PDF');
    }

    // Chromium missing or too slow: the e-mail still goes, without the PDF, and says where the report is.
    captured.length = 0;
    const failing = async () => {
      throw new Error('no Chromium');
    };
    const next = new Date((await scheduleOf(ada)).schedule!.nextSendAt);
    expect(
      await sendDueReports({ db: t.db, mailer, publicUrl: PUBLIC_URL, renderReportPdf: failing }, next),
    ).toBe(1);
    expect(captured).toHaveLength(2);
    for (const mail of captured) {
      expect(mail.attachments).toBeUndefined();
      expect(mail.text).toContain(REPORT_PDF_MISSING_LINE);
    }
  });

  it('stops: the schedule is gone and nothing more is sent', async () => {
    const before = (await scheduleOf(ada)).schedule;
    expect(before).not.toBeNull();
    expect((await ada.send('DELETE', '/api/analytics/report-schedule')).statusCode).toBe(204);
    expect((await scheduleOf(ada)).schedule).toBeNull();
    expect(await sweep(new Date(new Date(before!.nextSendAt).getTime() + 60_000))).toBe(0);
  });

  it("adds the period's link clicks against the period before to the e-mail's figures", async () => {
    const carl = await signInAsNewUser(t, { name: 'Carl Links' });
    const saved = await carl.send('PUT', '/api/analytics/report-schedule', {
      frequency: 'monthly',
      recipients: ['carl@example.com'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sendAt = new Date(saved.json<ReportScheduleState>().schedule!.nextSendAt);
    const context = await loadAnalyticsContext(t.db, carl.workspaceId, carl.userId);
    const period = reportPeriod('monthly', todayIn(context.timezone, sendAt));
    const { range } = resolveFilter({ range: 'custom', ...period }, context.timezone, sendAt);
    const hourInto = (day: string) => new Date(dayStartInstant(day, context.timezone).getTime() + 3_600_000);
    const made = await carl.send('POST', '/api/short-links', { target: 'https://example.com/mail' });
    const link = made.json() as ShortLink;
    await t.db.insert(shortLinkClicks).values([
      { linkId: link.id, hour: hourInto(period.to), count: 4 },
      { linkId: link.id, hour: hourInto(period.from), country: 'DE', count: 1 },
      // Crawlers are not clicks; the period before is the comparison.
      { linkId: link.id, hour: hourInto(period.to), crawler: 'Twitterbot', count: 9 },
      { linkId: link.id, hour: hourInto(range.previousTo), count: 2 },
    ]);
    // Another workspace's clicks in the same period are not Carl's.
    const dan = await signInAsNewUser(t, { name: 'Dan Links' });
    const other = (
      await dan.send('POST', '/api/short-links', { target: 'https://example.com/dan' })
    ).json() as ShortLink;
    await t.db.insert(shortLinkClicks).values({ linkId: other.id, hour: hourInto(period.to), count: 50 });

    expect(await sweep(sendAt)).toBe(1);
    const [mail] = await mailsTo('carl@example.com');
    expect(mail?.textBody).toContain('Link clicks: 5 (+150.0% on the period before)');
    expect(mail?.textBody.indexOf('Link clicks')).toBeGreaterThan(mail?.textBody.indexOf('Comments') ?? 0);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/report-schedule' });
    expect(res.statusCode).toBe(401);
  });
});

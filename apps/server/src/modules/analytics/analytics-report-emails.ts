import type { StatCard } from '@relaycast/shared/analytics';
import { type AnalyticsDayRange, dayStartInstant, nextDay, statCard } from '@relaycast/shared/analytics-page';
import {
  nextReportSendAt,
  REPORT_EMAIL_LINK_DAYS,
  type ReportFrequency,
  type ReportScheduleInput,
  type ReportScheduleState,
  reportPeriod,
} from '@relaycast/shared/analytics-report';
import { todayIn } from '@relaycast/shared/calendar';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { analyticsReportSchedules, workspaces } from '../../db/schema/index';
import type { EmailAttachment, Mailer } from '../mail/mailer';
import { shortLinkClickTotals } from '../short-links/short-links-figures';
import { analyticsOverview, loadAnalyticsContext, resolveFilter } from './analytics.queries';
import { createReportLink, deleteReportLink, expiryOf, PRINT_LINK_TTL_MS } from './analytics-reports';

/**
 * Prints a report page (`/r/<token>?print=1`, a path on this server) to PDF: `renderPdf` with Debian's Chromium
 * in the running server; absent in tests that do not need it. A failure sends the e-mail without the PDF.
 */
export type RenderReportPdf = (printPath: string) => Promise<Buffer>;

export const REPORT_PDF_MISSING_LINE =
  'The PDF could not be made this time; the link above shows the same report and can print it.';

interface ReportEmailContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log?: FastifyBaseLogger;
  renderReportPdf?: RenderReportPdf;
}

/** The period's report as a PDF attachment, through a print link that is deleted once printed. */
async function reportPdf(
  context: ReportEmailContext,
  input: { workspaceId: string; userId: string; filters: { range: 'custom'; from: string; to: string } },
  name: string,
  now: Date,
): Promise<EmailAttachment | null> {
  if (!context.renderReportPdf) return null;
  const link = await createReportLink(
    context.db,
    { ...input, expiresInMs: PRINT_LINK_TTL_MS, purpose: 'print' },
    now,
  );
  try {
    const content = await context.renderReportPdf(`${link.path}?print=1`);
    return { filename: name, content, contentType: 'application/pdf' };
  } catch (err) {
    context.log?.warn(
      { err, workspaceId: input.workspaceId },
      'the report PDF could not be made for the e-mail',
    );
    return null;
  } finally {
    await deleteReportLink(context.db, link.id);
  }
}

/**
 * E-mailed reports (docs/decisions/0033-analytics-report-links-and-pdf.md): one schedule per workspace, weekly on Mondays or monthly on the 1st at 08:00 in
 * the time zone of whoever set it. Each e-mail holds the four cards of the period just ended (and its short links' clicks), against the period
 * before, and a read-only report link of that period (a `share` link, listed and revocable like any other).
 * Several worker processes may run the sweep: each due schedule is claimed for ten minutes with SKIP LOCKED.
 */

const CLAIM_MS = 10 * 60_000;
const BATCH = 20;

type ScheduleRow = typeof analyticsReportSchedules.$inferSelect;

export async function loadReportSchedule(
  db: Db,
  workspaceId: string,
): Promise<ReportScheduleState['schedule']> {
  const [row] = await db
    .select()
    .from(analyticsReportSchedules)
    .where(eq(analyticsReportSchedules.workspaceId, workspaceId));
  if (!row) return null;
  return {
    frequency: row.frequency,
    recipients: row.recipients,
    nextSendAt: row.nextSendAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

/** Sets (or replaces) the workspace's schedule; the next e-mail is the next Monday or 1st at 08:00. */
export async function saveReportSchedule(
  db: Db,
  input: ReportScheduleInput & { workspaceId: string; userId: string; timezone: string },
  now = new Date(),
) {
  const recipients = [...new Set(input.recipients.map((address) => address.trim().toLowerCase()))];
  const nextSendAt = nextReportSendAt(input.frequency, input.timezone, now);
  await db
    .insert(analyticsReportSchedules)
    .values({
      workspaceId: input.workspaceId,
      frequency: input.frequency,
      recipients,
      nextSendAt,
      createdBy: input.userId,
    })
    .onConflictDoUpdate({
      target: analyticsReportSchedules.workspaceId,
      set: {
        frequency: input.frequency,
        recipients,
        nextSendAt,
        createdBy: input.userId,
        claimedUntil: null,
      },
    });
  return loadReportSchedule(db, input.workspaceId);
}

export async function deleteReportSchedule(db: Db, workspaceId: string) {
  await db.delete(analyticsReportSchedules).where(eq(analyticsReportSchedules.workspaceId, workspaceId));
}

const numbers = new Intl.NumberFormat('en-US');

function cardLine(label: string, card: StatCard, percent = false): string {
  if (card.value === null) return `${label}: not available`;
  const value = percent ? `${card.value.toFixed(2)}%` : numbers.format(Math.round(card.value));
  if (card.changePercent === null) return `${label}: ${value}`;
  const sign = card.changePercent > 0 ? '+' : '';
  return `${label}: ${value} (${sign}${card.changePercent.toFixed(1)}% on the period before)`;
}

/**
 * The e-mail's "Link clicks" card: people's clicks on the workspace's short links over the period's days (in the
 * zone of whoever set the schedule) against the period before; null (no line) when the workspace has no link.
 */
async function linkClicksCard(
  db: Db,
  workspaceId: string,
  range: AnalyticsDayRange,
): Promise<StatCard | null> {
  const instants = (from: string, to: string) => ({
    from: dayStartInstant(from, range.timezone),
    to: dayStartInstant(nextDay(to), range.timezone),
  });
  const totals = await shortLinkClickTotals(
    db,
    workspaceId,
    instants(range.from, range.to),
    instants(range.previousFrom, range.previousTo),
  );
  return totals ? statCard(totals.current, totals.previous) : null;
}

/** Claims up to BATCH due schedules (none another process holds) for ten minutes. */
async function claimDue(db: Db, now: Date): Promise<ScheduleRow[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const result = (await db.execute(sql`
    update analytics_report_schedules s set claimed_until = ${until.toISOString()}::timestamptz
    where s.workspace_id in (
      select workspace_id from analytics_report_schedules
      where next_send_at <= ${now.toISOString()}::timestamptz
        and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by next_send_at
      limit ${BATCH}
      for update skip locked)
    returning s.workspace_id, s.frequency, s.recipients, s.created_by`)) as unknown as {
    rows: Array<{
      workspace_id: string;
      frequency: ReportFrequency;
      recipients: string[];
      created_by: string | null;
    }>;
  };
  return result.rows.map((row) => ({
    workspaceId: row.workspace_id,
    frequency: row.frequency,
    recipients: row.recipients,
    createdBy: row.created_by,
    nextSendAt: now,
    lastSentAt: null,
    claimedUntil: until,
  }));
}

/** One schedule's e-mails: the period's cards (and link clicks), a link and the PDF, to every recipient; then the next send time. */
async function sendReport(
  reportContext: ReportEmailContext,
  schedule: ScheduleRow,
  now: Date,
): Promise<void> {
  const { db, mailer, publicUrl } = reportContext;
  const context = await loadAnalyticsContext(db, schedule.workspaceId, schedule.createdBy ?? '');
  const period = reportPeriod(schedule.frequency, todayIn(context.timezone, now));
  const filters = { range: 'custom' as const, ...period };
  const filter = resolveFilter(filters, context.timezone, now);
  const [overview, linkClicks] = await Promise.all([
    analyticsOverview(db, context, filter),
    linkClicksCard(db, schedule.workspaceId, filter.range),
  ]);
  const link = await createReportLink(
    db,
    {
      workspaceId: schedule.workspaceId,
      userId: schedule.createdBy ?? '',
      filters,
      expiresInMs: expiryOf(REPORT_EMAIL_LINK_DAYS),
      purpose: 'share',
    },
    now,
  );
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, schedule.workspaceId));
  const name = workspace?.name ?? 'your workspace';
  const kind = schedule.frequency === 'weekly' ? 'weekly' : 'monthly';
  const demo = context.demo ? ' [Demo data]' : '';
  const { cards } = overview;
  const pdf = await reportPdf(
    reportContext,
    { workspaceId: schedule.workspaceId, userId: schedule.createdBy ?? '', filters },
    `relaycast-${kind}-report-${period.from}-to-${period.to}.pdf`,
    now,
  );
  const text = [
    `Your ${kind} Relaycast report for ${name}, ${period.from} to ${period.to}${demo}.`,
    '',
    cardLine('Total followers', cards.totalFollowers),
    cardLine('Engagement rate', cards.engagementRate, true),
    cardLine('Total shares', cards.totalShares),
    cardLine('Comments', cards.comments),
    ...(linkClicks ? [cardLine('Link clicks', linkClicks)] : []),
    '',
    `Charts and top posts: ${publicUrl}${link.path}`,
    `The link works for ${REPORT_EMAIL_LINK_DAYS} days and can be revoked under Analytics → Share report link.`,
    ...(reportContext.renderReportPdf
      ? [pdf ? `The report is attached as a PDF (${pdf.filename}).` : REPORT_PDF_MISSING_LINE]
      : []),
    '',
    'You get this e-mail because it was scheduled under Analytics → Email reports in Relaycast.',
  ].join('\n');
  for (const to of schedule.recipients) {
    await mailer.send({
      to,
      subject: `Relaycast ${kind} report: ${name}${demo}`,
      text,
      ...(pdf ? { attachments: [pdf] } : {}),
    });
  }
  await db
    .update(analyticsReportSchedules)
    .set({
      lastSentAt: now,
      nextSendAt: nextReportSendAt(schedule.frequency, context.timezone, now),
      claimedUntil: null,
    })
    .where(eq(analyticsReportSchedules.workspaceId, schedule.workspaceId));
}

/** Sends every due report once; a schedule that fails is retried after its claim lapses. Returns how many went. */
export async function sendDueReports(context: ReportEmailContext, now = new Date()): Promise<number> {
  let sent = 0;
  for (const schedule of await claimDue(context.db, now)) {
    try {
      await sendReport(context, schedule, now);
      sent += 1;
    } catch (err) {
      context.log?.warn({ err, workspaceId: schedule.workspaceId }, 'report e-mail failed');
    }
  }
  return sent;
}

import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, format, parseISO, startOfISOWeek, startOfMonth } from 'date-fns';
import { z } from 'zod';
import { ANALYTICS_RANGE_PRESETS, analyticsQueryShape, customRangeHasDates } from './analytics';
import { todayIn } from './calendar';

/**
 * Read-only report links and the PDF report of /analytics (docs/decisions/0033-analytics-report-links-and-pdf.md). A link shows one workspace's report for the
 * filters it was made with, to anyone holding it, until it expires or is revoked. The server stores only the
 * SHA-256 of the token.
 */

export const REPORT_LINK_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_REPORT_LINK_EXPIRY_DAYS = 7;
/** The public page's path: `/r/<token>`; `?print=1` is the layout the PDF renderer prints. */
export const REPORT_LINK_PATH = '/r/';
/** 32 random bytes in base64url. */
export const REPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const REPORT_MESSAGES = {
  expired: 'This report link has expired.',
  revoked: 'This report link was revoked.',
  notFound: 'This report link does not exist. Check that it was copied whole.',
  adminOnly: 'Only the workspace owner or an admin can share or revoke report links.',
  linkNotFound: 'Report link not found.',
  expiryChoice: 'Choose 1, 7 or 30 days.',
  created: 'Report link created. Copy it now: it is shown in full only here and in the list below.',
  revokedToast: 'Report link revoked.',
  pdfNeedsChromium: 'PDF export needs Chromium on the server: apt-get install chromium.',
  pdfBusy: 'Another PDF report is being made. Try again in a few seconds.',
  pdfTimedOut: 'The PDF report took too long to make. Try a shorter range or try again.',
  pdfFailed: 'The PDF report could not be made. Try again.',
  clientInvalid: 'Keep "Prepared for" to one line of 100 characters at most.',
} as const;

/** The longest "Prepared for" line of a PDF report (a client's name, a title). */
export const MAX_REPORT_CLIENT = 100;

/** Who a report is for (a client's name, a title): one line, printed under the workspace's name. */
const reportClientSchema = z
  .string()
  .trim()
  .max(MAX_REPORT_CLIENT, REPORT_MESSAGES.clientInvalid)
  // One line of text: no control characters (a new line, a NUL).
  .regex(/^\P{Cc}*$/u, REPORT_MESSAGES.clientInvalid);

/**
 * `GET /api/analytics/report.pdf`: the analytics filters and, optionally, who the report is for
 * (docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md). The print link stores it with the filters, so
 * the printed page reads it from the server, never from its address.
 */
export const reportPdfQuerySchema = z
  .object({ ...analyticsQueryShape, client: reportClientSchema.optional() })
  .refine(...customRangeHasDates);
export type ReportPdfQuery = z.input<typeof reportPdfQuerySchema>;

/** Who a report is from, as its header shows it: the workspace's name and its logo when it has one. */
export const reportBrandSchema = z.object({
  name: z.string(),
  /** A data: image (the only kind the server's Chromium may load for it); null without a logo. */
  logoUrl: z.string().nullable(),
});
export type ReportBrand = z.infer<typeof reportBrandSchema>;

/** The filters a link shows, as the /analytics API takes them. */
export const reportFiltersSchema = z.object({
  range: z.enum([...ANALYTICS_RANGE_PRESETS, 'custom']).default('30d'),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a YYYY-MM-DD date.')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a YYYY-MM-DD date.')
    .optional(),
  platforms: z.string().max(200).optional(),
  accounts: z.string().max(2000).optional(),
  /** Who the report is for (the PDF's "Prepared for" line); absent for most links. */
  client: reportClientSchema.optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const createReportLinkSchema = z.object({
  filters: reportFiltersSchema,
  expiresInDays: z
    .number()
    .int()
    .refine((days) => (REPORT_LINK_EXPIRY_DAYS as readonly number[]).includes(days), {
      message: REPORT_MESSAGES.expiryChoice,
    })
    .default(DEFAULT_REPORT_LINK_EXPIRY_DAYS),
});
export type CreateReportLinkInput = z.input<typeof createReportLinkSchema>;

export const reportLinkSchema = z.object({
  id: z.string(),
  filters: reportFiltersSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

/** Only the creation answer holds the token (as the link's path); it is never stored or shown again. */
export const createdReportLinkSchema = reportLinkSchema.extend({ path: z.string() });
export type CreatedReportLink = z.infer<typeof createdReportLinkSchema>;

export const reportLinkListSchema = z.object({ links: z.array(reportLinkSchema), canManage: z.boolean() });
export type ReportLinkList = z.infer<typeof reportLinkListSchema>;

/** What the public page learns about a link: the filters, when it stops working and whose it is, nothing else. */
export const publicReportSchema = z.object({
  filters: reportFiltersSchema,
  expiresAt: z.string(),
  demo: z.boolean(),
  /** The white-label header: whose report it is (shared on purpose by whoever made the link). */
  workspace: reportBrandSchema,
});
export type PublicReport = z.infer<typeof publicReportSchema>;

/** The filters as query parameters of the analytics reads (empty values left out, dates only for custom). */
export function reportFiltersParams(filters: ReportFilters): Record<string, string> {
  const params: Record<string, string> = { range: filters.range };
  if (filters.range === 'custom') {
    if (filters.from) params.from = filters.from;
    if (filters.to) params.to = filters.to;
  }
  if (filters.platforms) params.platforms = filters.platforms;
  if (filters.accounts) params.accounts = filters.accounts;
  if (filters.client) params.client = filters.client;
  return params;
}

/** The filters as a query string (how a link stores them). */
export function reportFiltersQuery(filters: ReportFilters): string {
  return Object.entries(reportFiltersParams(filters))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

/** A stored query string back into filters; anything unreadable is the default (30 days, everything). */
export function parseReportFilters(query: string): ReportFilters {
  const raw: Record<string, string> = {};
  for (const pair of query.split('&')) {
    const [key = '', value = ''] = pair.split('=');
    if (!['range', 'from', 'to', 'platforms', 'accounts', 'client'].includes(key) || !value) continue;
    try {
      raw[key] = decodeURIComponent(value);
    } catch {
      // A malformed escape leaves that filter at its default.
    }
  }
  const parsed = reportFiltersSchema.safeParse(raw);
  return parsed.success ? parsed.data : { range: '30d' };
}

/*
 * E-mailed reports: one schedule per workspace, weekly (Mondays) or monthly (the 1st), at 08:00 in the time zone
 * of whoever set it, to at most ten addresses. Each e-mail holds the four cards of the period just ended and a
 * read-only report link of that period that works for 30 days.
 */

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_MAX_RECIPIENTS = 10;
/** The hour (local to the schedule's time zone) the e-mails go out. */
export const REPORT_SEND_HOUR = 8;
/** How long the link in a report e-mail works. */
export const REPORT_EMAIL_LINK_DAYS = 30;

export const REPORT_SCHEDULE_MESSAGES = {
  frequency: 'Choose weekly or monthly.',
  recipientsRequired: 'Add at least one e-mail address.',
  recipientInvalid: 'Enter valid e-mail addresses, separated by commas.',
  tooManyRecipients: `Send to at most ${REPORT_MAX_RECIPIENTS} addresses.`,
  saved: 'Report e-mails scheduled.',
  stopped: 'Report e-mails stopped.',
  adminOnly: 'Only the workspace owner or an admin can schedule report e-mails.',
} as const;

export const reportScheduleInputSchema = z.object({
  frequency: z.enum(REPORT_FREQUENCIES, { error: REPORT_SCHEDULE_MESSAGES.frequency }),
  recipients: z
    .array(z.email({ error: REPORT_SCHEDULE_MESSAGES.recipientInvalid }).max(254), {
      error: REPORT_SCHEDULE_MESSAGES.recipientsRequired,
    })
    .min(1, REPORT_SCHEDULE_MESSAGES.recipientsRequired)
    .max(REPORT_MAX_RECIPIENTS, REPORT_SCHEDULE_MESSAGES.tooManyRecipients),
});
export type ReportScheduleInput = z.infer<typeof reportScheduleInputSchema>;

export const reportScheduleStateSchema = z.object({
  schedule: z
    .object({
      frequency: z.enum(REPORT_FREQUENCIES),
      recipients: z.array(z.string()),
      nextSendAt: z.string(),
      lastSentAt: z.string().nullable(),
    })
    .nullable(),
  canManage: z.boolean(),
});
export type ReportScheduleState = z.infer<typeof reportScheduleStateSchema>;

/** Addresses typed in one box (commas, semicolons, spaces or new lines between them), trimmed, without repeats. */
export function parseRecipients(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const address = part.trim();
    if (address) seen.add(address);
  }
  return [...seen];
}

function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The period a report sent on `today` (YYYY-MM-DD) covers: last week, Monday to Sunday, or last month. */
export function reportPeriod(frequency: ReportFrequency, today: string): { from: string; to: string } {
  const day = parseISO(today);
  const start = frequency === 'weekly' ? startOfISOWeek(day) : startOfMonth(day);
  const from = frequency === 'weekly' ? addWeeks(start, -1) : addMonths(start, -1);
  return { from: isoDay(from), to: isoDay(addDays(start, -1)) };
}

/** 08:00 on a YYYY-MM-DD day in an IANA zone (unknown zones count as UTC), daylight saving included. */
function sendInstant(day: Date, timezone: string): Date {
  const utc = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), REPORT_SEND_HOUR);
  try {
    const at = new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      REPORT_SEND_HOUR,
      0,
      timezone,
    ).getTime();
    // An unknown zone gives an invalid date rather than an error.
    return new Date(Number.isFinite(at) ? at : utc);
  } catch {
    return new Date(utc);
  }
}

/** When a schedule sends next: the first Monday (weekly) or 1st of a month (monthly) at 08:00 after `now`. */
export function nextReportSendAt(frequency: ReportFrequency, timezone: string, now = new Date()): Date {
  const today = parseISO(todayIn(timezone, now));
  let day = frequency === 'weekly' ? startOfISOWeek(today) : startOfMonth(today);
  // At most two steps are ever needed (this week's or month's send time has passed); the bound is a safeguard.
  for (let step = 0; step < 3; step += 1) {
    const at = sendInstant(day, timezone);
    if (at.getTime() > now.getTime()) return at;
    day = frequency === 'weekly' ? addWeeks(day, 1) : addMonths(day, 1);
  }
  return sendInstant(day, timezone);
}

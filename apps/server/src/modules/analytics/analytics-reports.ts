import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  parseReportFilters,
  REPORT_LINK_PATH,
  REPORT_MESSAGES,
  REPORT_TOKEN_PATTERN,
  type ReportBrand,
  type ReportFilters,
  type ReportLink,
  reportFiltersQuery,
} from '@relaycast/shared/analytics-report';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsReportLinks, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { type AnalyticsContext, loadAnalyticsContext } from './analytics.queries';

/**
 * Read-only report links (docs/decisions/0033-analytics-report-links-and-pdf.md). The token is 32 random bytes shown once; the table holds its SHA-256, and a
 * visit is looked up by that hash through the unique index, so no stored secret is ever compared byte by byte
 * and a guess costs a 2^256 search. A revoked link keeps its row (the page says "revoked"); an expired one says
 * "expired". `print` links are the PDF renderer's: a minute long, never listed, deleted after the render.
 */

const DAY_MS = 86_400_000;
export const PRINT_LINK_TTL_MS = 60_000;

type LinkRow = typeof analyticsReportLinks.$inferSelect;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toReportLink(row: LinkRow): ReportLink {
  return {
    id: row.id,
    filters: parseReportFilters(row.query),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createReportLink(
  db: Db,
  input: {
    workspaceId: string;
    userId: string;
    filters: ReportFilters;
    expiresInMs: number;
    purpose: 'share' | 'print';
  },
  now = new Date(),
): Promise<ReportLink & { path: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(analyticsReportLinks)
    .values({
      id: randomUUID(),
      workspaceId: input.workspaceId,
      tokenHash: hashToken(token),
      query: reportFiltersQuery(input.filters),
      expiresAt: new Date(now.getTime() + input.expiresInMs),
      purpose: input.purpose,
      createdBy: input.userId,
      createdAt: now,
    })
    .returning();
  return { ...toReportLink(row!), path: `${REPORT_LINK_PATH}${token}`, token };
}

export function expiryOf(days: number): number {
  return days * DAY_MS;
}

/** The workspace's shared links that still work, newest first. Old print links are swept here too. */
export async function listReportLinks(db: Db, workspaceId: string, now = new Date()): Promise<ReportLink[]> {
  await db
    .delete(analyticsReportLinks)
    .where(
      and(
        eq(analyticsReportLinks.workspaceId, workspaceId),
        eq(analyticsReportLinks.purpose, 'print'),
        lt(analyticsReportLinks.expiresAt, now),
      ),
    );
  const rows = await db
    .select()
    .from(analyticsReportLinks)
    .where(
      and(
        eq(analyticsReportLinks.workspaceId, workspaceId),
        eq(analyticsReportLinks.purpose, 'share'),
        isNull(analyticsReportLinks.revokedAt),
        gt(analyticsReportLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(analyticsReportLinks.createdAt))
    .limit(200);
  return rows.map(toReportLink);
}

/** Revokes one of the workspace's links; another workspace's id, or an unknown one, is a 404. */
export async function revokeReportLink(db: Db, workspaceId: string, id: string, now = new Date()) {
  const [row] = await db
    .update(analyticsReportLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(analyticsReportLinks.id, id),
        eq(analyticsReportLinks.workspaceId, workspaceId),
        eq(analyticsReportLinks.purpose, 'share'),
        or(isNull(analyticsReportLinks.revokedAt), gt(analyticsReportLinks.revokedAt, now)),
      ),
    )
    .returning({ id: analyticsReportLinks.id });
  if (!row) throw new AppError('NOT_FOUND', { message: REPORT_MESSAGES.linkNotFound });
}

export async function deleteReportLink(db: Db, id: string) {
  await db.delete(analyticsReportLinks).where(eq(analyticsReportLinks.id, id));
}

export interface OpenedReport {
  filters: ReportFilters;
  expiresAt: Date;
  context: AnalyticsContext;
}

/**
 * The report a token opens: its workspace's context (the creator's time zone) and filters, or a 404 (unknown),
 * 410 (expired, revoked) with the message the page shows. Nothing else about the workspace is read.
 */
export async function openReport(db: Db, token: string, now = new Date()): Promise<OpenedReport> {
  if (!REPORT_TOKEN_PATTERN.test(token)) {
    throw new AppError('REPORT_LINK_NOT_FOUND');
  }
  const [row] = await db
    .select()
    .from(analyticsReportLinks)
    .where(eq(analyticsReportLinks.tokenHash, hashToken(token)));
  if (!row) throw new AppError('REPORT_LINK_NOT_FOUND');
  if (row.revokedAt && row.revokedAt <= now) {
    throw new AppError('REPORT_LINK_REVOKED');
  }
  if (row.expiresAt <= now) throw new AppError('REPORT_LINK_EXPIRED');
  const context = await loadAnalyticsContext(db, row.workspaceId, row.createdBy ?? '');
  return { filters: parseReportFilters(row.query), expiresAt: row.expiresAt, context };
}

/**
 * Whose report it is, for its header: the workspace's name, and its logo when it is an image held in the value
 * itself (a data: URL). A logo at an address is left out: the PDF is printed by the server's Chromium, which
 * must not be sent to fetch an address a workspace chose (decision 0079).
 */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;
const MAX_LOGO_CHARS = 300_000;

export async function reportBrandOf(db: Db, workspaceId: string): Promise<ReportBrand> {
  const [row] = await db
    .select({ name: workspaces.name, logo: workspaces.logo })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const logo = row?.logo ?? null;
  return {
    name: row?.name ?? '',
    logoUrl: logo && logo.length <= MAX_LOGO_CHARS && DATA_IMAGE.test(logo) ? logo : null,
  };
}

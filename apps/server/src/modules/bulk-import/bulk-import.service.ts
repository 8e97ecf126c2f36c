// Over 300 lines on purpose: the preview and the import share the file's parse, the media fetch, the checks and
// their progress reports; the import re-runs the very preview inside its transaction, so they stay side by side.
import { createHash, randomUUID } from 'node:crypto';
import {
  BULK_IMPORT_MESSAGES,
  type BulkImportPreview,
  type BulkImportProgress,
  type BulkImportResult,
  type BulkImportRow,
  type bulkImportRequestSchema,
  parseBulkCsv,
  REPEAT_WINDOW_HOURS,
} from '@relaycast/shared/bulk-import';
import { type BulkImportWorkspace, checkBulkRows, mediaUrlsOf } from '@relaycast/shared/bulk-import-rows';
import { QUEUE_HORIZON_DAYS } from '@relaycast/shared/calendar';
import { labelKey } from '@relaycast/shared/labels';
import type { MediaLimits } from '@relaycast/shared/plans';
import type { PlatformId } from '@relaycast/shared/platforms';
import { contentFor, type PostStatus, postInputSchema } from '@relaycast/shared/posts';
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { bulkImports, mediaFiles, posts, postTargets, socialAccounts } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { labelIdsByName, listLabels } from '../labels/labels.service';
import { mediaFactColumns } from '../media/attached-media';
import {
  type FetchedMedia,
  fetchRemoteMedia,
  type RemoteMediaDeps,
  storeRemoteMedia,
} from '../media/media-by-url';
import { createPostsInTransaction, type Tx } from '../posts/posts-create';
import { shortLinkBaseForPost } from '../short-links/short-links-posts';

/**
 * Bulk import (docs/bulk-import.md, docs/decisions/0083-bulk-import.md): the preview checks every row and saves
 * nothing; the import writes the good rows through the posts' batch create, all in one transaction.
 */

export type BulkImportRequest = z.output<typeof bulkImportRequestSchema>;

/** Posts whose text the repeat guard compares with the file's: planned, waiting or published. */
const GUARDED_STATUSES: PostStatus[] = [
  'scheduled',
  'publishing',
  'published',
  'partially_published',
  'awaiting_approval',
  'changes_requested',
];

/** pg_advisory_xact_lock namespace: one import at a time per workspace, so a file twice at once is noticed. */
const IMPORT_LOCK_NAMESPACE = 724_311_905;

export function fileSha256(csv: string): string {
  return createHash('sha256').update(csv.replace(/\r\n/g, '\n').trim()).digest('hex');
}

function mediaNamesOf(rows: ReturnType<typeof parseBulkCsv>['rows']): string[] {
  const names = rows.flatMap((row) => row.fields.media.split(/[;\n]/).map((n) => n.trim().toLowerCase()));
  return [...new Set(names.filter((name) => name && !/^https?:\/\//.test(name)))];
}

/** The window the repeat guard reads: the file's times, widened by the rule's window. */
function guardWindow(rows: ReturnType<typeof parseBulkCsv>['rows'], now: Date): { from: Date; to: Date } {
  const windowMs = REPEAT_WINDOW_HOURS * 3600 * 1000;
  const dates = rows.map((row) => Date.parse(row.fields.date)).filter((t) => Number.isFinite(t));
  const min = Math.min(now.getTime(), ...dates);
  // A row without a date goes to a queue slot up to QUEUE_HORIZON_DAYS ahead: the guard reads that far.
  const queued = rows.some((row) => !row.fields.date);
  const max = Math.max(now.getTime() + (queued ? QUEUE_HORIZON_DAYS * 86_400_000 : 0), ...dates);
  // The date is read as UTC midnight: a day more on each side covers every time zone and time of day.
  return { from: new Date(min - windowMs - 86_400_000), to: new Date(max + windowMs + 2 * 86_400_000) };
}

/** What the checks read of the workspace: its accounts, the files the rows name, posts near the rows' times. */
async function loadWorkspace(
  db: Db | Tx,
  workspaceId: string,
  rows: ReturnType<typeof parseBulkCsv>['rows'],
  now: Date,
): Promise<BulkImportWorkspace> {
  const accounts = await db
    .select({
      id: socialAccounts.id,
      platform: socialAccounts.platform,
      handle: socialAccounts.handle,
      status: socialAccounts.status,
    })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId));
  const names = mediaNamesOf(rows);
  const media =
    names.length === 0
      ? []
      : await db
          .select(mediaFactColumns)
          .from(mediaFiles)
          .where(
            and(eq(mediaFiles.workspaceId, workspaceId), inArray(sql`lower(${mediaFiles.name})`, names)),
          );
  const { from, to } = guardWindow(rows, now);
  const planned = await db
    .select({
      content: posts.content,
      overrides: posts.overrides,
      at: posts.scheduledAt,
      platform: postTargets.platform,
      accountId: postTargets.accountId,
    })
    .from(posts)
    .innerJoin(postTargets, eq(postTargets.postId, posts.id))
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        isNull(posts.deletedAt),
        inArray(posts.status, GUARDED_STATUSES),
        gte(posts.scheduledAt, from),
        lte(posts.scheduledAt, to),
        isNotNull(postTargets.accountId),
      ),
    );
  const existing = planned.flatMap((row) =>
    row.accountId && row.at
      ? [{ accountId: row.accountId, at: row.at, text: contentFor(row, row.platform as PlatformId) }]
      : [],
  );
  // The labels are read only for a file naming some: a row's new label counts against the workspace's limit.
  const named = rows.some((row) => row.fields.labels.trim());
  const workspaceLabels = named ? (await listLabels(db, workspaceId)).labels : [];
  return { accounts, media, existing, labels: workspaceLabels };
}

async function wasImported(db: Db | Tx, workspaceId: string, sha: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bulkImports.id })
    .from(bulkImports)
    .where(and(eq(bulkImports.workspaceId, workspaceId), eq(bulkImports.fileSha256, sha)))
    .limit(1);
  return row !== undefined;
}

/** What the server needs to fetch media by URL (absent: URLs are refused as not fetched). */
export interface ImportMediaAccess {
  deps: RemoteMediaDeps;
  limits: MediaLimits;
}

/** What the routes give the preview and the import from the server's set-up. */
export interface ImportAccess {
  media?: ImportMediaAccess;
  /** Where links made at publish are served (`configuredShortLinkBase`); absent: addresses count as typed. */
  shortLinkBase?: string;
  /** Told as media are fetched, rows checked and posts saved (the page's progress bar). */
  onProgress?: (progress: BulkImportProgress) => void;
}

async function fetchFileMedia(
  db: Db | Tx,
  workspaceId: string,
  rows: ReturnType<typeof parseBulkCsv>['rows'],
  access: ImportAccess,
): Promise<FetchedMedia | null> {
  const { media, onProgress } = access;
  const urls = mediaUrlsOf(rows);
  if (!media || urls.length === 0) return null;
  onProgress?.({ stage: 'fetching', done: 0, of: urls.length });
  return fetchRemoteMedia(media.deps, db, workspaceId, media.limits, urls, (done, of) =>
    onProgress?.({ stage: 'fetching', done, of }),
  );
}

/** The file's rows checked against the workspace, with the media by URL as fetched. */
async function checkFile(
  db: Db | Tx,
  workspaceId: string,
  request: BulkImportRequest,
  now: Date,
  fetched: FetchedMedia | null,
  access: ImportAccess,
): Promise<BulkImportPreview> {
  const parsed = parseBulkCsv(request.csv);
  access.onProgress?.({ stage: 'checking', done: 0, of: parsed.rows.length });
  const alreadyImported = await wasImported(db, workspaceId, fileSha256(request.csv));
  if (parsed.problems.length > 0) return { problems: parsed.problems, rows: [], alreadyImported };
  const workspace = await loadWorkspace(db, workspaceId, parsed.rows, now);
  // A row has no short-link switch: the workspace's mode decides, as at publish and in the posts' create.
  const shortLinkBase = await shortLinkBaseForPost(db, workspaceId, {}, access.shortLinkBase);
  const rows = checkBulkRows(
    parsed.rows,
    { ...workspace, remote: fetched?.remote },
    { mode: request.mode, timeZone: request.timeZone, now, shortLinkBase },
  );
  access.onProgress?.({ stage: 'checking', done: rows.length, of: rows.length });
  return { problems: [], rows, alreadyImported };
}

/** Every row checked against the workspace (media by URL fetched, then thrown away); nothing is saved. */
export async function previewImport(
  db: Db | Tx,
  caller: Pick<Caller, 'workspaceId'>,
  request: BulkImportRequest,
  now = new Date(),
  access: ImportAccess = {},
): Promise<BulkImportPreview> {
  const parsed = parseBulkCsv(request.csv);
  const fetched =
    parsed.problems.length > 0 ? null : await fetchFileMedia(db, caller.workspaceId, parsed.rows, access);
  try {
    return await checkFile(db, caller.workspaceId, request, now, fetched, access);
  } finally {
    await fetched?.cleanup();
  }
}

/** The composer's input a good row stands for (its labels by id, created by the import when new). */
function postInputOf(
  row: BulkImportRow,
  mode: BulkImportRequest['mode'],
  labelIds: ReadonlyMap<string, string>,
) {
  return postInputSchema.parse({
    ...(row.labels.length > 0
      ? { labelIds: row.labels.flatMap((name) => labelIds.get(labelKey(name)) ?? []) }
      : {}),
    content: row.content,
    platforms: row.platforms,
    accountIds: row.accountIds,
    mediaIds: row.mediaIds,
    altTexts: Object.fromEntries(
      row.mediaIds.flatMap((id, index) => (row.altTexts[index] ? [[id, row.altTexts[index]]] : [])),
    ),
    ...(row.firstComment ? { firstComment: row.firstComment } : {}),
    action: mode === 'drafts' ? 'draft' : row.scheduledAt ? 'schedule' : 'queue',
    ...(mode === 'scheduled' && row.scheduledAt ? { scheduledAt: row.scheduledAt } : {}),
    timezone: row.timezone,
  });
}

/**
 * Imports the good rows, in one transaction: every post or none. The media by URL are fetched first (outside
 * the transaction: a slow site must not hold the database), then the rows are checked again inside it (the
 * workspace may have changed since the preview), the files the good rows use stored in the library and the posts
 * written. A file imported before needs `confirmRepeatedFile`. If anything fails, the stored bytes are deleted.
 */
export async function importRows(
  db: Db,
  caller: Caller,
  request: BulkImportRequest,
  now = new Date(),
  access: ImportAccess = {},
): Promise<BulkImportResult> {
  const { media, shortLinkBase } = access;
  const sha = fileSha256(request.csv);
  const parsed = parseBulkCsv(request.csv);
  const fetched =
    parsed.problems.length > 0 ? null : await fetchFileMedia(db, caller.workspaceId, parsed.rows, access);
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, hashtext(${caller.workspaceId}))`,
      );
      if (!request.confirmRepeatedFile && (await wasImported(tx, caller.workspaceId, sha))) {
        throw new AppError('BULK_IMPORT_REPEATED_FILE');
      }
      const preview = await checkFile(tx, caller.workspaceId, request, now, fetched, access);
      if (preview.problems.length > 0) {
        throw new ValidationError(preview.problems.map((message) => ({ path: 'csv', message })));
      }
      const good = preview.rows.filter((row) => row.problems.length === 0);
      if (good.length === 0) {
        throw new ValidationError([{ path: 'csv', message: BULK_IMPORT_MESSAGES.nothingToImport }]);
      }
      const libraryIds =
        fetched && media
          ? await storeRemoteMedia(
              tx,
              media.deps.storage,
              { workspaceId: caller.workspaceId, userId: caller.userId, limits: media.limits },
              fetched,
              new Set(good.flatMap((row) => row.mediaIds.map((id) => id.replace(/^url:/, '')))),
              stored,
            )
          : new Map<string, string>();
      access.onProgress?.({ stage: 'saving', done: 0, of: good.length });
      const names = [...new Set(good.flatMap((row) => row.labels))];
      const labelIds = await labelIdsByName(tx, caller.workspaceId, names, now);
      const postIds = await createPostsInTransaction(
        tx,
        caller,
        good.map((row) =>
          postInputOf(
            { ...row, mediaIds: row.mediaIds.map((id) => libraryIds.get(id) ?? id) },
            request.mode,
            labelIds,
          ),
        ),
        now,
        { rowLabel: (index) => `Line ${good[index]?.line}`, shortLinkBase },
      );
      access.onProgress?.({ stage: 'saving', done: postIds.length, of: good.length });
      const importId = randomUUID();
      await tx.insert(bulkImports).values({
        id: importId,
        workspaceId: caller.workspaceId,
        fileSha256: sha,
        createdBy: caller.userId,
        postCount: postIds.length,
        createdAt: now,
      });
      const skippedLines = preview.rows.filter((row) => row.problems.length > 0).map((row) => row.line);
      return { importId, postIds, skippedLines };
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => media?.deps.storage.delete(key)));
    throw error;
  } finally {
    await fetched?.cleanup();
  }
}

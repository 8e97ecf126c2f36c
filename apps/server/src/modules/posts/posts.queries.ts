import { ERROR_CODES } from '@relaycast/shared/messages';
import type { PlatformId } from '@relaycast/shared/platforms';
import { type listPostsQuerySchema, POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import type { PostTarget } from '@relaycast/shared/publishing';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { mediaFiles, posts, users } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import { type AttachedMedia, mediaFactColumns } from '../media/attached-media';

/** The reads of the posts module: lists, one post, and the media facts the platform rules need. */

export type ListPostsFilter = z.output<typeof listPostsQuerySchema>;

/** A file as the database sends it: `[id, name, mimeType, sizeBytes, durationSeconds, thumbnailKey]`. */
type MediaJson = [string, string, string, number, number | null, string | null];

/**
 * A post's media, in order, as one JSON array of arrays computed by the database next to each post row: the
 * posts and their media come back in a single round trip, whatever the page size (each lookup uses the keys of
 * post_media and media_files). Only the workspace's own files are listed. Arrays, not objects: building an
 * object per row with its key names cost the database as much again (docs/decisions/0047). The outer columns
 * are written out qualified: Drizzle leaves them bare in a select list, where `id` would mean `mf.id`.
 */
const mediaJson = sql<MediaJson[] | null>`(
  select json_agg(json_build_array(
           mf.id, mf.name, mf.mime_type, mf.size_bytes, mf.duration_seconds, mf.thumbnail_key
         ) order by pm.position)
  from post_media pm join media_files mf on mf.id = pm.media_id
  where pm.post_id = "posts"."id" and mf.workspace_id = "posts"."workspace_id"
)`;

/**
 * A target as the database sends it: `[id, platform, accountId, accountHandle, status, attempts, dueAt,
 * lastError, platformPostId, url, publishedAt, createdAt]` (instants as json_build_array writes them).
 */
type TargetJson = [
  string,
  string,
  string | null,
  string | null,
  PostTarget['status'],
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
];

/**
 * The post's publishing targets, the same way: one JSON array next to each row (served by
 * `post_targets_post_idx`), so a page of posts is one statement whatever its size, never a second round trip
 * with an IN list of every id on the page (docs/decisions/0030-request-path-statements.md). They are put in
 * order here (platform, creation, id), not by a sort per post in the database.
 */
const targetsJson = sql<TargetJson[] | null>`(
  select json_agg(json_build_array(
           pt.id, pt.platform, pt.account_id,
           (select sa.handle from social_accounts sa where sa.id = pt.account_id),
           pt.status, pt.attempts, pt.due_at, pt.last_error, pt.platform_post_id, pt.url, pt.published_at,
           pt.created_at
         ))
  from post_targets pt
  where pt.post_id = "posts"."id"
)`;

/** Targets in the order the API has always listed them: by platform, then creation, then id. */
function byPlatformThenCreation(a: TargetJson, b: TargetJson): number {
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  const created = new Date(a[11]).getTime() - new Date(b[11]).getTime();
  if (created !== 0) return created;
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** What a response needs (never `workspaceId` or `deletedAt`). */
const postColumns = {
  id: posts.id,
  content: posts.content,
  platforms: posts.platforms,
  overrides: posts.overrides,
  status: posts.status,
  scheduledAt: posts.scheduledAt,
  timezone: posts.timezone,
  authorId: posts.authorId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  createdByName: sql<string | null>`(select u.name from ${users} u where u.id = ${posts.authorId})`,
  updatedByName: sql<string | null>`(select u.name from ${users} u where u.id = ${posts.updatedBy})`,
  media: mediaJson,
  targets: targetsJson,
};
type PostRow = Pick<
  typeof posts.$inferSelect,
  Exclude<keyof typeof postColumns, 'media' | 'targets' | 'createdByName' | 'updatedByName'>
> & {
  createdByName: string | null;
  updatedByName: string | null;
  media: MediaJson[] | null;
  targets: TargetJson[] | null;
};

/** A timestamp from json_build_object (`2026-11-23T16:45:13.123+00:00`) as the API writes instants. */
function jsonInstant(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function postNotFound(): AppError {
  return new AppError(ERROR_CODES.notFound, 404, POST_MESSAGES.notFound);
}

/** The media library serves each file and its thumbnail; a post only links to them. */
export function mediaFileUrl(id: string): string {
  return `/api/media/${encodeURIComponent(id)}/file`;
}
export function mediaThumbnailUrl(id: string): string {
  return `/api/media/${encodeURIComponent(id)}/thumbnail`;
}

/** `%`, `_` and `\` match literally in a search (LIKE's default escape character is the backslash). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    content: row.content,
    platforms: row.platforms as PlatformId[],
    overrides: row.overrides,
    media: (row.media ?? []).map(([id, name, mimeType, sizeBytes, durationSeconds, thumbnailKey]) => ({
      id,
      name,
      mimeType,
      sizeBytes: Number(sizeBytes),
      url: mediaFileUrl(id),
      thumbnailUrl: thumbnailKey ? mediaThumbnailUrl(id) : null,
      durationSeconds,
    })),
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    timezone: row.timezone,
    authorId: row.authorId,
    createdByName: row.createdByName,
    updatedByName: row.updatedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    targets: (row.targets ?? [])
      .sort(byPlatformThenCreation)
      .map(
        ([
          id,
          platform,
          accountId,
          accountHandle,
          status,
          attempts,
          dueAt,
          lastError,
          platformPostId,
          url,
          publishedAt,
        ]) => ({
          id,
          platform: platform as PlatformId,
          accountId,
          accountHandle,
          status,
          attempts,
          dueAt: jsonInstant(dueAt),
          lastError,
          platformPostId,
          url,
          publishedAt: jsonInstant(publishedAt),
        }),
      ),
  };
}

/**
 * The workspace's posts. With `from`/`to`: the posts scheduled in [from, to), by time (the calendar; served
 * by `posts_workspace_scheduled_idx`). Without: newest change first (drafts, search; served by
 * `posts_workspace_status_updated_idx`).
 */
export async function listPosts(db: Db, workspaceId: string, filter: ListPostsFilter): Promise<Post[]> {
  const { from, to } = filter;
  const isCalendarRange = from !== undefined && to !== undefined && !filter.status?.length && !filter.q;
  const rows = isCalendarRange
    ? await calendarRangeStatement(db).execute({
        workspaceId,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        limit: filter.limit,
      })
    : await selectPosts(db, workspaceId, filter);
  return rows.map(toPost);
}

function buildCalendarRangeStatement(db: Db) {
  return db
    .select(postColumns)
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, sql.placeholder('workspaceId')),
        isNull(posts.deletedAt),
        gte(posts.scheduledAt, sql`${sql.placeholder('from')}::timestamptz`),
        lt(posts.scheduledAt, sql`${sql.placeholder('to')}::timestamptz`),
      ),
    )
    .orderBy(asc(posts.scheduledAt), asc(posts.id))
    .limit(sql.placeholder('limit'))
    .prepare('relaycast_calendar_range');
}

/**
 * The calendar's range (the busiest read of the app) as a named prepared statement, built once per database:
 * Drizzle writes its SQL once and PostgreSQL parses and plans it once per connection instead of every request
 * (its plan took as long as its execution: docs/decisions/0030-request-path-statements.md). Same SQL as
 * `selectPosts` for a range without status or search.
 */
const calendarRangeStatements = new WeakMap<Db, ReturnType<typeof buildCalendarRangeStatement>>();
function calendarRangeStatement(db: Db) {
  let statement = calendarRangeStatements.get(db);
  if (!statement) {
    statement = buildCalendarRangeStatement(db);
    calendarRangeStatements.set(db, statement);
  }
  return statement;
}

/** The statement behind `listPosts` (exported so a test can check its plan uses the indexes). */
export function selectPosts(db: Db, workspaceId: string, filter: ListPostsFilter) {
  const conditions: SQL[] = [eq(posts.workspaceId, workspaceId), isNull(posts.deletedAt)];
  const isRange = filter.from !== undefined || filter.to !== undefined;
  if (filter.from) conditions.push(gte(posts.scheduledAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(posts.scheduledAt, new Date(filter.to)));
  if (filter.status?.length) conditions.push(inArray(posts.status, filter.status));
  if (filter.q) conditions.push(ilike(posts.content, likePattern(filter.q)));
  return db
    .select(postColumns)
    .from(posts)
    .where(and(...conditions))
    .orderBy(...(isRange ? [asc(posts.scheduledAt), asc(posts.id)] : [desc(posts.updatedAt), desc(posts.id)]))
    .limit(filter.limit);
}

/** One live (not deleted) post of the workspace, or a 404. */
export async function getPost(db: Db, workspaceId: string, postId: string): Promise<Post> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId), isNull(posts.deletedAt)))
    .limit(1);
  if (!row) throw postNotFound();
  return toPost(row);
}

/**
 * The workspace's files for `mediaIds`, in that order (duplicates dropped). A file of another workspace is
 * reported exactly like a deleted one, so ids cannot be probed across workspaces.
 */
export async function loadMediaFacts(
  db: Db,
  workspaceId: string,
  mediaIds: readonly string[],
): Promise<AttachedMedia[]> {
  const ids = [...new Set(mediaIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select(mediaFactColumns)
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, ids)))
    // Inside the caller's transaction the files cannot be deleted before they are attached.
    .for('key share');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new ValidationError([{ path: 'mediaIds', message: POST_MESSAGES.mediaNotFound }]);
    return row;
  });
}

// Over 300 lines on purpose: a page of posts is one statement and one JSON value (decision 0052); the SQL that
// builds each part of it (media, thread media, targets, labels) and the code that reads it back belong side by side.

import type { LabelColor } from '@relaycast/shared/labels';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { Post } from '@relaycast/shared/posts';
import type { PostTarget } from '@relaycast/shared/publishing';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, socialAccounts, users } from '../../db/schema/index';

/** A page of posts as the database builds it in one statement, and the posts the API answers with. */

/**
 * A file as the database sends it: `[id, name, mimeType, sizeBytes, durationSeconds, thumbnailKey, width,
 * height, altText]` (the size is what the composer's preview frames).
 */
type MediaJson = [
  string,
  string,
  string,
  number,
  number | null,
  string | null,
  number | null,
  number | null,
  string,
];

/** A file's columns in the order of `MediaJson` (its alt text is the attachment's, added by each reader). */
const fileColumns = sql.raw(
  'mf.id, mf.name, mf.mime_type, mf.size_bytes, mf.duration_seconds, mf.thumbnail_key, mf.width, mf.height',
);

/**
 * One part of every post of the page as a map by post id: `rows` is a select of `post_id` and `rows` (that
 * post's JSON array) grouped by post. Read once for the whole page, not once a post: the planner picks one scan
 * of a small table or an index probe per post of a large one (on PGlite every sequential scan asks the file
 * system for the table's size: docs/decisions/0128).
 */
const byPostId = (rows: SQL) => sql`(select json_object_agg(t.post_id, t.rows) from (${rows}) t)`;

/**
 * Each post's media, in order, as arrays (each lookup uses the keys of post_media and media_files). Only the
 * workspace's own files are listed. Arrays, not objects: building an object per row with its key names cost the
 * database as much again (docs/decisions/0047).
 */
const mediaJson = (workspaceId: SQL | string, pageIds: SQL) =>
  byPostId(sql`
    select pm.post_id, json_agg(json_build_array(${fileColumns}, pm.alt_text) order by pm.position) as rows
    from post_media pm join media_files mf on mf.id = pm.media_id
    where pm.post_id in (${pageIds}) and mf.workspace_id = ${workspaceId}
    group by pm.post_id`);

/**
 * The media of the page's threads (parts 2..N, docs/threads.md), the same way: `[part, ...MediaJson]` rows in
 * order of part and position, grouped by part in `toPost`.
 */
const threadMediaJson = (workspaceId: SQL | string, pageIds: SQL) =>
  byPostId(sql`
    select tm.post_id,
           json_agg(json_build_array(tm.part, ${fileColumns}, tm.alt_text) order by tm.part, tm.position) as rows
    from post_thread_media tm join media_files mf on mf.id = tm.media_id
    where tm.post_id in (${pageIds}) and mf.workspace_id = ${workspaceId}
    group by tm.post_id`);

/**
 * A target as the database sends it: `[id, platform, accountId, status, attempts, dueAt, lastError,
 * platformPostId, url, publishedAt, createdAt, commentStatus, commentError]` (instants as json_build_array writes them). The account's
 * handle is not in it: it comes from the page's `accounts` map (see `postsPage`).
 */
type TargetJson = [
  string,
  string,
  string | null,
  PostTarget['status'],
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  PostTarget['commentStatus'],
  string | null,
];

/**
 * The page's publishing targets, the same way (served by `post_targets_post_idx`), so a page of posts
 * is one statement whatever its size (docs/decisions/0030-request-path-statements.md). They are put in order
 * here (platform, creation, id), not by a sort per post in the database.
 */
const targetsJson = (pageIds: SQL) =>
  byPostId(sql`
    select pt.post_id, json_agg(json_build_array(
             pt.id, pt.platform, pt.account_id, pt.status, pt.attempts, pt.due_at, pt.last_error,
             pt.platform_post_id, pt.url, pt.published_at, pt.created_at, pt.comment_status, pt.comment_error
           )) as rows
    from post_targets pt
    where pt.post_id in (${pageIds})
    group by pt.post_id`);

/**
 * The page's labels as `[id, name, color]`, each post's by name (docs/labels.md), the same way (served by
 * post_labels' primary key when the table is large).
 */
type LabelJson = [string, string, LabelColor];
const labelsJson = (workspaceId: SQL | string, pageIds: SQL) =>
  byPostId(sql`
    select pl.post_id, json_agg(json_build_array(l.id, l.name, l.color) order by lower(l.name), l.id) as rows
    from post_labels pl join labels l on l.id = pl.label_id
    where pl.post_id in (${pageIds}) and l.workspace_id = ${workspaceId}
    group by pl.post_id`);

/** Targets in the order the API has always listed them: by platform, then creation, then id. */
function byPlatformThenCreation(a: TargetJson, b: TargetJson): number {
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  const created = new Date(a[10]).getTime() - new Date(b[10]).getTime();
  if (created !== 0) return created;
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * A post as the database sends it: `[id, content, platforms, overrides, status, scheduledAt, timezone, authorId,
 * createdAt, updatedAt, updatedBy, firstComment, threadParts]`. The authors' names, the media, the targets, the
 * thread media and the labels come from the page's maps.
 */
type PostJson = [
  string,
  string,
  string[],
  Post['overrides'],
  Post['status'],
  string | null,
  string,
  string | null,
  string,
  string,
  string | null,
  string,
  string[] | null,
];

/**
 * A page as the database sends it: the posts, the workspace's account handles and the authors' names by id, the
 * media, targets, thread media and labels by post id (a post without any is absent).
 */
interface PageJson {
  accounts: Record<string, string> | null;
  names: Record<string, string | null> | null;
  media: Record<string, MediaJson[]> | null;
  targets: Record<string, TargetJson[]> | null;
  threadMedia: Record<string, [number, ...MediaJson][]> | null;
  labels: Record<string, LabelJson[]> | null;
  posts: PostJson[];
}

/** The columns of the page's posts (never `deletedAt`): what the response and the subselects read. */
const pageColumns = {
  id: posts.id,
  workspaceId: posts.workspaceId,
  content: posts.content,
  platforms: posts.platforms,
  overrides: posts.overrides,
  status: posts.status,
  scheduledAt: posts.scheduledAt,
  timezone: posts.timezone,
  authorId: posts.authorId,
  updatedBy: posts.updatedBy,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  firstComment: posts.firstComment,
  threadParts: posts.threadParts,
};

export type PageOrder = 'schedule' | 'newestChange';

/**
 * A page of posts as ONE row holding one JSON value: the posts chosen by `where`, `order` and `limit`, each with
 * its media and targets, the workspace's account handles by id, and the names of the page's authors by id.
 *
 * Why one value (docs/decisions/0052-posts-page-as-one-json-value.md): the drivers, PGlite's above all, pay for
 * every field of every row (a copy and a UTF-8 decode each), and one JSON.parse of the whole page costs far less
 * than 14 fields × 117 rows. Why the handles and the names are maps read once, not looked up per post: the
 * calendar's range is a prepared statement, and its generic plan expects a page of one post, so it joined
 * `users` by a sequential scan re-run for every post, twice (234 scans of the whole table per calendar page,
 * each asking PGlite's file system for the file's size: docs/decisions/0055). Here `users` is read for the
 * page's distinct authors only, whatever the plan.
 */
export function postsPage(
  db: Db,
  workspaceId: SQL | string,
  where: SQL,
  order: PageOrder,
  limit: SQL | number,
) {
  const page = db.$with('p').as(
    db
      .select(pageColumns)
      .from(posts)
      .where(where)
      .orderBy(
        ...(order === 'schedule'
          ? [asc(posts.scheduledAt), asc(posts.id)]
          : [desc(posts.updatedAt), desc(posts.id)]),
      )
      .limit(limit as number),
  );
  const pageIds = sql`select ${page.id} from ${page}`;
  const orderSql =
    order === 'schedule'
      ? sql`${page.scheduledAt} asc, ${page.id} asc`
      : sql`${page.updatedAt} desc, ${page.id} desc`;
  return db
    .with(page)
    .select({
      page: sql<PageJson>`json_build_object(
        'accounts', (select json_object_agg(sa.id, sa.handle) from ${socialAccounts} sa
                     where sa.workspace_id = ${workspaceId}),
        'names', (select json_object_agg(u.id, u.name) from ${users} u
                  where u.id in (select ${page.authorId} from ${page} union select ${page.updatedBy} from ${page})),
        'media', ${mediaJson(workspaceId, pageIds)},
        'targets', ${targetsJson(pageIds)},
        'threadMedia', ${threadMediaJson(workspaceId, pageIds)},
        'labels', ${labelsJson(workspaceId, pageIds)},
        'posts', coalesce(json_agg(json_build_array(
          ${page.id}, ${page.content}, ${page.platforms}, ${page.overrides}, ${page.status}, ${page.scheduledAt},
          ${page.timezone}, ${page.authorId}, ${page.createdAt}, ${page.updatedAt}, ${page.updatedBy},
          ${page.firstComment}, ${page.threadParts}
        ) order by ${orderSql}), '[]'::json))`,
    })
    .from(page);
}

/**
 * A timestamp as the database writes it in JSON (`2026-11-23T16:45:13.123456+00:00`) as the API writes instants
 * (`2026-11-23T16:45:13.123Z`). A page holds about a thousand of them, and parsing each into a Date took half a
 * millisecond a page: a UTC one is rewritten as text (milliseconds truncated, as Date does); any other goes
 * through Date.
 */
export function jsonInstant(value: string | null): string | null {
  if (value === null) return null;
  if (
    value.length >= 25 &&
    value.length <= 32 &&
    value[4] === '-' &&
    value[10] === 'T' &&
    value.endsWith('+00:00')
  ) {
    const fraction = value.slice(19, -6);
    if (fraction === '' || (fraction[0] === '.' && /^\.\d{1,6}$/.test(fraction))) {
      return `${value.slice(0, 19)}.${`${fraction.slice(1)}000`.slice(0, 3)}Z`;
    }
  }
  return new Date(value).toISOString();
}

/** The media library serves each file and its thumbnail; a post only links to them. */
export function mediaFileUrl(id: string): string {
  return `/api/media/${encodeURIComponent(id)}/file`;
}
export function mediaThumbnailUrl(id: string): string {
  return `/api/media/${encodeURIComponent(id)}/thumbnail`;
}

function toMedia([
  fileId,
  name,
  mimeType,
  sizeBytes,
  durationSeconds,
  thumbnailKey,
  width,
  height,
  altText,
]: MediaJson) {
  return {
    id: fileId,
    name,
    mimeType,
    sizeBytes: Number(sizeBytes),
    url: mediaFileUrl(fileId),
    thumbnailUrl: thumbnailKey ? mediaThumbnailUrl(fileId) : null,
    durationSeconds,
    width,
    height,
    altText,
  };
}

/** One list of files per part 2..N (`[]` for a part without media), from the rows `[part, ...file]`. */
function threadMediaOf(parts: number, rows: [number, ...MediaJson][] | null): Post['media'][] {
  const lists: Post['media'][] = Array.from({ length: parts }, () => []);
  for (const [part, ...file] of rows ?? []) lists[part]?.push(toMedia(file));
  return lists;
}

function toPost(row: PostJson, { accounts, names, media, targets, threadMedia, labels }: PageJson): Post {
  const [
    id,
    content,
    platforms,
    overrides,
    status,
    scheduledAt,
    timezone,
    authorId,
    createdAt,
    updatedAt,
    updatedBy,
  ] = row;
  return {
    id,
    content,
    platforms: platforms as PlatformId[],
    overrides,
    media: (media?.[id] ?? []).map(toMedia),
    firstComment: row[11],
    threadParts: row[12] ?? [],
    threadMedia: threadMediaOf(row[12]?.length ?? 0, threadMedia?.[id] ?? null),
    labels: (labels?.[id] ?? []).map(([labelId, name, color]) => ({ id: labelId, name, color })),
    status,
    scheduledAt: jsonInstant(scheduledAt),
    timezone,
    authorId,
    createdByName: authorId === null ? null : (names?.[authorId] ?? null),
    updatedByName: updatedBy === null ? null : (names?.[updatedBy] ?? null),
    createdAt: jsonInstant(createdAt) as string,
    updatedAt: jsonInstant(updatedAt) as string,
    targets: (targets?.[id] ?? [])
      .sort(byPlatformThenCreation)
      .map(
        ([
          targetId,
          platform,
          accountId,
          targetStatus,
          attempts,
          dueAt,
          lastError,
          platformPostId,
          url,
          publishedAt,
          _createdAt,
          commentStatus,
          commentError,
        ]) => ({
          id: targetId,
          platform: platform as PlatformId,
          accountId,
          accountHandle: accountId === null ? null : (accounts?.[accountId] ?? null),
          status: targetStatus,
          attempts,
          dueAt: jsonInstant(dueAt),
          lastError,
          platformPostId,
          url,
          publishedAt: jsonInstant(publishedAt),
          commentStatus,
          commentError,
        }),
      ),
  };
}

export function toPosts(rows: { page: PageJson }[]): Post[] {
  const page = rows[0]?.page;
  if (!page) return [];
  return page.posts.map((row) => toPost(row, page));
}

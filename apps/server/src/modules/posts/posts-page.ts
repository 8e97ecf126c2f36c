import type { Post } from '@relaycast/shared/posts';
import { decodePostsPage, type PostsPage } from '@relaycast/shared/posts-page';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, socialAccounts, users } from '../../db/schema/index';

/**
 * A page of posts as the database builds it in one statement: the SQL of each part of the value whose shape
 * `PostsPage` (packages/shared/src/posts-page.ts) names and `decodePostsPage` reads.
 */

/**
 * A file's columns in the order of `PageMedia` (its alt text is the attachment's, added by each reader). Whether
 * it has a thumbnail, not the thumbnail's storage key: the page goes to the browser as it is.
 */
const fileColumns = sql.raw(
  'mf.id, mf.name, mf.mime_type, mf.size_bytes, mf.duration_seconds, mf.thumbnail_key is not null, mf.width, mf.height',
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
 * The media of the page's threads (parts 2..N, docs/threads.md), the same way: `[part, ...PageMedia]` rows in
 * order of part and position, grouped by part when decoded.
 */
const threadMediaJson = (workspaceId: SQL | string, pageIds: SQL) =>
  byPostId(sql`
    select tm.post_id,
           json_agg(json_build_array(tm.part, ${fileColumns}, tm.alt_text) order by tm.part, tm.position) as rows
    from post_thread_media tm join media_files mf on mf.id = tm.media_id
    where tm.post_id in (${pageIds}) and mf.workspace_id = ${workspaceId}
    group by tm.post_id`);

/**
 * The page's publishing targets as `PageTarget`s, the same way (served by `post_targets_post_idx`), so a page of
 * posts is one statement whatever its size (docs/decisions/0030-request-path-statements.md). They are put in
 * order when decoded (platform, creation, id), not by a sort per post in the database. The account's handle is
 * not in them: it comes from the page's `accounts` map.
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
const labelsJson = (workspaceId: SQL | string, pageIds: SQL) =>
  byPostId(sql`
    select pl.post_id, json_agg(json_build_array(l.id, l.name, l.color) order by lower(l.name), l.id) as rows
    from post_labels pl join labels l on l.id = pl.label_id
    where pl.post_id in (${pageIds}) and l.workspace_id = ${workspaceId}
    group by pl.post_id`);

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
      page: sql<string>`json_build_object(
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
        ) order by ${orderSql}), '[]'::json))::text`,
    })
    .from(page);
}

/** A page without posts, as the statement writes one. */
const EMPTY_PAGE =
  '{"accounts":null,"names":null,"media":null,"targets":null,"threadMedia":null,"labels":null,"posts":[]}';

/**
 * The page's JSON as the database wrote it: what `GET /api/posts` sends to a client that asks for the page
 * (`POSTS_PAGE_MEDIA_TYPE`, docs/decisions/0132) without parsing or writing it again.
 */

export function pageText(rows: { page: string }[]): string {
  return rows[0]?.page ?? EMPTY_PAGE;
}

/** The posts of a page's JSON text, as the API answers them. */
export function postsOfPageText(text: string): Post[] {
  return decodePostsPage(JSON.parse(text) as PostsPage);
}

/** The posts of a page, as the API answers them. */
export function toPosts(rows: { page: string }[]): Post[] {
  return postsOfPageText(pageText(rows));
}

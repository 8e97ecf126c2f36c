import {
  LOCKED_POST_STATUSES,
  type listPostsQuerySchema,
  POST_MESSAGES,
  type Post,
} from '@relaycast/shared/posts';
import { and, eq, gte, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { builtOnce, perDatabase, type Runner } from '../../db/prepared';
import { labels, mediaFiles, postLabels, posts, postTargets } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import { type AttachedMedia, mediaFactColumns } from '../media/attached-media';
import { pageText, postsOfPageText, postsPage, toPosts } from './posts-page';

/** The reads of the posts module: lists, one post, and the media facts the platform rules need. */

export type ListPostsFilter = z.output<typeof listPostsQuerySchema>;

export function postNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: POST_MESSAGES.notFound });
}

/** `%`, `_` and `\` match literally in a search (LIKE's default escape character is the backslash). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The workspace's posts as one page (`PostsPage`, packages/shared/src/posts-page.ts), its JSON as the database
 * wrote it. With `from`/`to`: the posts scheduled in [from, to), by time (the calendar; served by
 * `posts_workspace_scheduled_idx`). Without: newest change first (drafts, search; served by
 * `posts_workspace_status_updated_idx`).
 */
export async function listPostsPage(db: Db, workspaceId: string, filter: ListPostsFilter): Promise<string> {
  const { from, to } = filter;
  const isCalendarRange =
    from !== undefined && to !== undefined && !filter.status?.length && !filter.q && !filter.label;
  const rows = isCalendarRange
    ? await calendarRangeStatement(db).execute({
        workspaceId,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        limit: filter.limit,
      })
    : await selectPosts(db, workspaceId, filter);
  return pageText(rows);
}

/** The workspace's posts as `listPostsPage` chooses them, each as the API answers a post. */
export async function listPosts(db: Db, workspaceId: string, filter: ListPostsFilter): Promise<Post[]> {
  return postsOfPageText(await listPostsPage(db, workspaceId, filter));
}

/**
 * The calendar's range with its values as placeholders (`workspaceId`, `from`, `to`, `limit`): the statement
 * prepared below, exported so a test can check the plan the database caches for it.
 */
export function calendarRangeQuery(db: Db) {
  const workspaceId = sql.placeholder('workspaceId');
  return postsPage(
    db,
    sql`${workspaceId}`,
    and(
      eq(posts.workspaceId, workspaceId),
      isNull(posts.deletedAt),
      gte(posts.scheduledAt, sql`${sql.placeholder('from')}::timestamptz`),
      lt(posts.scheduledAt, sql`${sql.placeholder('to')}::timestamptz`),
    ) as SQL,
    'schedule',
    sql`${sql.placeholder('limit')}`,
  );
}

function buildCalendarRangeStatement(db: Db) {
  return calendarRangeQuery(db).prepare('relaycast_calendar_range');
}

/**
 * The calendar's range (the busiest read of the app) as a named prepared statement, built once per database:
 * Drizzle writes its SQL once and PostgreSQL parses and plans it once per connection instead of every request
 * (its plan took as long as its execution: docs/decisions/0030-request-path-statements.md). Same SQL as
 * `selectPosts` for a range without status or search.
 */
const calendarRangeStatement = perDatabase(buildCalendarRangeStatement);

/** The statement behind `listPosts` (exported so a test can check its plan uses the indexes). */
export function selectPosts(db: Db, workspaceId: string, filter: ListPostsFilter) {
  const conditions: SQL[] = [eq(posts.workspaceId, workspaceId), isNull(posts.deletedAt)];
  const isRange = filter.from !== undefined || filter.to !== undefined;
  if (filter.from) conditions.push(gte(posts.scheduledAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(posts.scheduledAt, new Date(filter.to)));
  if (filter.status?.length) conditions.push(inArray(posts.status, filter.status));
  if (filter.q) conditions.push(ilike(posts.content, likePattern(filter.q)));
  // A label of another workspace matches no post of this one (the join checks the label's workspace).
  if (filter.label) {
    conditions.push(
      sql`exists (select 1 from ${postLabels} pl join ${labels} l on l.id = pl.label_id
        where pl.post_id = ${posts.id} and pl.label_id = ${filter.label} and l.workspace_id = ${workspaceId})`,
    );
  }
  return postsPage(
    db,
    workspaceId,
    and(...conditions) as SQL,
    isRange ? 'schedule' : 'newestChange',
    filter.limit,
  );
}

/** One live post of the workspace as a page of one, written once (every save answers with it). */
const onePost = builtOnce((db) => {
  const workspaceId = sql.placeholder('workspaceId');
  const where = and(
    eq(posts.id, sql.placeholder('postId')),
    eq(posts.workspaceId, workspaceId),
    isNull(posts.deletedAt),
  ) as SQL;
  return postsPage(db, sql`${workspaceId}`, where, 'schedule', 1);
});

/** One live (not deleted) post of the workspace, or a 404. */
export async function getPost(db: Runner, workspaceId: string, postId: string): Promise<Post> {
  const [post] = toPosts(await onePost(db, { workspaceId, postId }));
  if (!post) throw postNotFound();
  return post;
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
  const [media] = await loadMediaFactsOfEach(db, workspaceId, [mediaIds]);
  return media ?? [];
}

/**
 * `loadMediaFacts` for several posts at once (a bulk import): one statement for every file named, then each
 * post's files in its order. `onMissing(index)` gives the error of the post naming a file the workspace lacks.
 */
export async function loadMediaFactsOfEach(
  db: Db,
  workspaceId: string,
  lists: readonly (readonly string[])[],
  onMissing: (index: number, error: ValidationError) => Error = (_index, error) => error,
): Promise<AttachedMedia[][]> {
  const ids = [...new Set(lists.flat())];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select(mediaFactColumns)
          .from(mediaFiles)
          .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, ids)))
          // Inside the caller's transaction the files cannot be deleted before they are attached.
          .for('key share');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lists.map((list, index) =>
    [...new Set(list)].map((id) => {
      const row = byId.get(id);
      if (!row) {
        const error = new ValidationError([{ path: 'mediaIds', message: POST_MESSAGES.mediaNotFound }]);
        throw onMissing(index, error);
      }
      return row;
    }),
  );
}

/**
 * Whether a draft still has targets waiting to publish: a scheduled post made a draft while deleted (a file it used
 * was deleted, media.service.ts) keeps its scheduled targets until restored.
 */
export async function hasLiveTargets(tx: Pick<Db, 'select'>, postId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.postId, postId),
        inArray(postTargets.status, ['scheduled', 'needs_account', 'needs_reconnect']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const notEditable = (): AppError => new AppError('POST_NOT_EDITABLE');

/** The columns a save reads of the post it locks. */
const lockedColumns = {
  id: posts.id,
  content: posts.content,
  platforms: posts.platforms,
  overrides: posts.overrides,
  status: posts.status,
  scheduledAt: posts.scheduledAt,
  timezone: posts.timezone,
  deletedAt: posts.deletedAt,
  authorId: posts.authorId,
  firstComment: posts.firstComment,
  threadParts: posts.threadParts,
};

/** The post's row for update, a deleted one too when `deleted` (both written once). */
const lockStatement = (deleted: boolean) =>
  builtOnce((db) =>
    db
      .select(lockedColumns)
      .from(posts)
      .where(
        and(
          eq(posts.id, sql.placeholder('postId')),
          eq(posts.workspaceId, sql.placeholder('workspaceId')),
          deleted ? undefined : isNull(posts.deletedAt),
        ),
      )
      .for('update')
      .limit(1),
  );
const lockLive = lockStatement(false);
const lockAny = lockStatement(true);

/** The post's row, locked until the transaction ends (the publisher may be changing its status). */
export async function lockPost(
  tx: Tx,
  workspaceId: string,
  postId: string,
  options: { deleted?: boolean } = {},
) {
  const [row] = await (options.deleted ? lockAny : lockLive)(tx, { workspaceId, postId });
  if (!row) throw postNotFound();
  return row;
}

/** The post's row, locked, when its content and time may still change (it has not reached a platform). */
export async function lockEditablePost(tx: Tx, workspaceId: string, postId: string) {
  const current = await lockPost(tx, workspaceId, postId);
  if (LOCKED_POST_STATUSES.includes(current.status)) throw notEditable();
  return current;
}

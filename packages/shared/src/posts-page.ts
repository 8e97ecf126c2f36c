import type { LabelColor } from './labels';
import type { PlatformId } from './platforms';
import type { Post } from './posts';
import type { PostTarget } from './publishing';

/**
 * A page of posts as the database writes it (docs/decisions/0052 and 0132): one JSON value with the posts as
 * arrays and their media, targets, thread media, labels, account handles and authors' names in maps. The server
 * sends it to the web app as it is (`Accept: POSTS_PAGE_MEDIA_TYPE` on `GET /api/posts`), and both sides turn it
 * into `Post`s with `decodePostsPage`: the server for every other answer, the web app for its lists.
 */

/** The media type of a list of posts sent as the database wrote it (`GET /api/posts`, asked in `Accept`). */
export const POSTS_PAGE_MEDIA_TYPE = 'application/vnd.relaycast.posts-page+json';

/**
 * A file: `[id, name, mimeType, sizeBytes, durationSeconds, hasThumbnail, width, height, altText]` (the size is
 * what the composer's preview frames).
 */
export type PageMedia = [
  string,
  string,
  string,
  number,
  number | null,
  boolean,
  number | null,
  number | null,
  string,
];

/**
 * A target: `[id, platform, accountId, status, attempts, dueAt, lastError, platformPostId, url, publishedAt,
 * createdAt, commentStatus, commentError]` (instants as PostgreSQL writes them in JSON). Its account's handle
 * is in the page's `accounts` map.
 */
export type PageTarget = [
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

/** A label: `[id, name, color]`. */
export type PageLabel = [string, string, LabelColor];

/**
 * A post: `[id, content, platforms, overrides, status, scheduledAt, timezone, authorId, createdAt, updatedAt,
 * updatedBy, firstComment, threadParts]`.
 */
export type PagePost = [
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
 * A page: the posts in order; the workspace's account handles and the page's authors' names by id; the media,
 * targets, thread media (`[part, ...PageMedia]`) and labels by post id (a post without any is absent; a map
 * with no entry at all is null).
 */
export interface PostsPage {
  accounts: Record<string, string> | null;
  names: Record<string, string | null> | null;
  media: Record<string, PageMedia[]> | null;
  targets: Record<string, PageTarget[]> | null;
  threadMedia: Record<string, [number, ...PageMedia][]> | null;
  labels: Record<string, PageLabel[]> | null;
  posts: PagePost[];
}

/**
 * A timestamp as PostgreSQL writes it in JSON (`2026-11-23T16:45:13.123456+00:00`) as the API writes instants
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
  hasThumbnail,
  width,
  height,
  altText,
]: PageMedia): Post['media'][number] {
  return {
    id: fileId,
    name,
    mimeType,
    sizeBytes: Number(sizeBytes),
    url: mediaFileUrl(fileId),
    thumbnailUrl: hasThumbnail ? mediaThumbnailUrl(fileId) : null,
    durationSeconds,
    width,
    height,
    altText,
  };
}

/** One list of files per part 2..N (`[]` for a part without media), from the rows `[part, ...file]`. */
function threadMediaOf(parts: number, rows: [number, ...PageMedia][] | null): Post['media'][] {
  const lists: Post['media'][] = Array.from({ length: parts }, () => []);
  for (const [part, ...file] of rows ?? []) lists[part]?.push(toMedia(file));
  return lists;
}

/** Targets in the order the API has always listed them: by platform, then creation, then id. */
function byPlatformThenCreation(a: PageTarget, b: PageTarget): number {
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  const created = new Date(a[10]).getTime() - new Date(b[10]).getTime();
  if (created !== 0) return created;
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

function toTarget(
  [
    targetId,
    platform,
    accountId,
    status,
    attempts,
    dueAt,
    lastError,
    platformPostId,
    url,
    publishedAt,
    _createdAt,
    commentStatus,
    commentError,
  ]: PageTarget,
  accounts: PostsPage['accounts'],
): PostTarget {
  return {
    id: targetId,
    platform: platform as PlatformId,
    accountId,
    accountHandle: accountId === null ? null : (accounts?.[accountId] ?? null),
    status,
    attempts,
    dueAt: jsonInstant(dueAt),
    lastError,
    platformPostId,
    url,
    publishedAt: jsonInstant(publishedAt),
    commentStatus,
    commentError,
  };
}

function toPost(row: PagePost, { accounts, names, media, targets, threadMedia, labels }: PostsPage): Post {
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
    firstComment,
    threadParts,
  ] = row;
  return {
    id,
    content,
    platforms: platforms as PlatformId[],
    overrides,
    media: (media?.[id] ?? []).map(toMedia),
    firstComment,
    threadParts: threadParts ?? [],
    threadMedia: threadMediaOf(threadParts?.length ?? 0, threadMedia?.[id] ?? null),
    labels: (labels?.[id] ?? []).map(([labelId, name, color]) => ({ id: labelId, name, color })),
    status,
    scheduledAt: jsonInstant(scheduledAt),
    timezone,
    authorId,
    createdByName: authorId === null ? null : (names?.[authorId] ?? null),
    updatedByName: updatedBy === null ? null : (names?.[updatedBy] ?? null),
    createdAt: jsonInstant(createdAt) as string,
    updatedAt: jsonInstant(updatedAt) as string,
    targets: [...(targets?.[id] ?? [])]
      .sort(byPlatformThenCreation)
      .map((target) => toTarget(target, accounts)),
  };
}

/** The posts of a page, in its order, as the API answers them (`postSchema`). */
export function decodePostsPage(page: PostsPage): Post[] {
  return page.posts.map((row) => toPost(row, page));
}

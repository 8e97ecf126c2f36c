import { type ParsedPostInput, POST_MESSAGES } from '@relaycast/shared/posts';
import { THREAD_MESSAGES, type ThreadPartMedia } from '@relaycast/shared/threads';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/prepared';
import { mediaFiles, postThreadMedia } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';
import { type AttachedMedia, mediaFactColumns } from '../media/attached-media';
import { loadMediaFactsOfEach } from './posts.queries';
import type { Tx } from './posts.service';

/**
 * The media of a thread's parts 2..N (docs/threads.md): loaded from the caller's workspace (another workspace's
 * file is refused naming the part), checked with the post by `checkPost`, and written with the parts.
 */

/** Each part's files as the rules see them; a file the workspace lacks is a 400 naming its part. */
export function loadThreadMedia(
  tx: Tx,
  workspaceId: string,
  lists: readonly (readonly string[])[],
): Promise<AttachedMedia[][]> {
  return loadMediaFactsOfEach(
    tx,
    workspaceId,
    lists,
    (index) =>
      new ValidationError([
        {
          path: `thread.${index}`,
          message: THREAD_MESSAGES.partMedia(index + 2, POST_MESSAGES.mediaNotFound),
        },
      ]),
  );
}

/** The stored alt text of each part's files, by `<part>:<media id>`. */
async function storedThreadAltTexts(tx: Tx, postId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      part: postThreadMedia.part,
      mediaId: postThreadMedia.mediaId,
      altText: postThreadMedia.altText,
    })
    .from(postThreadMedia)
    .where(eq(postThreadMedia.postId, postId));
  return new Map(rows.map((row) => [`${row.part}:${row.mediaId}`, row.altText]));
}

/**
 * A post's part media as stored, in order, each part's files within the workspace, with the stored alt text of
 * each file on its part (by `<part>:<media id>`), in one statement.
 */
const threadMediaOfPost = builtOnce((db) =>
  db
    .select({ part: postThreadMedia.part, altText: postThreadMedia.altText, ...mediaFactColumns })
    .from(postThreadMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.id, postThreadMedia.mediaId))
    .where(
      and(
        eq(postThreadMedia.postId, sql.placeholder('postId')),
        eq(mediaFiles.workspaceId, sql.placeholder('workspaceId')),
      ),
    )
    .orderBy(asc(postThreadMedia.part), asc(postThreadMedia.position)),
);

async function storedThreadMedia(
  tx: Tx,
  workspaceId: string,
  postId: string,
): Promise<{ lists: AttachedMedia[][]; altTexts: Map<string, string> }> {
  const rows = await threadMediaOfPost(tx, { postId, workspaceId });
  const lists: AttachedMedia[][] = [];
  const altTexts = new Map<string, string>();
  for (const { part, altText, ...file } of rows) {
    while (lists.length <= part) lists.push([]);
    lists[part]?.push(file);
    altTexts.set(`${part}:${file.id}`, altText);
  }
  return { lists, altTexts };
}

/** What the check reads of each part: its files and the alt texts they will carry. */
export function threadMediaForCheck(
  media: readonly (readonly AttachedMedia[])[],
  altTexts: Readonly<Record<string, string>> | undefined,
  stored: ReadonlyMap<string, string> = new Map(),
): ThreadPartMedia[] {
  return media.map((files, part) => ({
    media: files,
    altTexts: files.map((file) => altTexts?.[file.id] ?? stored.get(`${part}:${file.id}`) ?? ''),
  }));
}

/**
 * The part media an update will write (undefined: the input left them out, the stored stay) and what the check
 * reads: the input's files, or the stored ones when only the parts' texts were sent.
 */
export async function threadMediaFromInput(
  tx: Tx,
  workspaceId: string,
  input: Pick<ParsedPostInput, 'threadMedia' | 'threadParts' | 'altTexts'>,
  postId: string | undefined,
): Promise<{ media: AttachedMedia[][] | undefined; check: ThreadPartMedia[] }> {
  // Alt texts sent name every file's (a file not named has none); left out, each file keeps its stored one.
  if (input.threadMedia) {
    const parts = input.threadParts?.length;
    if (parts !== undefined && input.threadMedia.length > parts)
      throw new ValidationError([{ path: 'threadMedia', message: THREAD_MESSAGES.mediaWithoutPart }]);
    const stored =
      postId && !input.altTexts ? await storedThreadAltTexts(tx, postId) : new Map<string, string>();
    const media = await loadThreadMedia(tx, workspaceId, input.threadMedia);
    return { media, check: threadMediaForCheck(media, input.altTexts, stored) };
  }
  if (!postId) return { media: undefined, check: [] };
  const kept = await storedThreadMedia(tx, workspaceId, postId);
  const stored = input.altTexts ? new Map<string, string>() : kept.altTexts;
  return { media: undefined, check: threadMediaForCheck(kept.lists, input.altTexts, stored) };
}

/**
 * Writes the part media with the parts: `media` replaces them all (alt text from `altTexts`, else the stored
 * text of the same file on the same part); left out, the stored stay but those of removed parts go with them.
 */
export async function writeThreadMedia(
  tx: Tx,
  postId: string,
  media: readonly (readonly AttachedMedia[])[] | undefined,
  altTexts: Readonly<Record<string, string>> | undefined,
  threadParts: readonly string[] | undefined,
): Promise<void> {
  if (!media) {
    if (threadParts !== undefined)
      await tx
        .delete(postThreadMedia)
        .where(and(eq(postThreadMedia.postId, postId), gte(postThreadMedia.part, threadParts.length)));
    return;
  }
  const stored = altTexts ? new Map<string, string>() : await storedThreadAltTexts(tx, postId);
  await tx.delete(postThreadMedia).where(eq(postThreadMedia.postId, postId));
  const rows = media.flatMap((files, part) =>
    files.map((file, position) => ({
      postId,
      part,
      mediaId: file.id,
      position,
      altText: altTexts?.[file.id] ?? stored.get(`${part}:${file.id}`) ?? '',
    })),
  );
  if (rows.length > 0) await tx.insert(postThreadMedia).values(rows);
}

/** A duplicate's part media: the source's rows, alt texts included. */
export async function copyThreadMedia(tx: Tx, fromPostId: string, toPostId: string): Promise<void> {
  const rows = await tx.select().from(postThreadMedia).where(eq(postThreadMedia.postId, fromPostId));
  if (rows.length > 0)
    await tx.insert(postThreadMedia).values(rows.map((row) => ({ ...row, postId: toPostId })));
}

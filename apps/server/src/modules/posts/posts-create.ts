import { randomUUID } from 'node:crypto';
import { checkPost, type ParsedPostInput } from '@relaycast/shared/posts';
import { THREAD_MESSAGES } from '@relaycast/shared/threads';
import type { Db } from '../../db/client';
import { insertRows } from '../../db/prepared';
import { postMedia, posts, postTargets } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { decideWrite, recordWrites, requiresApprovalFor } from '../approvals/approvals-gate';
import { insertPostLabels } from '../labels/labels.service';
import type { AttachedMedia } from '../media/attached-media';
import { newPostTargets, workspaceAccounts } from '../publishing/publishing-targets';
import { storeReelCover } from '../reel-covers/reel-covers.service';
import { hasLinksToShorten, shortLinkBaseForPost, storePostOptions } from '../short-links/short-links-posts';
import { storePostWatermark } from '../watermarks/watermarks.service';
import { loadMediaFactsOfEach } from './posts.queries';
import { postTexts } from './posts-body';
import { resolveSchedules } from './posts-schedule';
import { loadThreadMedia, threadMediaForCheck, writeThreadMedia } from './posts-thread-media';

/**
 * Creating posts: the composer's one post and a bulk import's rows go through the same function, so both run
 * the same checks, queue, approval gate, targets and audit trail. The workspace is read once for the whole batch
 * and the rows are written with multi-row inserts (docs/decisions/0083-bulk-import.md).
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CreateOptions {
  /** The short-link base the text is counted with (posts.routes.ts). */
  shortLinkBase?: string;
  /** Names a post of the batch in its errors ("Line 4"): a bulk import's row. */
  rowLabel?: (index: number) => string;
}

/** Rows per multi-row insert: far under the 65,535 parameters of one statement for every table written here. */
const INSERT_CHUNK = 1_000;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) await insert(rows.slice(at, at + INSERT_CHUNK));
}

/** The error of the batch's post `index`, named by `rowLabel` when it is a validation error. */
function labelled(options: CreateOptions) {
  return (index: number, error: unknown): unknown => {
    if (!options.rowLabel || !(error instanceof ValidationError)) return error;
    const label = options.rowLabel(index);
    return new ValidationError(
      error.issues.map((issue) => ({ ...issue, message: `${label}: ${issue.message}` })),
    );
  };
}

function eachRow<T, R>(
  items: readonly T[],
  atIndex: (index: number, error: unknown) => unknown,
  fn: (item: T, index: number) => R,
): R[] {
  return items.map((item, index) => {
    try {
      return fn(item, index);
    } catch (error) {
      throw atIndex(index, error);
    }
  });
}

/** The short-link base of each post: the workspace's mode is read once per choice (not per post). */
async function shortLinkBases(
  tx: Tx,
  workspaceId: string,
  inputs: readonly ParsedPostInput[],
  base?: string,
) {
  const byChoice = new Map<string, string | null>();
  const bases: (string | null)[] = [];
  for (const input of inputs) {
    // A post without an address to shorten counts the same with or without the base: no read for it.
    if (!base || !hasLinksToShorten(postTexts(input), base)) {
      bases.push(null);
      continue;
    }
    const key = String(input.shortLinks?.shorten);
    if (!byChoice.has(key)) {
      byChoice.set(key, await shortLinkBaseForPost(tx, workspaceId, { choice: input.shortLinks }, base));
    }
    bases.push(byChoice.get(key) ?? null);
  }
  return bases;
}

/** Each post's part media (docs/threads.md): only posts that name some are read (a bulk import names none). */
async function threadMediaOfEach(
  tx: Tx,
  workspaceId: string,
  inputs: readonly ParsedPostInput[],
  atIndex: (index: number, error: unknown) => unknown,
): Promise<AttachedMedia[][][]> {
  const lists: AttachedMedia[][][] = [];
  for (const [index, input] of inputs.entries()) {
    const parts = input.threadMedia ?? [];
    try {
      if (input.threadParts && parts.length > input.threadParts.length)
        throw new ValidationError([{ path: 'threadMedia', message: THREAD_MESSAGES.mediaWithoutPart }]);
      lists.push(parts.length > 0 ? await loadThreadMedia(tx, workspaceId, parts) : []);
    } catch (error) {
      throw atIndex(index, error);
    }
  }
  return lists;
}

/**
 * Writes new posts in the caller's transaction and returns their ids in order. Every post is checked first (a
 * refusal of any undoes them all: the caller's transaction); then the posts, their media, targets and approval
 * events are inserted a thousand rows a statement.
 */
export async function createPostsInTransaction(
  tx: Tx,
  caller: Caller,
  inputs: readonly ParsedPostInput[],
  now: Date,
  options: CreateOptions = {},
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const { workspaceId, userId } = caller;
  const atIndex = labelled(options);
  const media = await loadMediaFactsOfEach(
    tx,
    workspaceId,
    inputs.map((input) => input.mediaIds),
    (index, error) => atIndex(index, error) as Error,
  );
  const bases = await shortLinkBases(tx, workspaceId, inputs, options.shortLinkBase);
  const threadMedia = await threadMediaOfEach(tx, workspaceId, inputs, atIndex);
  eachRow(inputs, atIndex, (input, index) => {
    const altTextsInOrder = (media[index] ?? []).map((item) => input.altTexts?.[item.id] ?? '');
    const thread = threadMediaForCheck(threadMedia[index] ?? [], input.altTexts);
    const problems = checkPost({ ...input, altTextsInOrder, threadMedia: thread }, media[index] ?? [], now, {
      shortLinkBase: bases[index] ?? null,
    });
    if (problems.length > 0) throw new ValidationError(problems);
  });
  const schedules = await resolveSchedules(tx, workspaceId, inputs, now, { atIndex });
  // The gate asks whether the caller's scheduling needs approval once for the batch, and only if it schedules.
  const anyScheduled = schedules.some((schedule) => schedule.status === 'scheduled');
  const requiresApproval = anyScheduled ? await requiresApprovalFor(tx, caller) : false;
  const written = [];
  for (const [index, input] of inputs.entries()) {
    const schedule = schedules[index] ?? { status: 'draft' as const, scheduledAt: null };
    const decision = await decideWrite(
      tx,
      caller,
      null,
      { ...schedule, action: input.action },
      requiresApproval,
    );
    written.push({ id: randomUUID(), input, decision });
  }
  const accounts = await workspaceAccounts(tx, workspaceId);
  const targets = eachRow(written, atIndex, ({ id, input, decision }) =>
    newPostTargets(
      workspaceId,
      id,
      {
        platforms: input.platforms,
        accountIds: input.accountIds,
        status: decision.status,
        scheduledAt: decision.scheduledAt,
      },
      accounts,
      now,
    ),
  ).flat();
  await insertChunked(
    written.map(({ id, input, decision }) => ({
      id,
      workspaceId,
      authorId: userId,
      updatedBy: userId,
      content: input.content,
      platforms: input.platforms,
      overrides: input.overrides,
      timezone: input.timezone,
      status: decision.status,
      scheduledAt: decision.scheduledAt,
      firstComment: input.firstComment ?? '',
      threadParts: input.threadParts ?? [],
      createdAt: now,
      updatedAt: now,
    })),
    (chunk) => insertRows(tx, posts, chunk),
  );
  const mediaRows = written.flatMap(({ id }, index) =>
    (media[index] ?? []).map((item, position) => ({
      postId: id,
      mediaId: item.id,
      position,
      altText: inputs[index]?.altTexts?.[item.id] ?? '',
    })),
  );
  await insertChunked(mediaRows, (chunk) => insertRows(tx, postMedia, chunk));
  // Only posts given labels cost statements: one read of the named labels and one insert for the batch.
  const labelSets = written.flatMap(({ id, input }) =>
    input.labelIds?.length ? [{ postId: id, labelIds: input.labelIds }] : [],
  );
  await insertPostLabels(tx, workspaceId, labelSets);
  for (const [index, { id, input }] of written.entries()) {
    if (input.threadMedia)
      await writeThreadMedia(tx, id, threadMedia[index], input.altTexts, input.threadParts);
    if (input.shortLinks) await storePostOptions(tx, id, input.shortLinks);
    if (input.watermark) await storePostWatermark(tx, workspaceId, id, input.watermark);
    if (input.reelCover) await storeReelCover(tx, workspaceId, id, input.reelCover);
  }
  await insertChunked(targets, (chunk) => insertRows(tx, postTargets, chunk));
  await recordWrites(
    tx,
    caller,
    written.map(({ id, input, decision }) => ({
      post: { id, content: input.content, overrides: input.overrides },
      decision,
    })),
    now,
    { fresh: true },
  );
  return written.map(({ id }) => id);
}

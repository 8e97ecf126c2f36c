import { describe, expect, it } from 'vitest';
import { checkPost } from './posts';
import {
  checkThreadParts,
  MAX_THREAD_PARTS,
  THREAD_MESSAGES,
  threadPartsSchema,
  threadTextsFor,
} from './threads';

describe('thread parts', () => {
  it('counts each part against each thread platform chosen, naming the part and the platform', () => {
    const problems = checkThreadParts(['twitter', 'mastodon', 'linkedin'], ['ok', 'x'.repeat(300)]);
    expect(problems).toEqual([
      { path: 'thread.1', message: THREAD_MESSAGES.partTooLong(3, 'X (Twitter)', 280, 300) },
    ]);
  });

  it('refuses an empty part, and checks nothing without a thread platform', () => {
    expect(checkThreadParts(['bluesky'], [' '])).toEqual([
      { path: 'thread.0', message: THREAD_MESSAGES.emptyPart(2) },
    ]);
    expect(checkThreadParts(['linkedin'], [' ', 'x'.repeat(9_000)])).toEqual([]);
  });

  it('is part of checkPost, drafts excepted', () => {
    const input = {
      content: 'One',
      platforms: ['bluesky' as const],
      overrides: {},
      threadParts: ['y'.repeat(301)],
    };
    expect(checkPost({ ...input, action: 'now' }, []).map((p) => p.path)).toEqual(['thread.0']);
    expect(checkPost({ ...input, action: 'draft' }, [])).toEqual([]);
  });

  it('allows at most 24 parts after the first, and gives other platforms part 1 only', () => {
    expect(threadPartsSchema.safeParse(Array(MAX_THREAD_PARTS - 1).fill('a')).success).toBe(true);
    expect(threadPartsSchema.safeParse(Array(MAX_THREAD_PARTS).fill('a')).error?.issues[0]?.message).toBe(
      THREAD_MESSAGES.tooManyParts,
    );
    expect(threadTextsFor('mastodon', 'one', ['two'])).toEqual(['one', 'two']);
    expect(threadTextsFor('linkedin', 'one', ['two'])).toEqual(['one']);
  });
});

import { describe, expect, it } from 'vitest';
import { ALT_TEXT_MESSAGES } from './alt-text';
import { checkPost } from './posts';
import {
  checkThreadParts,
  MAX_THREAD_PARTS,
  THREAD_MESSAGES,
  threadMediaSchema,
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

  it('checks each part’s media with each thread platform’s per-post rules and alt-text limits', () => {
    const png = (name: string) => ({ name, mimeType: 'image/png', sizeBytes: 500_000 });
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => png(`${n}.png`));
    expect(checkThreadParts(['twitter', 'threads'], ['Two'], {}, [{ media: five }])).toEqual([
      {
        path: 'thread.0',
        message: THREAD_MESSAGES.partMedia(
          2,
          'X (Twitter) allows at most 4 images per post; this post has 5.',
        ),
      },
    ]);
    // Bluesky takes images up to 1 MB; the same file is fine on Mastodon.
    const big = { name: 'big.png', mimeType: 'image/png', sizeBytes: 2 * 1024 * 1024 };
    expect(checkThreadParts(['bluesky', 'mastodon'], ['Two'], {}, [{ media: [big] }])).toEqual([
      {
        path: 'thread.0',
        message: THREAD_MESSAGES.partMedia(2, 'Bluesky takes files up to 1 MB; "big.png" is 2 MB.'),
      },
    ]);
    // A part with media and no text is allowed; alt text is held to X's 1,000 characters.
    expect(checkThreadParts(['twitter'], [''], {}, [{ media: [png('a.png')] }])).toEqual([]);
    expect(
      checkThreadParts(['twitter'], ['Two'], {}, [{ media: [png('a.png')], altTexts: ['x'.repeat(1001)] }]),
    ).toEqual([
      {
        path: 'thread.0',
        message: THREAD_MESSAGES.partMedia(2, ALT_TEXT_MESSAGES.tooLong('X (Twitter)', 1000, 1)),
      },
    ]);
    expect(threadMediaSchema.safeParse([Array(11).fill('m')]).error?.issues[0]?.message).toBe(
      THREAD_MESSAGES.tooManyPartMedia,
    );
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

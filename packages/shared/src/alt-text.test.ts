import { describe, expect, it } from 'vitest';
import {
  ALT_TEXT_MESSAGES,
  acceptsAltText,
  acceptsFirstComment,
  altTextLimitFor,
  checkAltTexts,
  MAX_ALT_TEXT,
} from './alt-text';
import { checkPost } from './posts';

describe('alt text and first-comment rules', () => {
  it('knows which platforms take alt text and a first comment', () => {
    expect(
      ['twitter', 'bluesky', 'mastodon', 'linkedin', 'facebook', 'instagram', 'threads'].every((p) =>
        acceptsAltText(p as never),
      ),
    ).toBe(true);
    expect(acceptsAltText('tiktok')).toBe(false);
    expect(acceptsAltText('youtube')).toBe(false);
    expect(
      ['instagram', 'facebook', 'linkedin', 'youtube'].every((p) => acceptsFirstComment(p as never)),
    ).toBe(true);
    expect(acceptsFirstComment('twitter')).toBe(false);
  });

  it('uses the lowest limit of the chosen platforms, counting characters as people see them', () => {
    expect(altTextLimitFor(['twitter', 'mastodon'])).toBe(1000);
    expect(altTextLimitFor(['mastodon', 'linkedin'])).toBe(1500);
    expect(altTextLimitFor(['tiktok'])).toBe(MAX_ALT_TEXT);
    expect(checkAltTexts(['twitter'], ['🪁'.repeat(1000)])).toEqual([]);
    expect(checkAltTexts(['twitter', 'linkedin'], ['', 'x'.repeat(1001)])).toEqual([
      { path: 'twitter', message: ALT_TEXT_MESSAGES.tooLong('X (Twitter)', 1000, 2) },
    ]);
  });

  it('checks alt text when scheduling, not in a draft', () => {
    const input = {
      content: 'Hi',
      platforms: ['twitter' as const],
      overrides: {},
      altTextsInOrder: ['x'.repeat(1001)],
    };
    const media = [{ name: 'a.png', mimeType: 'image/png', sizeBytes: 10, durationSeconds: null }];
    expect(checkPost({ ...input, action: 'draft' }, media)).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      checkPost({ ...input, action: 'schedule', scheduledAt: future }, media).map((p) => p.path),
    ).toEqual(['twitter']);
  });
});

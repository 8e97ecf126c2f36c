import { describe, expect, it } from 'vitest';
import { settleVariants } from './use-ai-generation';

describe('settleVariants', () => {
  it('drops a variant that never got text and keeps written ones as they stand', () => {
    expect(
      settleVariants([
        { platform: 'twitter', text: '', status: 'writing' },
        { platform: 'bluesky', text: 'Half a sen', status: 'writing' },
        { platform: 'mastodon', text: '  ', status: 'shortening' },
        { platform: 'threads', text: '', status: 'ready' },
      ]),
    ).toEqual([
      { platform: 'bluesky', text: 'Half a sen', status: 'ready' },
      { platform: 'threads', text: '', status: 'ready' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { platformsNamedInPrompt } from './prompt-platforms';

describe('platformsNamedInPrompt', () => {
  it.each([
    ['A LinkedIn post about our spring webinar', ['linkedin']],
    ['Three Instagram captions for a summer sale, with hashtags', ['instagram']],
    ['A tweet and a Facebook update about the launch', ['twitter', 'facebook']],
    ['Post it on X and Threads', ['twitter', 'threads']],
    ['a tiktok script and a YouTube description', ['tiktok', 'youtube']],
    ['Something for Bluesky and Mastodon', ['bluesky', 'mastodon']],
  ])('%s', (prompt, expected) => {
    expect(platformsNamedInPrompt(prompt)).toEqual(expected);
  });

  it('does not take ordinary words for platform names', () => {
    expect(platformsNamedInPrompt('Turn this week’s blog post into a five-part thread')).toEqual([]);
    expect(platformsNamedInPrompt('A 10x growth story, box of tricks, x marks the spot')).toEqual([]);
    expect(platformsNamedInPrompt('A post about threads and needles in our sewing shop')).toEqual([]);
    expect(platformsNamedInPrompt('')).toEqual([]);
  });
});

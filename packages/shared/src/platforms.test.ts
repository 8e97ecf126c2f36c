import { describe, expect, it } from 'vitest';
import {
  checkPlatformRules,
  countText,
  isConvertedToJpeg,
  type MediaFacts,
  PLATFORM_IDS,
  PLATFORMS,
  textLengthFor,
} from './platforms';

const MB = 1024 * 1024;
const jpeg = (name = 'photo.jpg', sizeBytes = MB): MediaFacts => ({
  name,
  mimeType: 'image/jpeg',
  sizeBytes,
});
const png = (name = 'shot.png', sizeBytes = MB): MediaFacts => ({ name, mimeType: 'image/png', sizeBytes });
const gif = (sizeBytes = MB): MediaFacts => ({ name: 'fun.gif', mimeType: 'image/gif', sizeBytes });
const mp4 = (durationSeconds = 30, sizeBytes = 10 * MB): MediaFacts => ({
  name: 'clip.mp4',
  mimeType: 'video/mp4',
  sizeBytes,
  durationSeconds,
});

describe('X weighted character counting (X counting rules)', () => {
  it.each([
    ['plain ASCII counts one per character', 'Hello world', 11],
    [
      'a URL counts 23 whatever its length',
      'Read https://example.com/a/really/long/path/that/goes/on?and=on',
      28,
    ],
    ['a short URL also counts 23', 'x.com', 23],
    ['an emoji counts 2', '🎉', 2],
    ['a ZWJ family emoji counts 2', '👨‍👩‍👧‍👦', 2],
    ['an emoji with a skin tone counts 2', '👍🏽', 2],
    ['CJK characters count 2 each', '日本語', 6],
    ['Korean counts 2 each', '안녕', 4],
    ['Latin-1 accents count 1', 'café', 4],
    ['general punctuation like an en dash counts 1', 'a–b', 3],
  ])('%s', (_label, text, expected) => {
    expect(countText(text, 'x-weighted')).toBe(expected);
  });

  it('allows exactly 280 and refuses 281', () => {
    expect(checkPlatformRules('twitter', 'a'.repeat(280), [])).toEqual([]);
    const issues = checkPlatformRules('twitter', 'a'.repeat(281), []);
    expect(issues).toEqual([
      { platform: 'twitter', message: 'X (Twitter) allows at most 280 characters; this text has 281.' },
    ]);
  });

  it('counts 140 CJK characters as the full 280', () => {
    expect(checkPlatformRules('twitter', '字'.repeat(140), [])).toEqual([]);
    expect(checkPlatformRules('twitter', '字'.repeat(141), [])).toHaveLength(1);
  });
});

describe('other counting rules', () => {
  it('Bluesky counts graphemes: an emoji family is one', () => {
    expect(countText('👨‍👩‍👧‍👦 hi', 'graphemes')).toBe(4);
    expect(textLengthFor('bluesky', 'é'.normalize('NFD'))).toBe(1);
  });

  it('Threads counts an emoji by its UTF-8 bytes', () => {
    expect(countText('hi', 'threads')).toBe(2);
    expect(countText('🎉', 'threads')).toBe(4);
  });

  it('the others count characters (code points)', () => {
    expect(countText('🎉ab', 'characters')).toBe(3);
  });
});

describe('platform rules', () => {
  it('defines every supported platform', () => {
    expect(Object.keys(PLATFORMS).sort()).toEqual([...PLATFORM_IDS].sort());
    for (const id of PLATFORM_IDS) expect(PLATFORMS[id].maxLength).toBeGreaterThan(0);
  });

  it.each([
    ['instagram', 2200],
    ['facebook', 63206],
    ['linkedin', 3000],
    ['tiktok', 2200],
    ['youtube', 5000],
    ['bluesky', 300],
    ['mastodon', 500],
    ['threads', 500],
  ] as const)('%s refuses text over %i characters and names the limit', (platform, limit) => {
    const media =
      platform === 'youtube' ? [mp4()] : platform === 'instagram' || platform === 'tiktok' ? [jpeg()] : [];
    expect(checkPlatformRules(platform, 'a'.repeat(limit), media)).toEqual([]);
    const issues = checkPlatformRules(platform, 'a'.repeat(limit + 1), media);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toContain(PLATFORMS[platform].name);
    expect(issues[0]?.message).toContain(limit.toLocaleString('en-US'));
  });

  it('Instagram and TikTok need media; YouTube needs a video', () => {
    expect(checkPlatformRules('instagram', 'hi', [])[0]?.message).toBe(
      'Instagram needs at least one image or video.',
    );
    expect(checkPlatformRules('tiktok', 'hi', [])[0]?.message).toBe(
      'TikTok needs at least one image or video.',
    );
    expect(checkPlatformRules('youtube', 'hi', [])[0]?.message).toBe(
      'YouTube needs a video: attach one to post there.',
    );
    expect(checkPlatformRules('youtube', 'hi', [jpeg()])[0]?.message).toBe(
      'YouTube does not take images; attach a video instead.',
    );
  });

  it('text-only posts are fine where the platform allows them', () => {
    for (const platform of ['twitter', 'facebook', 'linkedin', 'bluesky', 'mastodon', 'threads'] as const) {
      expect(checkPlatformRules(platform, 'hello', [])).toEqual([]);
    }
  });

  it('limits the number of images', () => {
    expect(checkPlatformRules('twitter', '', [jpeg(), jpeg(), jpeg(), jpeg()])).toEqual([]);
    expect(checkPlatformRules('twitter', '', Array(5).fill(jpeg()))[0]?.message).toBe(
      'X (Twitter) allows at most 4 images per post; this post has 5.',
    );
    expect(checkPlatformRules('bluesky', '', Array(5).fill(jpeg(undefined, 100_000)))[0]?.message).toContain(
      'at most 4 images',
    );
    expect(checkPlatformRules('instagram', '', Array(11).fill(jpeg()))[0]?.message).toContain(
      'at most 10 images',
    );
  });

  it('refuses mixing images and video where the platform cannot', () => {
    expect(checkPlatformRules('twitter', 'x', [jpeg(), mp4()]).map((i) => i.message)).toContain(
      'X (Twitter) cannot mix images and a video in one post.',
    );
    expect(checkPlatformRules('instagram', 'x', [jpeg(), mp4()])).toEqual([]);
  });

  it('a GIF on X stands alone', () => {
    expect(checkPlatformRules('twitter', 'x', [gif()])).toEqual([]);
    expect(checkPlatformRules('twitter', 'x', [gif(), gif()]).map((i) => i.message)).toContain(
      'X (Twitter) allows one GIF per post, with no other media.',
    );
  });

  it('checks formats, sizes and durations, naming the file and the limit', () => {
    // A PNG is converted to JPEG when published on Instagram; a WebP is not.
    expect(checkPlatformRules('instagram', 'x', [png()])).toEqual([]);
    expect(isConvertedToJpeg('instagram', 'image/png')).toBe(true);
    expect(isConvertedToJpeg('facebook', 'image/png')).toBe(false);
    expect(isConvertedToJpeg('instagram', 'image/jpeg')).toBe(false);
    expect(
      checkPlatformRules('instagram', 'x', [
        { name: 'shot.webp', mimeType: 'image/webp', sizeBytes: 1000 },
      ])[0]?.message,
    ).toBe('Instagram takes images as JPEG; "shot.webp" is WebP.');
    expect(checkPlatformRules('bluesky', 'x', [jpeg('big.jpg', 2 * MB)])[0]?.message).toBe(
      'Bluesky takes files up to 1 MB; "big.jpg" is 2 MB.',
    );
    expect(checkPlatformRules('twitter', 'x', [mp4(200)])[0]?.message).toBe(
      'X (Twitter) takes videos up to 140 seconds; "clip.mp4" lasts 200 seconds.',
    );
    expect(checkPlatformRules('instagram', 'x', [mp4(1)])[0]?.message).toBe(
      'Instagram needs videos of at least 3 seconds; "clip.mp4" lasts 1 seconds.',
    );
    expect(
      checkPlatformRules('linkedin', 'x', [{ name: 'a.webm', mimeType: 'video/webm', sizeBytes: MB }])[0]
        ?.message,
    ).toBe('LinkedIn takes videos as MP4; "a.webm" is WebM.');
  });

  it('refuses a post with neither text nor media', () => {
    expect(checkPlatformRules('facebook', '   ', [])[0]?.message).toBe(
      'Facebook: write something or attach media.',
    );
  });
});

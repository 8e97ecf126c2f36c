import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS, type PlatformId } from './platforms';
import { firstLink, foldText, mediaFrame, postPreview } from './post-preview';
import { displayHandle, previewAuthor } from './post-preview-author';
import type { MediaFrame, PreviewMedia } from './post-preview-rules';

const image = (width: number, height: number): PreviewMedia => ({ mimeType: 'image/jpeg', width, height });
const video = (width: number, height: number, durationSeconds = 30): PreviewMedia => ({
  mimeType: 'video/mp4',
  width,
  height,
  durationSeconds,
});
const SQUARE = [1080, 1080] as const;
const PORTRAIT = [1080, 1920] as const;
const LANDSCAPE = [1920, 1080] as const;

/** The box's ratio and fit, rounded so that 16/9 reads as 1.778. */
function box(frame: MediaFrame | null) {
  return frame && { ratio: Number(frame.aspectRatio.toFixed(3)), fit: frame.fit, badge: frame.badge };
}
const r = (ratio: number, fit: 'cover' | 'contain' = 'cover', badge: MediaFrame['badge'] = null) => ({
  ratio: Number(ratio.toFixed(3)),
  fit,
  badge,
});

describe('mediaFrame: one image at 1080×1080, 1080×1920 and 1920×1080', () => {
  const expected: Record<PlatformId, [unknown, unknown, unknown]> = {
    // Meta's feeds keep the ratio between 4:5 and 1.91:1.
    instagram: [r(1), r(4 / 5), r(16 / 9)],
    facebook: [r(1), r(4 / 5), r(16 / 9)],
    linkedin: [r(1), r(4 / 5), r(16 / 9)],
    threads: [r(1), r(4 / 5), r(16 / 9)],
    // X: between 3:4 and 16:9.
    twitter: [r(1), r(3 / 4), r(16 / 9)],
    // TikTok photos: the 9:16 player, letterboxed unless the photo is vertical.
    tiktok: [r(9 / 16, 'contain'), r(9 / 16), r(9 / 16, 'contain')],
    // YouTube shows no image post.
    youtube: [null, null, null],
    // Bluesky down to 1:2 and Mastodon at any ratio: a 9:16 image stays 9:16.
    bluesky: [r(1), r(9 / 16), r(16 / 9)],
    mastodon: [r(1), r(9 / 16), r(16 / 9)],
  };
  it.each(PLATFORM_IDS)('%s', (platform) => {
    expect([SQUARE, PORTRAIT, LANDSCAPE].map(([w, h]) => box(mediaFrame(platform, [image(w, h)])))).toEqual(
      expected[platform],
    );
  });
});

describe('mediaFrame: one video at 1080×1080, 1080×1920 and 1920×1080', () => {
  const reel = (fit: 'cover' | 'contain') => r(4 / 5, fit, 'reel');
  const short = (fit: 'cover' | 'contain') => r(9 / 16, fit, 'short');
  const expected: Record<PlatformId, [unknown, unknown, unknown]> = {
    // A Reel, 4:5 in the feed; a landscape one is letterboxed.
    instagram: [reel('cover'), reel('cover'), reel('contain')],
    facebook: [r(1), r(4 / 5), r(16 / 9)],
    linkedin: [r(1), r(4 / 5), r(16 / 9)],
    threads: [r(1), r(4 / 5), r(16 / 9)],
    twitter: [r(1), r(3 / 4), r(16 / 9)],
    tiktok: [r(9 / 16, 'contain'), r(9 / 16), r(9 / 16, 'contain')],
    // Square and vertical videos up to three minutes are Shorts; a landscape one plays at 16:9.
    youtube: [short('contain'), short('cover'), r(16 / 9)],
    bluesky: [r(1), r(9 / 16), r(16 / 9)],
    mastodon: [r(1), r(9 / 16), r(16 / 9)],
  };
  it.each(PLATFORM_IDS)('%s', (platform) => {
    expect([SQUARE, PORTRAIT, LANDSCAPE].map(([w, h]) => box(mediaFrame(platform, [video(w, h)])))).toEqual(
      expected[platform],
    );
  });

  it('a vertical YouTube video longer than three minutes is not a Short', () => {
    expect(box(mediaFrame('youtube', [video(1080, 1920, 181)]))).toEqual(r(16 / 9, 'contain'));
  });
});

describe('mediaFrame: several items', () => {
  it('Instagram: a carousel in the first item’s box, one dot per item', () => {
    const frame = mediaFrame('instagram', [image(1080, 1350), image(1920, 1080), image(1080, 1080)]);
    expect(frame).toMatchObject({ layout: 'carousel', aspectRatio: 4 / 5, dots: 3, shown: 1 });
  });

  it('X: two to four images in a 16:9 grid; Bluesky 2:1 then 3:2; Facebook square with +N', () => {
    expect(mediaFrame('twitter', [image(...SQUARE), image(...SQUARE)])).toMatchObject({
      layout: 'grid',
      aspectRatio: 16 / 9,
      shown: 2,
      hidden: 0,
    });
    expect(mediaFrame('bluesky', [image(...SQUARE), image(...SQUARE)])?.aspectRatio).toBe(2);
    expect(mediaFrame('bluesky', Array(4).fill(image(...SQUARE)))?.aspectRatio).toBe(3 / 2);
    expect(mediaFrame('facebook', Array(6).fill(image(...SQUARE)))).toMatchObject({
      layout: 'grid',
      aspectRatio: 1,
      shown: 4,
      hidden: 2,
    });
  });

  it('Threads: a sideways row; TikTok: a photo carousel in the 9:16 player', () => {
    expect(mediaFrame('threads', [image(...PORTRAIT), image(...SQUARE)])).toMatchObject({
      layout: 'row',
      aspectRatio: 4 / 5,
      shown: 2,
    });
    expect(mediaFrame('tiktok', [image(...SQUARE), image(...SQUARE)])).toMatchObject({
      layout: 'carousel',
      aspectRatio: 9 / 16,
      fit: 'contain',
      dots: 2,
    });
  });

  it('frames nothing without media, and a file of unknown size as a square', () => {
    expect(mediaFrame('twitter', [])).toBeNull();
    expect(mediaFrame('twitter', [{ mimeType: 'image/png' }])?.aspectRatio).toBe(1);
  });
});

describe('foldText: where the feed puts "…more"', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

  it('Instagram folds at 125 characters, back to the last space', () => {
    const text = words(40);
    const folded = foldText('instagram', text);
    expect(folded.isFolded).toBe(true);
    expect(folded.text.length).toBeLessThanOrEqual(125);
    expect(folded.text.length).toBeGreaterThan(100);
    expect(text.startsWith(folded.text)).toBe(true);
    expect(folded.text.endsWith(' ')).toBe(false);
  });

  it('Instagram and TikTok fold after two lines, LinkedIn after three', () => {
    expect(foldText('instagram', 'one\ntwo\nthree')).toEqual({ text: 'one\ntwo', isFolded: true });
    expect(foldText('tiktok', 'one\ntwo\nthree')).toEqual({ text: 'one\ntwo', isFolded: true });
    expect(foldText('linkedin', 'one\ntwo\nthree')).toEqual({ text: 'one\ntwo\nthree', isFolded: false });
    expect(foldText('linkedin', 'one\ntwo\nthree\nfour').text).toBe('one\ntwo\nthree');
  });

  it.each([
    ['instagram', 125],
    ['facebook', 477],
    ['linkedin', 210],
    ['tiktok', 150],
  ] as const)('%s shows exactly %i characters whole, and folds one more', (platform, limit) => {
    expect(foldText(platform, 'a'.repeat(limit)).isFolded).toBe(false);
    expect(foldText(platform, 'a'.repeat(limit + 1))).toEqual({ text: 'a'.repeat(limit), isFolded: true });
  });

  it.each(['twitter', 'bluesky', 'mastodon', 'threads'] as const)(
    '%s never folds within its limit',
    (platform) => {
      const text = `${words(50)}\n\n${words(20)}`;
      expect(foldText(platform, text)).toEqual({ text, isFolded: false });
    },
  );
});

describe('link cards', () => {
  it('finds the first link without the sentence’s punctuation and prints its domain', () => {
    expect(firstLink('Read https://www.Example.com/a?b=1, then http://other.org.')).toEqual({
      url: 'https://www.Example.com/a?b=1',
      domain: 'example.com',
    });
    expect(firstLink('No link here, only example.com')).toBeNull();
  });

  it('shows a card on the networks that unfurl links, only when no media is attached', () => {
    const text = 'Our launch: https://relaycast.example/launch';
    const withCard = PLATFORM_IDS.filter(
      (platform) =>
        postPreview(platform, { text, media: [], account: null, authorName: 'Ada' }).linkCard !== null,
    );
    expect(withCard).toEqual(['twitter', 'facebook', 'linkedin', 'bluesky', 'mastodon', 'threads']);
    const withImage = postPreview('twitter', {
      text,
      media: [image(...SQUARE)],
      account: null,
      authorName: 'Ada',
    });
    expect(withImage.linkCard).toBeNull();
  });
});

describe('the author', () => {
  const account = (handle: string, instanceUrl: string | null = null) => ({
    handle,
    displayName: 'Ada Lovelace',
    avatarUrl: 'https://cdn.example/ada.png',
    instanceUrl,
  });

  it('prints each network’s handle', () => {
    expect(displayHandle('twitter', account('ada'))).toBe('@ada');
    expect(displayHandle('bluesky', account('ada'))).toBe('@ada.bsky.social');
    expect(displayHandle('bluesky', account('ada.example.com'))).toBe('@ada.example.com');
    expect(displayHandle('mastodon', account('ada@mastodon.social'))).toBe('@ada@mastodon.social');
    expect(displayHandle('mastodon', account('ada', 'https://fosstodon.org'))).toBe('@ada@fosstodon.org');
    expect(displayHandle('youtube', account('@AdaChannel'))).toBe('@AdaChannel');
    expect(displayHandle('instagram', account('ada.codes'))).toBe('ada.codes');
    expect(displayHandle('facebook', account('Ada Page'))).toBeNull();
  });

  it('names the connected account, or the author with no account', () => {
    expect(previewAuthor('twitter', account('ada'), 'Me')).toEqual({
      name: 'Ada Lovelace',
      handle: '@ada',
      avatarUrl: 'https://cdn.example/ada.png',
      isConnected: true,
    });
    expect(previewAuthor('instagram', account('ada.codes'), 'Me')).toMatchObject({
      name: 'ada.codes',
      handle: null,
    });
    expect(previewAuthor('linkedin', account('Ada Lovelace'), 'Me')).toMatchObject({ handle: null });
    expect(previewAuthor('twitter', null, 'Me')).toEqual({
      name: 'Me',
      handle: null,
      avatarUrl: null,
      isConnected: false,
    });
  });
});

describe('postPreview', () => {
  it('gives YouTube the first line as the title and shows no description', () => {
    const model = postPreview('youtube', {
      text: 'How we ship\nThe long story',
      media: [video(...LANDSCAPE)],
      account: null,
      authorName: 'Ada',
    });
    expect(model.title).toBe('How we ship');
    expect(model.text).toEqual({ text: '', isFolded: false });
    expect(model.frame?.aspectRatio).toBe(16 / 9);
  });
});

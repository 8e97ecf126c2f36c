import twitterText from 'twitter-text';
import { MEGABYTE } from './plans';
import { withShortLinkPlaceholders } from './short-links';

/**
 * Every social platform Relaycast publishes to, with the rules the composer and the server both check.
 * Figures come from docs/platforms.md (each platform's documentation); where sources conflict we take the
 * stricter figure so that a post we accept is one the platform accepts.
 *
 * Over 300 lines on purpose: one table of nine platforms' rules, read by both the composer and the server;
 * each platform's entry is short, and one place keeps them comparable.
 */
export const PLATFORM_IDS = [
  'instagram',
  'twitter',
  'facebook',
  'linkedin',
  'tiktok',
  'youtube',
  'bluesky',
  'mastodon',
  'threads',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export type MediaKind = 'image' | 'gif' | 'video';

/** How a platform counts the length of text. */
export type TextCounting = 'characters' | 'x-weighted' | 'graphemes' | 'threads';

export interface MediaRule {
  mimeTypes: readonly string[];
  /**
   * Image types the server converts to JPEG when it publishes there (the platform takes JPEG only), so the user
   * never has to convert a PNG by hand.
   */
  convertsToJpeg?: readonly string[];
  maxBytes: number;
  /** Video only. */
  minSeconds?: number;
  maxSeconds?: number;
}

export interface PlatformRules {
  id: PlatformId;
  name: string;
  maxLength: number;
  counting: TextCounting;
  /** Whether a post may have text and no media. */
  allowsTextOnly: boolean;
  /** Whether a post may have no text (media only). */
  allowsMediaOnly: boolean;
  maxImages: number;
  maxVideos: number;
  /** Whether images and a video may be mixed in one post. */
  allowsMixedMedia: boolean;
  image?: MediaRule;
  gif?: MediaRule;
  video?: MediaRule;
}

const JPEG = 'image/jpeg';
const PNG = 'image/png';
const GIF = 'image/gif';
const WEBP = 'image/webp';
const MP4 = 'video/mp4';
const MOV = 'video/quicktime';
const WEBM = 'video/webm';
const GB = 1024 * MEGABYTE;

export const PLATFORMS: Readonly<Record<PlatformId, PlatformRules>> = {
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    maxLength: 2200,
    counting: 'characters',
    allowsTextOnly: false,
    allowsMediaOnly: true,
    maxImages: 10,
    maxVideos: 10,
    allowsMixedMedia: true,
    image: { mimeTypes: [JPEG], convertsToJpeg: [PNG], maxBytes: 8 * MEGABYTE },
    video: { mimeTypes: [MP4, MOV], maxBytes: 300 * MEGABYTE, minSeconds: 3, maxSeconds: 15 * 60 },
  },
  twitter: {
    id: 'twitter',
    name: 'X (Twitter)',
    maxLength: 280,
    counting: 'x-weighted',
    allowsTextOnly: true,
    allowsMediaOnly: true,
    maxImages: 4,
    maxVideos: 1,
    allowsMixedMedia: false,
    image: { mimeTypes: [JPEG, PNG, WEBP], maxBytes: 5 * MEGABYTE },
    gif: { mimeTypes: [GIF], maxBytes: 15 * MEGABYTE },
    video: { mimeTypes: [MP4, MOV], maxBytes: 512 * MEGABYTE, minSeconds: 0.5, maxSeconds: 140 },
  },
  facebook: {
    id: 'facebook',
    name: 'Facebook',
    maxLength: 63_206,
    counting: 'characters',
    allowsTextOnly: true,
    allowsMediaOnly: true,
    maxImages: 10,
    maxVideos: 1,
    allowsMixedMedia: false,
    image: { mimeTypes: [JPEG, PNG, GIF, WEBP], maxBytes: 10 * MEGABYTE },
    gif: { mimeTypes: [GIF], maxBytes: 10 * MEGABYTE },
    video: { mimeTypes: [MP4, MOV], maxBytes: 4 * GB, maxSeconds: 240 * 60 },
  },
  linkedin: {
    id: 'linkedin',
    name: 'LinkedIn',
    maxLength: 3000,
    counting: 'characters',
    allowsTextOnly: true,
    allowsMediaOnly: true,
    maxImages: 20,
    maxVideos: 1,
    allowsMixedMedia: false,
    image: { mimeTypes: [JPEG, PNG, GIF], maxBytes: 8 * MEGABYTE },
    gif: { mimeTypes: [GIF], maxBytes: 8 * MEGABYTE },
    video: { mimeTypes: [MP4], maxBytes: 500 * MEGABYTE, minSeconds: 3, maxSeconds: 30 * 60 },
  },
  tiktok: {
    id: 'tiktok',
    name: 'TikTok',
    maxLength: 2200,
    counting: 'characters',
    allowsTextOnly: false,
    allowsMediaOnly: true,
    maxImages: 35,
    maxVideos: 1,
    allowsMixedMedia: false,
    image: { mimeTypes: [JPEG, WEBP], maxBytes: 20 * MEGABYTE },
    video: { mimeTypes: [MP4, MOV, WEBM], maxBytes: 4 * GB, minSeconds: 3, maxSeconds: 10 * 60 },
  },
  youtube: {
    id: 'youtube',
    name: 'YouTube',
    maxLength: 5000,
    counting: 'characters',
    allowsTextOnly: false,
    allowsMediaOnly: true,
    maxImages: 0,
    maxVideos: 1,
    allowsMixedMedia: false,
    video: { mimeTypes: [MP4, MOV, WEBM], maxBytes: 256 * GB, maxSeconds: 12 * 60 * 60 },
  },
  bluesky: {
    id: 'bluesky',
    name: 'Bluesky',
    maxLength: 300,
    counting: 'graphemes',
    allowsTextOnly: true,
    allowsMediaOnly: true,
    maxImages: 4,
    maxVideos: 1,
    allowsMixedMedia: false,
    image: { mimeTypes: [JPEG, PNG, WEBP], maxBytes: 1 * MEGABYTE },
    video: { mimeTypes: [MP4], maxBytes: 50 * MEGABYTE, maxSeconds: 3 * 60 },
  },
  mastodon: {
    id: 'mastodon',
    name: 'Mastodon',
    maxLength: 500,
    counting: 'characters',
    allowsTextOnly: true,
    allowsMediaOnly: true,
    maxImages: 4,
    maxVideos: 1,
    allowsMixedMedia: false,
    image: { mimeTypes: [JPEG, PNG, GIF, WEBP], maxBytes: 16 * MEGABYTE },
    gif: { mimeTypes: [GIF], maxBytes: 16 * MEGABYTE },
    video: { mimeTypes: [MP4, MOV, WEBM], maxBytes: 99 * MEGABYTE },
  },
  threads: {
    id: 'threads',
    name: 'Threads',
    maxLength: 500,
    counting: 'threads',
    allowsTextOnly: true,
    allowsMediaOnly: true,
    maxImages: 10,
    maxVideos: 10,
    allowsMixedMedia: true,
    image: { mimeTypes: [JPEG, PNG], maxBytes: 8 * MEGABYTE },
    video: { mimeTypes: [MP4, MOV], maxBytes: 1 * GB, maxSeconds: 5 * 60 },
  },
};

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'string' && (PLATFORM_IDS as readonly string[]).includes(value);
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}/u;

/** Bytes of `text` in UTF-8 (no TextEncoder: this module runs in the browser and in Node alike). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The length of `text` as the platform counts it. */
export function countText(text: string, counting: TextCounting): number {
  switch (counting) {
    case 'x-weighted':
      // X's reference implementation: URLs count 23, emoji and CJK count 2.
      return twitterText.parseTweet(text).weightedLength;
    case 'graphemes':
      return [...graphemeSegmenter.segment(text)].length;
    case 'threads': {
      // Threads counts an emoji by its UTF-8 bytes, every other character as one.
      let total = 0;
      for (const { segment } of graphemeSegmenter.segment(text)) {
        total += EMOJI.test(segment) ? utf8Length(segment) : 1;
      }
      return total;
    }
    case 'characters':
      return [...text].length;
  }
}

/**
 * How a text is counted: with `shortLinkBase` set (the post's links are shortened at publish), each web address
 * counts as the short link `<base>/<code>` that replaces it (X counts any URL as 23 either way).
 */
export interface TextLengthOptions {
  shortLinkBase?: string | null;
}

export function textLengthFor(platform: PlatformId, text: string, options: TextLengthOptions = {}): number {
  return countText(withShortLinkPlaceholders(text, options.shortLinkBase), PLATFORMS[platform].counting);
}

/** What the rules need to know about an attached file. */
export interface MediaFacts {
  name: string;
  mimeType: string;
  sizeBytes: number;
  durationSeconds?: number | null;
}

export interface PlatformIssue {
  platform: PlatformId;
  message: string;
}

export function mediaKindOf(mimeType: string): MediaKind | null {
  if (mimeType === GIF) return 'gif';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  return null;
}

function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  if (bytes >= MEGABYTE) return `${Number((bytes / MEGABYTE).toFixed(1))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${Math.round(seconds)} seconds`;
}

const FORMAT_NAMES: Record<string, string> = {
  [JPEG]: 'JPEG',
  [PNG]: 'PNG',
  [GIF]: 'GIF',
  [WEBP]: 'WebP',
  [MP4]: 'MP4',
  [MOV]: 'MOV',
  [WEBM]: 'WebM',
};
const formatList = (types: readonly string[]) => types.map((type) => FORMAT_NAMES[type] ?? type).join(', ');

/** Whether the server converts this file to JPEG before publishing it on the platform (a PNG on Instagram). */
export function isConvertedToJpeg(platform: PlatformId, mimeType: string): boolean {
  const kind = mediaKindOf(mimeType);
  return kind === 'image' && PLATFORMS[platform].image?.convertsToJpeg?.includes(mimeType) === true;
}

/**
 * Checks one platform's version of a post: its text and its media. Returns every problem, each naming the
 * platform and the limit, in words a person can act on.
 */
export function checkPlatformRules(
  platform: PlatformId,
  text: string,
  media: readonly MediaFacts[],
  options: TextLengthOptions = {},
): PlatformIssue[] {
  const rules = PLATFORMS[platform];
  const issues: PlatformIssue[] = [];
  const add = (message: string) => issues.push({ platform, message });
  const hasText = text.trim().length > 0;

  const length = textLengthFor(platform, text, options);
  if (length > rules.maxLength) {
    add(
      `${rules.name} allows at most ${rules.maxLength.toLocaleString('en-US')} characters; this text has ${length.toLocaleString('en-US')}.`,
    );
  }
  if (media.length === 0 && !rules.allowsTextOnly) {
    add(
      rules.maxImages === 0
        ? `${rules.name} needs a video: attach one to post there.`
        : `${rules.name} needs at least one image or video.`,
    );
  }
  if (!hasText && media.length === 0) add(`${rules.name}: write something or attach media.`);
  if (!hasText && media.length > 0 && !rules.allowsMediaOnly) add(`${rules.name} needs text with the media.`);
  issues.push(...checkPlatformMedia(platform, media));
  return issues;
}

/**
 * One platform's media rules alone (count, kinds, formats, sizes, durations): a post's media through
 * `checkPlatformRules`, and a thread part's media (threads.ts).
 */
export function checkPlatformMedia(platform: PlatformId, media: readonly MediaFacts[]): PlatformIssue[] {
  const rules = PLATFORMS[platform];
  const issues: PlatformIssue[] = [];
  const add = (message: string) => issues.push({ platform, message });
  const kinds = media.map((item) => mediaKindOf(item.mimeType));
  const images = kinds.filter((kind) => kind === 'image' || kind === 'gif').length;
  const videos = kinds.filter((kind) => kind === 'video').length;
  if (images > rules.maxImages) {
    add(
      rules.maxImages === 0
        ? `${rules.name} does not take images; attach a video instead.`
        : `${rules.name} allows at most ${rules.maxImages} images per post; this post has ${images}.`,
    );
  }
  if (videos > rules.maxVideos) {
    add(`${rules.name} allows at most ${rules.maxVideos} video${rules.maxVideos === 1 ? '' : 's'} per post.`);
  }
  if (images > 0 && videos > 0 && !rules.allowsMixedMedia) {
    add(`${rules.name} cannot mix images and a video in one post.`);
  }
  if (platform === 'twitter' && kinds.includes('gif') && media.length > 1) {
    add(`${rules.name} allows one GIF per post, with no other media.`);
  }

  media.forEach((item, index) => {
    const kind = kinds[index];
    const rule = kind === 'gif' ? (rules.gif ?? rules.image) : kind ? rules[kind] : undefined;
    if (!kind || !rule) {
      add(`${rules.name} cannot take "${item.name}" (${item.mimeType || 'unknown type'}).`);
      return;
    }
    if (!rule.mimeTypes.includes(item.mimeType) && !rule.convertsToJpeg?.includes(item.mimeType)) {
      add(
        `${rules.name} takes ${kind === 'video' ? 'videos' : 'images'} as ${formatList(rule.mimeTypes)}; "${item.name}" is ${FORMAT_NAMES[item.mimeType] ?? item.mimeType}.`,
      );
    }
    if (item.sizeBytes > rule.maxBytes) {
      add(
        `${rules.name} takes files up to ${formatBytes(rule.maxBytes)}; "${item.name}" is ${formatBytes(item.sizeBytes)}.`,
      );
    }
    const duration = item.durationSeconds;
    if (kind === 'video' && typeof duration === 'number') {
      if (rule.maxSeconds !== undefined && duration > rule.maxSeconds) {
        add(
          `${rules.name} takes videos up to ${formatSeconds(rule.maxSeconds)}; "${item.name}" lasts ${formatSeconds(Math.round(duration))}.`,
        );
      }
      if (rule.minSeconds !== undefined && duration < rule.minSeconds) {
        add(
          `${rules.name} needs videos of at least ${formatSeconds(rule.minSeconds)}; "${item.name}" lasts ${formatSeconds(Math.round(duration * 10) / 10)}.`,
        );
      }
    }
  });
  return issues;
}

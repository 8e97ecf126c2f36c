import { z } from 'zod';
import { PLATFORMS, type PlatformId } from './platforms';

/**
 * Alt text per image and the first comment (docs/alt-text-and-first-comment.md, decision 0093): which platforms
 * take them and how long they may be, shared by the composer and the server so both give the same messages.
 */

/** The longest alt text stored for one media item (the largest limit any platform is known to take). */
export const MAX_ALT_TEXT = 1500;

/**
 * Platforms whose API takes a description of each image, and the longest one they take. `null`: no limit
 * documented by the platform, so the stored cap applies. Absent: the platform has no alt text (TikTok, YouTube).
 * X: `POST /2/media/metadata`, 1000 characters; Mastodon: `description`, 1500 on mastodon.social-style servers.
 */
export const ALT_TEXT_LIMITS: Readonly<Partial<Record<PlatformId, number | null>>> = {
  twitter: 1000,
  mastodon: 1500,
  bluesky: null,
  linkedin: null,
  facebook: null,
  instagram: null,
  threads: null,
};

export function acceptsAltText(platform: PlatformId): boolean {
  return platform in ALT_TEXT_LIMITS;
}

/** The longest alt text `platform` takes (the stored cap where it documents none); 0 when it takes none. */
export function altTextLimit(platform: PlatformId): number {
  if (!acceptsAltText(platform)) return 0;
  return ALT_TEXT_LIMITS[platform] ?? MAX_ALT_TEXT;
}

/** The longest first comment stored: Relaycast's own cap (a first comment is a line or two: hashtags, a link). */
export const MAX_FIRST_COMMENT = 1250;

/** Platforms whose API lets the account comment on its own post right after publishing it. */
export const FIRST_COMMENT_PLATFORMS: readonly PlatformId[] = [
  'instagram',
  'facebook',
  'linkedin',
  'youtube',
];

export function acceptsFirstComment(platform: PlatformId): boolean {
  return FIRST_COMMENT_PLATFORMS.includes(platform);
}

export const ALT_TEXT_MESSAGES = {
  tooLong: (platformName: string, limit: number, position: number) =>
    `${platformName} takes alt text of at most ${limit.toLocaleString('en-US')} characters; image ${position}'s is longer.`,
  storedTooLong: `Alt text is limited to ${MAX_ALT_TEXT.toLocaleString('en-US')} characters.`,
  firstCommentTooLong: `The first comment is limited to ${MAX_FIRST_COMMENT.toLocaleString('en-US')} characters.`,
  commentNotRetryable: 'Only a first comment that failed on a published post can be retried.',
  commentNotSupported: 'This platform does not take a first comment through its API.',
} as const;

/** `altTexts` of a post's input: media id → its description. */
export const altTextsSchema = z
  .record(z.string().min(1).max(100), z.string().max(MAX_ALT_TEXT, ALT_TEXT_MESSAGES.storedTooLong))
  .refine((value) => Object.keys(value).length <= 100, { message: 'Too many alt texts.' });

export const firstCommentSchema = z.string().max(MAX_FIRST_COMMENT, ALT_TEXT_MESSAGES.firstCommentTooLong);

/** Counts characters as people see them (code points), the way the platforms count alt text. */
export function altTextLength(text: string): number {
  return [...text].length;
}

/** Each chosen platform's alt-text limit, for the media in order (`position` is 1-based in the message). */
export function checkAltTexts(
  platforms: readonly PlatformId[],
  altTexts: readonly string[],
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  for (const platform of platforms) {
    const limit = ALT_TEXT_LIMITS[platform];
    if (limit === undefined || limit === null) continue;
    altTexts.forEach((text, index) => {
      if (altTextLength(text) > limit) {
        problems.push({
          path: platform,
          message: ALT_TEXT_MESSAGES.tooLong(PLATFORMS[platform].name, limit, index + 1),
        });
      }
    });
  }
  return problems;
}

/** The longest alt text every chosen platform takes (the stored cap when none of them has a lower limit). */
export function altTextLimitFor(platforms: readonly PlatformId[]): number {
  const limits = platforms.filter(acceptsAltText).map(altTextLimit);
  return limits.length > 0 ? Math.min(...limits) : MAX_ALT_TEXT;
}

import { mediaKindOf, type PlatformId } from './platforms';
import { hostOf, type PreviewAccount, type PreviewAuthor, previewAuthor } from './post-preview-author';
import {
  type MediaFrame,
  PREVIEW_RULES,
  type PreviewMedia,
  type RatioBounds,
  TALLEST,
} from './post-preview-rules';
import { youTubeTitleAndDescription } from './youtube';

/**
 * How each network draws a post in its feed, for the composer's preview: the frame it gives the media, where it
 * folds the text behind "…more", whether a link becomes a card, and how the author reads. Pure functions over
 * the table in packages/shared/src/post-preview-rules.ts; its figures and their sources are in
 * docs/post-previews.md.
 */

/** Width over height of a file; a square when its size is unknown. */
export function ratioOf(media: PreviewMedia): number {
  const { width, height } = media;
  return width && height && width > 0 && height > 0 ? width / height : 1;
}

function clamp(value: number, { min, max }: RatioBounds): number {
  return Math.min(Math.max(value, min), max);
}

/** A vertical player (9:16): a vertical file fills it, any other is letterboxed. */
function vertical(media: PreviewMedia): Pick<MediaFrame, 'aspectRatio' | 'fit'> {
  return { aspectRatio: 9 / 16, fit: ratioOf(media) <= 0.6 ? 'cover' : 'contain' };
}

/** YouTube files a vertical or square video of up to three minutes as a Short; any other plays at 16:9. */
export const SHORTS_MAX_SECONDS = 180;
function isShort(media: PreviewMedia): boolean {
  const seconds = media.durationSeconds;
  return ratioOf(media) <= 1 && (seconds === null || seconds === undefined || seconds <= SHORTS_MAX_SECONDS);
}

function singleFrame(platform: PlatformId, media: PreviewMedia): MediaFrame | null {
  const rules = PREVIEW_RULES[platform];
  const isVideo = mediaKindOf(media.mimeType) === 'video';
  const rule = isVideo ? rules.video : rules.image;
  const frame = { layout: 'single', shown: 1, hidden: 0, dots: 0 } as const;
  if (rule === null) return null;
  if (rule === 'youtube') {
    return isShort(media)
      ? { ...frame, ...vertical(media), badge: 'short' }
      : { ...frame, aspectRatio: 16 / 9, fit: ratioOf(media) >= 1.7 ? 'cover' : 'contain', badge: null };
  }
  if (rule === 'reel') {
    return { ...frame, aspectRatio: 4 / 5, fit: ratioOf(media) <= 1 ? 'cover' : 'contain', badge: 'reel' };
  }
  if (rule === 'vertical') return { ...frame, ...vertical(media), badge: null };
  return { ...frame, ...withinBounds(media, rule), badge: null };
}

function withinBounds(media: PreviewMedia, bounds: RatioBounds): Pick<MediaFrame, 'aspectRatio' | 'fit'> {
  return { aspectRatio: Math.max(clamp(ratioOf(media), bounds), TALLEST), fit: 'cover' };
}

function severalFrame(platform: PlatformId, media: readonly PreviewMedia[]): MediaFrame {
  const { several, image } = PREVIEW_RULES[platform];
  const first = media[0] as PreviewMedia;
  if (several === 'carousel' || several === 'row') {
    // Every item takes the first one's box, framed as an image (Instagram: within 4:5 and 1.91:1).
    const box = image === 'vertical' || image === null ? vertical(first) : withinBounds(first, image);
    const layout = { layout: several, shown: several === 'row' ? media.length : 1, hidden: 0 } as const;
    return { ...layout, ...box, dots: several === 'carousel' ? media.length : 0, badge: null };
  }
  const shown = Math.min(media.length, 4);
  return {
    layout: 'grid',
    aspectRatio: several.grid[shown - 2] ?? 1,
    fit: 'cover',
    shown,
    hidden: media.length - shown,
    dots: 0,
    badge: null,
  };
}

/**
 * The box the network's feed draws the attached media in: one item at its ratio within the network's bounds, a
 * vertical player, a carousel, a grid or a row. Null when there is nothing the network would show (no media,
 * or images on YouTube).
 */
export function mediaFrame(platform: PlatformId, media: readonly PreviewMedia[]): MediaFrame | null {
  // YouTube publishes one video and nothing else: the preview frames that video.
  const shown =
    platform === 'youtube'
      ? media.filter((item) => mediaKindOf(item.mimeType) === 'video').slice(0, 1)
      : media;
  if (shown.length === 0) return null;
  if (shown.length === 1) return singleFrame(platform, shown[0] as PreviewMedia);
  // TikTok posts one video, or photos: a video first is the post.
  if (platform === 'tiktok' && mediaKindOf(shown[0]?.mimeType ?? '') === 'video') {
    return singleFrame(platform, shown[0] as PreviewMedia);
  }
  return severalFrame(platform, shown);
}

export interface FoldedText {
  /** What the feed shows before "…more" (the whole text when it is not folded). */
  text: string;
  isFolded: boolean;
}

/** Cut a text to `limit` characters, back to the last space when one is near, without trailing blanks. */
function cutAt(chars: readonly string[], limit: number): string {
  const cut = chars.slice(0, limit);
  const space = cut.findLastIndex((char) => /\s/.test(char));
  const kept = space >= limit * 0.6 ? cut.slice(0, space) : cut;
  return kept.join('').trimEnd();
}

/** The text as the network's feed shows it before its "…more" button (docs/post-previews.md). */
export function foldText(platform: PlatformId, text: string): FoldedText {
  const fold = PREVIEW_RULES[platform].fold;
  const whole = text.trimEnd();
  if (!fold) return { text: whole, isFolded: false };
  let shown = whole;
  if (fold.lines !== null) {
    const lines = whole.split('\n');
    if (lines.length > fold.lines) shown = lines.slice(0, fold.lines).join('\n').trimEnd();
  }
  const chars = [...shown];
  if (chars.length > fold.characters) shown = cutAt(chars, fold.characters);
  return shown.length < whole.length ? { text: shown, isFolded: true } : { text: whole, isFolded: false };
}

export interface LinkCard {
  url: string;
  /** The host without `www.`, as the cards print it. */
  domain: string;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/i;

/** The first http(s) link in a text, without the punctuation that ends the sentence around it. */
export function firstLink(text: string): LinkCard | null {
  const match = URL_IN_TEXT.exec(text)?.[0];
  if (!match) return null;
  const url = match.replace(/[.,;:!?'")\]}]+$/, '');
  const host = hostOf(url);
  return host ? { url, domain: host.replace(/^www\./, '') } : null;
}

/**
 * The link card the network draws under the text: for the first link, on networks that unfurl links, when no
 * media is attached (media takes the card's place).
 */
export function linkCardFor(platform: PlatformId, text: string, mediaCount: number): LinkCard | null {
  if (!PREVIEW_RULES[platform].linkCard || mediaCount > 0) return null;
  return firstLink(text);
}

/** Whether links in the text are links at all (Instagram and TikTok captions print them as plain text). */
export function linksAreClickable(platform: PlatformId): boolean {
  return PREVIEW_RULES[platform].linkCard;
}

export interface PostPreviewModel {
  platform: PlatformId;
  author: PreviewAuthor;
  frame: MediaFrame | null;
  /** The text as the feed shows it: folded where the network folds it; YouTube's is its description. */
  text: FoldedText;
  /** YouTube: the video's title (the text's first line); null elsewhere. */
  title: string | null;
  linkCard: LinkCard | null;
  linksAreClickable: boolean;
}

/** Everything one network's preview draws for a post. */
export function postPreview(
  platform: PlatformId,
  input: {
    text: string;
    media: readonly PreviewMedia[];
    account: PreviewAccount | null;
    authorName: string;
  },
): PostPreviewModel {
  const isYouTube = platform === 'youtube';
  const video = isYouTube && input.text.trim() ? youTubeTitleAndDescription(input.text) : null;
  return {
    platform,
    author: previewAuthor(platform, input.account, input.authorName),
    frame: mediaFrame(platform, input.media),
    // The feed shows a YouTube video's title only: the description waits on the watch page.
    text: isYouTube ? { text: '', isFolded: false } : foldText(platform, input.text),
    title: video?.title ?? null,
    linkCard: linkCardFor(platform, input.text, input.media.length),
    linksAreClickable: linksAreClickable(platform),
  };
}

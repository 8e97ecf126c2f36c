import type { PlatformId } from './platforms';

/**
 * Each network's feed as the composer's preview draws it: the bounds of its media frame, its fold and whether it
 * unfurls links, one entry per network. Where each figure comes from: docs/post-previews.md. The functions that
 * read it are in packages/shared/src/post-preview.ts.
 */

/** What the preview knows of an attached file (a post's media or a library item). */
export interface PreviewMedia {
  mimeType: string;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
}

/**
 * - `single`: one item in one box.
 * - `carousel`: the first item's box, with a dot per item (Instagram, TikTok photos).
 * - `grid`: two to four tiles in one box (X, Facebook, LinkedIn, Bluesky, Mastodon); "+N" on the last tile.
 * - `row`: items side by side, scrolled sideways (Threads).
 */
export type FrameLayout = 'single' | 'carousel' | 'grid' | 'row';

export interface MediaFrame {
  layout: FrameLayout;
  /** Width over height of the box the feed draws (of each item, for a row). */
  aspectRatio: number;
  /** `cover` crops the media to the box; `contain` letterboxes it (a landscape video in a vertical player). */
  fit: 'cover' | 'contain';
  /** How many items are drawn. */
  shown: number;
  /** Attached items the feed does not draw (the "+N" of a grid). */
  hidden: number;
  /** Carousel dots: one per item; 0 for any other layout. */
  dots: number;
  /** The vertical-video format the network files it under. */
  badge: 'reel' | 'short' | null;
}

/** Where the feed folds a long text: after so many characters or lines, whichever comes first. */
export interface TextFold {
  characters: number;
  lines: number | null;
  /** The words of the button that unfolds it. */
  label: 'more' | 'seeMore';
}

/** The bounds (width over height) a network keeps a single item's ratio within. */
export interface RatioBounds {
  min: number;
  max: number;
}

export interface PreviewRules {
  /** How one image is framed; null: the network takes no images (YouTube). */
  image: RatioBounds | 'vertical' | null;
  /**
   * How one video is framed: kept within bounds, a vertical player, Instagram's Reel (4:5 in the feed) or
   * YouTube's choice between a Short and a 16:9 video.
   */
  video: RatioBounds | 'vertical' | 'reel' | 'youtube';
  /** Several items: the layout and, for a grid, the box's ratio by number of tiles. */
  several: 'carousel' | 'row' | { grid: readonly [two: number, three: number, four: number] };
  /** Where the text folds; null: the whole text shows (within the network's limit). */
  fold: TextFold | null;
  /** Whether a link in the text becomes a card (and is clickable at all). */
  linkCard: boolean;
}

const META_FEED: RatioBounds = { min: 4 / 5, max: 1.91 };
const X_FEED: RatioBounds = { min: 3 / 4, max: 16 / 9 };
const BLUESKY_FEED: RatioBounds = { min: 1 / 2, max: Number.POSITIVE_INFINITY };
const FREE: RatioBounds = { min: 0, max: Number.POSITIVE_INFINITY };
/** A tall single item is drawn no taller than 9:16 in the preview, whatever the network does beyond that. */
export const TALLEST = 9 / 16;

/** One entry per network (docs/post-previews.md says where each figure comes from). */
export const PREVIEW_RULES: Readonly<Record<PlatformId, PreviewRules>> = {
  instagram: {
    image: META_FEED,
    // A video is published as a Reel (apps/server/src/platforms/instagram); the feed shows it at 4:5.
    video: 'reel',
    several: 'carousel',
    fold: { characters: 125, lines: 2, label: 'more' },
    linkCard: false,
  },
  twitter: {
    image: X_FEED,
    video: X_FEED,
    several: { grid: [16 / 9, 16 / 9, 16 / 9] },
    fold: null,
    linkCard: true,
  },
  facebook: {
    image: META_FEED,
    video: { min: 4 / 5, max: 16 / 9 },
    several: { grid: [1, 1, 1] },
    fold: { characters: 477, lines: null, label: 'seeMore' },
    linkCard: true,
  },
  linkedin: {
    image: META_FEED,
    video: { min: 4 / 5, max: 16 / 9 },
    several: { grid: [1, 1, 1] },
    fold: { characters: 210, lines: 3, label: 'seeMore' },
    linkCard: true,
  },
  tiktok: {
    image: 'vertical',
    video: 'vertical',
    several: 'carousel',
    fold: { characters: 150, lines: 2, label: 'more' },
    linkCard: false,
  },
  youtube: {
    image: null,
    video: 'youtube',
    several: 'carousel',
    fold: null,
    linkCard: false,
  },
  bluesky: {
    image: BLUESKY_FEED,
    video: BLUESKY_FEED,
    several: { grid: [2, 2, 3 / 2] },
    fold: null,
    linkCard: true,
  },
  mastodon: {
    image: FREE,
    video: FREE,
    several: { grid: [3 / 2, 3 / 2, 3 / 2] },
    fold: null,
    linkCard: true,
  },
  threads: {
    image: META_FEED,
    video: META_FEED,
    several: 'row',
    fold: null,
    linkCard: true,
  },
};

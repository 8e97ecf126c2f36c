import type { PlatformId } from '@relaycast/shared/platforms';
import type { PostStatus } from '@relaycast/shared/posts';
import type { ReelCover } from '@relaycast/shared/reel-covers';
import type { ShortLinkPostOptions } from '@relaycast/shared/short-links';
import type { PostWatermarkChoice } from '@relaycast/shared/watermarks';
import type { AttachedMedia } from '../media/attached-media';

/** What create, update and duplicate write: the post's row (less its identity), its media and its accounts. */
export interface PostBody {
  content: string;
  platforms: PlatformId[];
  overrides: Record<string, string>;
  timezone: string;
  status: PostStatus;
  scheduledAt: Date | null;
  media: readonly AttachedMedia[];
  /** The accounts to publish with (null: keep the post's, or the only one of each platform). */
  accountIds: readonly string[] | null;
  /** The post's short-link choice, when the input carries one (modules/short-links/short-links-posts.ts). */
  shortLinks?: ShortLinkPostOptions;
  /** The post's watermark choice, when the input carries one (modules/watermarks). */
  watermark?: PostWatermarkChoice;
  /** Alt text by media id, and the first comment (docs/alt-text-and-first-comment.md); absent, the stored stay. */
  altTexts?: Readonly<Record<string, string>>;
  /** The alt texts of `media` by id as the checks saw them (the input's or the stored), when already read. */
  mediaAltTexts?: Readonly<Record<string, string>>;
  firstComment?: string;
  /** The Instagram Reel's cover (docs/reel-covers.md), when the input carries one (null: none). */
  reelCover?: ReelCover | null;
  /** Parts 2..N of a thread (docs/threads.md); absent, the stored ones stay. */
  threadParts?: string[];
  /** The media of parts 2..N (posts-thread-media.ts); absent, the stored stay (less those of removed parts). */
  threadMedia?: AttachedMedia[][];
  /** The post's labels by id (docs/labels.md); absent, the stored ones stay. */
  labelIds?: readonly string[];
}

/**
 * The texts of a post that are counted and whose addresses may be shortened at publish: its text, the
 * per-platform overrides, the thread's parts and the first comment (a post's input or its stored row).
 */
export function postTexts(post: {
  content: string;
  overrides?: unknown;
  threadParts?: readonly string[] | null | undefined;
  firstComment?: string | null | undefined;
}) {
  return [post.content, post.overrides ?? null, post.threadParts ?? null, post.firstComment ?? null];
}

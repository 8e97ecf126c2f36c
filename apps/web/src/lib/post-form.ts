import { instantToZoned, zonedToInstant } from '@relaycast/shared/calendar';
import type { Label } from '@relaycast/shared/labels';
import type { MediaItem } from '@relaycast/shared/media';
import type { MediaFacts, PlatformId, TextLengthOptions } from '@relaycast/shared/platforms';
import type { Post, PostAction, PostInput, PostProblem, postMediaSchema } from '@relaycast/shared/posts';
import type { ReelCover } from '@relaycast/shared/reel-covers';
import type { ShortLinkPostOptions } from '@relaycast/shared/short-links';
import type { PostWatermarkChoice } from '@relaycast/shared/watermarks';
import type { z } from 'zod';
import { findPostProblems } from '@/lib/post-problems';

export type AttachedMedia = z.infer<typeof postMediaSchema>;

/** Everything the composer form holds. Date and time are local to the user's time zone. */
export interface PostFormValues {
  content: string;
  platforms: PlatformId[];
  /** Per-platform text; a platform without a key gets `content`. */
  overrides: Partial<Record<PlatformId, string>>;
  media: AttachedMedia[];
  /**
   * The accounts chosen per platform. A platform without an entry uses the workspace's only connected account
   * for it (the server picks the same one).
   */
  accounts: Partial<Record<PlatformId, string[]>>;
  date: string;
  time: string;
  /** The composer's "Shorten links" switch and campaign once changed (sent with the post); unset, the stored ones. */
  shortLinks?: ShortLinkPostOptions;
  /** The post's watermark choice once changed (sent with the post); unset, the stored one. */
  watermark?: PostWatermarkChoice;
  /** Commented on the post right after it is published, where the platform allows (alt-text.ts). */
  firstComment: string;
  /** The Instagram Reel's cover once changed (sent with the post; null: the first frame); unset, the stored one. */
  reelCover?: ReelCover | null;
  /** Parts 2..N of a thread on the thread platforms (threads.ts); part 1 is `content`. */
  threadParts?: string[];
  /** The media of parts 2..N, one list per part in the parts' order (threads.ts). */
  threadMedia?: AttachedMedia[][];
  /** The post's labels (docs/labels.md); sent only once changed (`labelsChanged`), else the stored ones stay. */
  labels?: Label[];
  labelsChanged?: boolean;
}

export function emptyValues(content = '', slot = { date: '', time: '' }): PostFormValues {
  return { content, platforms: [], overrides: {}, media: [], accounts: {}, firstComment: '', ...slot };
}

/** The form's values for an existing post; a scheduled post's time is shown in the user's time zone. */
export function valuesFromPost(
  post: Post,
  timeZone: string,
  fallbackSlot: { date: string; time: string },
): PostFormValues {
  return {
    content: post.content,
    platforms: [...post.platforms],
    overrides: { ...post.overrides },
    media: post.media.map((item) => ({ ...item })),
    accounts: accountsFromTargets(post),
    firstComment: post.firstComment ?? '',
    threadParts: [...(post.threadParts ?? [])],
    threadMedia: (post.threadParts ?? []).map((_, index) =>
      (post.threadMedia?.[index] ?? []).map((item) => ({ ...item })),
    ),
    labels: [...(post.labels ?? [])],
    ...(post.scheduledAt ? instantToZoned(post.scheduledAt, timeZone) : fallbackSlot),
  };
}

function accountsFromTargets(post: Post): Partial<Record<PlatformId, string[]>> {
  const accounts: Partial<Record<PlatformId, string[]>> = {};
  for (const target of post.targets) {
    const list = accounts[target.platform] ?? [];
    if (target.accountId) list.push(target.accountId);
    accounts[target.platform] = list;
  }
  return accounts;
}

export function attachedFromLibrary(item: MediaItem): AttachedMedia {
  return {
    id: item.id,
    name: item.name,
    mimeType: item.mimeType,
    sizeBytes: item.sizeBytes,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    durationSeconds: item.durationSeconds,
    width: item.width,
    height: item.height,
    altText: '',
  };
}

export function mediaFacts(media: readonly AttachedMedia[]): MediaFacts[] {
  return media.map(({ name, mimeType, sizeBytes, durationSeconds }) => ({
    name,
    mimeType,
    sizeBytes,
    durationSeconds,
  }));
}

/** The chosen date and time as an instant, or null when either is missing or not a real time. */
export function scheduledInstant(
  values: Pick<PostFormValues, 'date' | 'time'>,
  timeZone: string,
): Date | null {
  if (!values.date || !values.time) return null;
  try {
    return zonedToInstant(values.date, values.time.slice(0, 5), timeZone);
  } catch {
    return null;
  }
}

/** The request body for the action; only the overrides of chosen platforms are sent. */
export function buildPostInput(values: PostFormValues, action: PostAction, timeZone: string): PostInput {
  const overrides: Record<string, string> = {};
  for (const platform of values.platforms) {
    const text = values.overrides[platform];
    if (text !== undefined) overrides[platform] = text;
  }
  const instant = action === 'schedule' ? scheduledInstant(values, timeZone) : null;
  const accountIds = values.platforms.flatMap((platform) => values.accounts[platform] ?? []);
  const partMedia = threadMediaOf(values);
  return {
    content: values.content,
    platforms: values.platforms,
    overrides,
    mediaIds: values.media.map((item) => item.id),
    // One alt text per file: a file on the post and on a part carries the post's.
    altTexts: Object.fromEntries(
      [...partMedia.flat(), ...values.media].map((item) => [item.id, item.altText ?? '']),
    ),
    firstComment: values.firstComment ?? '',
    threadParts: values.threadParts ?? [],
    threadMedia: partMedia.map((files) => files.map((item) => item.id)),
    accountIds,
    action,
    ...(instant ? { scheduledAt: instant.toISOString() } : {}),
    timezone: timeZone,
    ...(values.shortLinks ? { shortLinks: values.shortLinks } : {}),
    ...(values.watermark ? { watermark: values.watermark } : {}),
    ...(values.reelCover !== undefined ? { reelCover: values.reelCover } : {}),
    ...(values.labelsChanged ? { labelIds: (values.labels ?? []).map((label) => label.id) } : {}),
  };
}

/**
 * The problems the server would report for this action, found before sending; `textOptions` counts each address
 * as its short link when the post's links are shortened, as the server does.
 */
export function validatePostForm(
  values: PostFormValues,
  action: PostAction,
  timeZone: string,
  now: Date = new Date(),
  textOptions: TextLengthOptions = {},
): PostProblem[] {
  const input = buildPostInput(values, action, timeZone);
  const threadMedia = threadMediaOf(values).map((files) => ({
    media: mediaFacts(files),
    altTexts: files.map((item) => item.altText ?? ''),
  }));
  return findPostProblems(input, mediaFacts(values.media), now, textOptions, threadMedia);
}

/** One list of files per part 2..N (a part without media: none), as long as the parts. */
export function threadMediaOf(
  values: Pick<PostFormValues, 'threadParts' | 'threadMedia'>,
): AttachedMedia[][] {
  return (values.threadParts ?? []).map((_, index) => values.threadMedia?.[index] ?? []);
}

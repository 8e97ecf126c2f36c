import { z } from 'zod';
import { checkAltTexts } from './alt-text';
import {
  checkPlatformMedia,
  isPlatformId,
  type MediaFacts,
  PLATFORMS,
  type PlatformId,
  type TextLengthOptions,
  textLengthFor,
} from './platforms';

/**
 * Threads (docs/threads.md, docs/decisions/0109-threads.md): a post's text is part 1; `threadParts` are parts
 * 2..N, published in order, each as a reply to the part before it. Parts are shared by every thread-capable
 * platform of the post (an override replaces part 1 only); other platforms get part 1 alone.
 */

/** The platforms that publish a post's thread parts as a chain of replies. */
export const THREAD_PLATFORMS = [
  'twitter',
  'threads',
  'bluesky',
  'mastodon',
] as const satisfies readonly PlatformId[];

/** Parts of one thread, part 1 (the post's text) included. */
export const MAX_THREAD_PARTS = 25;

/**
 * Files on one part after the first (the most any thread platform takes on one post: Threads' 10); each
 * platform's own count, kinds and sizes are checked per part by `checkThreadParts`.
 */
export const MAX_MEDIA_PER_THREAD_PART = 10;

export function supportsThreads(platform: string): boolean {
  return (THREAD_PLATFORMS as readonly string[]).includes(platform);
}

export const THREAD_MESSAGES = {
  tooManyParts: `A thread has at most ${MAX_THREAD_PARTS} parts.`,
  emptyPart: (part: number) =>
    `Part ${part} of the thread is empty: write something, attach media or remove it.`,
  /** A platform's media rule broken by one part's files (the rule's own message after the part). */
  partMedia: (part: number, message: string) => `Part ${part} of the thread: ${message}`,
  tooManyPartMedia: `A part of a thread has at most ${MAX_MEDIA_PER_THREAD_PART} files.`,
  mediaWithoutPart: 'Media was given for a thread part that does not exist.',
  partTooLong: (part: number, platform: string, max: number, length: number) =>
    `Part ${part} of the thread is too long for ${platform}: at most ${max.toLocaleString('en-US')} characters, this part has ${length.toLocaleString('en-US')}.`,
  /** A target whose thread stopped part-way: shown before the platform's reason. */
  partial: (published: number, total: number) => `Published ${published} of ${total} parts.`,
  partUnknown: (part: number) =>
    `Part ${part} of the thread may or may not have reached the platform: check the account, then mark it or retry.`,
} as const;

/** Parts 2..N of a thread (the post's text is part 1). */
export const threadPartsSchema = z
  .array(z.string().max(70_000))
  .max(MAX_THREAD_PARTS - 1, THREAD_MESSAGES.tooManyParts);

/** The media ids of parts 2..N, in the parts' order (`[]` for a part without media). */
export const threadMediaSchema = z
  .array(z.array(z.string().min(1).max(100)).max(MAX_MEDIA_PER_THREAD_PART, THREAD_MESSAGES.tooManyPartMedia))
  .max(MAX_THREAD_PARTS - 1, THREAD_MESSAGES.tooManyParts);

export interface ThreadProblem {
  /** `thread.<index>` (index 0 = part 2), so the composer can put the message under the part. */
  path: string;
  message: string;
}

/** What a part carries besides its text: its files (as the rules see them) and their alt texts, in order. */
export interface ThreadPartMedia {
  media: readonly MediaFacts[];
  altTexts?: readonly string[];
}

/**
 * Each part against each chosen thread-capable platform's limit, counted as the main text is, and its media
 * against the platform's per-post media rules and alt-text limits (`partMedia[index]`, index 0 = part 2).
 */
export function checkThreadParts(
  platforms: readonly string[],
  parts: readonly string[],
  options: TextLengthOptions = {},
  partMedia: readonly (ThreadPartMedia | undefined)[] = [],
): ThreadProblem[] {
  const problems: ThreadProblem[] = [];
  const threadPlatforms = platforms.filter(isPlatformId).filter(supportsThreads);
  // Without a thread platform the parts are kept but not published: nothing to check.
  if (parts.length === 0 || threadPlatforms.length === 0) return problems;
  parts.forEach((text, index) => {
    const part = index + 2;
    const path = `thread.${index}`;
    const media = partMedia[index]?.media ?? [];
    if (!text.trim() && media.length === 0) {
      problems.push({ path, message: THREAD_MESSAGES.emptyPart(part) });
      return;
    }
    for (const platform of threadPlatforms) {
      const rules = PLATFORMS[platform];
      const length = textLengthFor(platform, text, options);
      if (length > rules.maxLength) {
        problems.push({
          path,
          message: THREAD_MESSAGES.partTooLong(part, rules.name, rules.maxLength, length),
        });
      }
      for (const issue of checkPlatformMedia(platform, media))
        problems.push({ path, message: THREAD_MESSAGES.partMedia(part, issue.message) });
    }
    for (const issue of checkAltTexts(threadPlatforms, partMedia[index]?.altTexts ?? []))
      problems.push({ path, message: THREAD_MESSAGES.partMedia(part, issue.message) });
  });
  return problems;
}

/** The texts a target publishes in order: part 1 (its own text) then the shared parts on thread platforms. */
export function threadTextsFor(platform: string, firstText: string, parts: readonly string[]): string[] {
  return supportsThreads(platform) ? [firstText, ...parts] : [firstText];
}

import { z } from 'zod';
import { altTextsSchema, checkAltTexts, firstCommentSchema } from './alt-text';
import { isValidTimeZone } from './calendar';
import { labelSchema, postLabelIdsSchema } from './labels';
import {
  checkPlatformRules,
  isPlatformId,
  type MediaFacts,
  PLATFORM_IDS,
  type PlatformId,
  type TextLengthOptions,
} from './platforms';
import { postTargetSchema } from './publishing';
import { reelCoverSchema } from './reel-covers';
import { shortLinkPostOptionsSchema } from './short-links';
import {
  checkThreadParts,
  THREAD_MESSAGES,
  type ThreadPartMedia,
  threadMediaSchema,
  threadPartsSchema,
} from './threads';
import { postWatermarkChoiceSchema } from './watermarks';

/** Post statuses. The publishing issue adds the per-target states and sums them into these. */
export const POST_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'published',
  'partially_published',
  'failed',
  // Approvals (approvals.ts): a post not approved yet, sent back, rejected, or past its time unapproved.
  'awaiting_approval',
  'changes_requested',
  'rejected',
  'expired',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A post in these states has reached (or is reaching) a platform: its content and time are history. */
export const LOCKED_POST_STATUSES: readonly PostStatus[] = ['publishing', 'published', 'partially_published'];

/** What the composer asks the server to do with a post. */
/** `now`: publish at once (the workers pick it up within a second). */
export const POST_ACTIONS = ['draft', 'schedule', 'queue', 'now'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export const MAX_POST_CONTENT = 70_000;
export const MAX_MEDIA_PER_POST = 35;

export const POST_MESSAGES = {
  empty: 'Write something or attach media before saving.',
  noPlatform: 'Choose at least one platform.',
  unknownPlatform: (value: string) => `Unknown platform: ${value}.`,
  scheduleNeedsTime: 'Choose a date and time to schedule this post.',
  scheduleInPast: 'Choose a time in the future to schedule this post.',
  invalidTimeZone: 'Unknown time zone.',
  queueFull: 'Every posting slot in the next 60 days is taken. Pick a date and time instead.',
  notFound: 'Post not found.',
  mediaNotFound: 'One of the attached files no longer exists in the media library.',
  notEditable: 'This post is being published or was already published and can no longer be changed.',
  rangeOrder: 'The end of the date range must come after its start.',
  saved: 'Draft saved',
  scheduled: 'Post scheduled',
  deleted: 'Post deleted',
  restored: 'Post restored',
} as const;

export const platformIdSchema = z
  .string()
  .refine(isPlatformId, { error: (issue) => POST_MESSAGES.unknownPlatform(String(issue.input)) });

export const timeZoneSchema = z.string().refine(isValidTimeZone, { message: POST_MESSAGES.invalidTimeZone });

/** Create or update a post (`POST /api/posts`, `PUT /api/posts/:id`). */
export const postInputSchema = z
  .object({
    content: z
      .string()
      .max(MAX_POST_CONTENT, `Posts are limited to ${MAX_POST_CONTENT.toLocaleString('en-US')} characters.`),
    platforms: z.array(platformIdSchema).min(1, POST_MESSAGES.noPlatform).max(PLATFORM_IDS.length),
    /** Per-platform text that replaces `content` for that platform (a shorter X version, say). */
    overrides: z.record(z.string(), z.string().max(MAX_POST_CONTENT)).default({}),
    mediaIds: z.array(z.string().min(1)).max(MAX_MEDIA_PER_POST).default([]),
    /**
     * The connected accounts to publish to, among the chosen platforms'. A platform with none chosen uses the
     * workspace's only connected account for it, or gets a `needs_account` target shown on the calendar.
     */
    accountIds: z.array(z.string().min(1).max(100)).max(100).default([]),
    action: z.enum(POST_ACTIONS),
    /** Required when action is `schedule`: an ISO instant with offset. */
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
    /** The IANA time zone the user scheduled in (kept so the local time survives daylight saving). */
    timezone: timeZoneSchema.default('UTC'),
    /**
     * The post's short-link choice (docs/decisions/0080-short-links.md), stored with the post in the same
     * transaction as `PUT /api/short-links/posts/:id` stores it; left out, the stored choice stays.
     */
    shortLinks: shortLinkPostOptionsSchema.optional(),
    /** The post's watermark choice (docs/watermarks.md); left out, the stored choice stays. */
    watermark: postWatermarkChoiceSchema.optional(),
    /**
     * Alt text of the attached media, by media id (docs/alt-text-and-first-comment.md); left out, the stored
     * texts of the files still attached stay. A file not named has none.
     */
    altTexts: altTextsSchema.optional(),
    /** Commented on the post right after it is published where the platform allows; left out, the stored one stays. */
    firstComment: firstCommentSchema.optional(),
    /** An Instagram Reel's cover (docs/reel-covers.md); null: Instagram's first frame; left out, the stored stays. */
    reelCover: reelCoverSchema.nullable().optional(),
    /** Parts 2..N of a thread on X, Threads, Bluesky and Mastodon (docs/threads.md); left out, the stored ones stay. */
    threadParts: threadPartsSchema.optional(),
    /**
     * The media ids of parts 2..N, in the parts' order (docs/threads.md); their alt texts come from `altTexts`.
     * Left out, the stored part media stay (those of parts removed go with them).
     */
    threadMedia: threadMediaSchema.optional(),
    /** The post's labels by id (docs/labels.md); left out, the stored ones stay; `[]` removes them. */
    labelIds: postLabelIdsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value.overrides)) {
      if (!isPlatformId(key))
        ctx.addIssue({
          code: 'custom',
          path: ['overrides', key],
          message: POST_MESSAGES.unknownPlatform(key),
        });
    }
    if (value.threadMedia && value.threadParts && value.threadMedia.length > value.threadParts.length) {
      ctx.addIssue({ code: 'custom', path: ['threadMedia'], message: THREAD_MESSAGES.mediaWithoutPart });
    }
    if (value.action === 'schedule' && !value.scheduledAt) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: POST_MESSAGES.scheduleNeedsTime });
    }
  });
export type PostInput = z.input<typeof postInputSchema>;
export type ParsedPostInput = z.output<typeof postInputSchema>;

/** Move a scheduled post (`PATCH /api/posts/:id/schedule`). */
export const rescheduleInputSchema = z.object({
  scheduledAt: z.iso.datetime({ offset: true }),
  timezone: timeZoneSchema.optional(),
});
export type RescheduleInput = z.infer<typeof rescheduleInputSchema>;

/** `GET /api/posts` query: the calendar asks for exactly its three weeks. */
export const listPostsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Comma-separated statuses. */
    status: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
      )
      .pipe(z.array(z.enum(POST_STATUSES)).optional()),
    q: z.string().trim().max(200).optional(),
    /** Only the posts carrying this label (docs/labels.md). */
    label: z.string().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to), {
    path: ['to'],
    message: POST_MESSAGES.rangeOrder,
  });
export type ListPostsQuery = z.input<typeof listPostsQuerySchema>;

export const postMediaSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** Pixels, as the media library measured them (null: unknown, e.g. a server without ffmpeg). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The file's description for people who cannot see it ('' when none was written; absent from older answers). */
  altText: z.string().optional(),
});

export const postSchema = z.object({
  id: z.string(),
  content: z.string(),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  overrides: z.record(z.string(), z.string()),
  media: z.array(postMediaSchema),
  /** Commented on the post once published, where the platform allows ('' when none; absent from older answers). */
  firstComment: z.string().optional(),
  /** Parts 2..N of the post's thread (docs/threads.md; absent from older answers). */
  threadParts: z.array(z.string()).optional(),
  /** The media of parts 2..N, in the parts' order, with their alt text (absent from older answers). */
  threadMedia: z.array(z.array(postMediaSchema)).optional(),
  /** The post's labels, by name (docs/labels.md; absent from older answers). */
  labels: z.array(labelSchema).optional(),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  /** Null once the author's account is gone (the post stays with the workspace). */
  authorId: z.string().nullable(),
  /**
   * The shared calendar's attribution (docs/decisions/0044-workspaces.md): "Created by X · Last changed by Y". Null when unknown (the
   * account is gone, or the row predates the record of who changed it).
   */
  createdByName: z.string().nullable().optional(),
  updatedByName: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the post goes: one target per connected account (publishing engine, docs/decisions/0007-publishing-engine.md). */
  targets: z.array(postTargetSchema),
});
export type Post = z.infer<typeof postSchema>;

export const postListSchema = z.object({ posts: z.array(postSchema) });

/** The text a platform receives: its override when there is one, else the shared content. */
export function contentFor(
  post: { content: string; overrides?: Record<string, string> },
  platform: PlatformId,
): string {
  return post.overrides?.[platform] ?? post.content;
}

export interface PostProblem {
  /** The field or platform the problem belongs to (`content`, `scheduledAt`, a platform id). */
  path: string;
  message: string;
}

/**
 * Every rule a post must meet before it is saved, shared by the composer and the server so both give the
 * same messages: not empty, a schedule in the future, and each platform's text and media limits.
 * Drafts are only checked for emptiness: a draft may be over a limit while the user is still working on it.
 * With `options.shortLinkBase` (the post's links are shortened at publish) each address counts as its short link.
 */
export function checkPost(
  input: Pick<ParsedPostInput, 'content' | 'platforms' | 'overrides' | 'action' | 'scheduledAt'> & {
    /** The media's alt texts in order, checked against each platform's limit (alt-text.ts). */
    altTextsInOrder?: readonly string[];
    /** Parts 2..N of a thread (threads.ts), each checked against each thread platform's limit. */
    threadParts?: readonly string[];
    /** The media of parts 2..N with their alt texts, checked against each thread platform's media rules. */
    threadMedia?: readonly (ThreadPartMedia | undefined)[];
  },
  media: readonly MediaFacts[],
  now: Date = new Date(),
  options: TextLengthOptions = {},
): PostProblem[] {
  const problems: PostProblem[] = [];
  const hasAnyText =
    input.content.trim().length > 0 || Object.values(input.overrides ?? {}).some((t) => t.trim());
  if (!hasAnyText && media.length === 0) {
    problems.push({ path: 'content', message: POST_MESSAGES.empty });
    return problems;
  }
  if (input.action === 'draft') return problems;
  if (
    input.action === 'schedule' &&
    input.scheduledAt &&
    new Date(input.scheduledAt).getTime() <= now.getTime()
  ) {
    problems.push({ path: 'scheduledAt', message: POST_MESSAGES.scheduleInPast });
  }
  for (const platform of input.platforms) {
    if (!isPlatformId(platform)) continue;
    for (const issue of checkPlatformRules(platform, contentFor(input, platform), media, options)) {
      problems.push({ path: platform, message: issue.message });
    }
  }
  problems.push(...checkAltTexts(input.platforms.filter(isPlatformId), input.altTextsInOrder ?? []));
  problems.push(...checkThreadParts(input.platforms, input.threadParts ?? [], options, input.threadMedia));
  return problems;
}

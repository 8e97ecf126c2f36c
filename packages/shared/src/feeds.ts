import { z } from 'zod';
import { PLATFORM_IDS } from './platforms';
import { platformIdSchema } from './posts';

/**
 * Feeds (docs/feeds.md, docs/decisions/0092-feeds.md): a workspace follows RSS, Atom or JSON Feed feeds; the server polls
 * each at its own interval and turns each new item into a draft or a queued post through the composer's create.
 */

/** The shortest interval between two fetches of one feed: feeds are polled politely (docs/feeds.md). */
export const FEED_MIN_INTERVAL_MINUTES = 15;
export const FEED_MAX_INTERVAL_MINUTES = 24 * 60;
export const FEED_DEFAULT_INTERVAL_MINUTES = 60;
/** Feeds one workspace may follow. */
export const MAX_FEEDS_PER_WORKSPACE = 50;
/** The largest feed document read (bytes, after decompression); a larger one is refused, not parsed. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
/** How long one fetch may take, connection to last byte. */
export const FEED_TIMEOUT_SECONDS = 15;
/** Redirects followed per fetch, each one checked against the outbound-address policy. */
export const FEED_MAX_REDIRECTS = 3;
/** New items turned into posts per fetch; older new items beyond it are recorded as skipped. */
export const FEED_MAX_POSTS_PER_FETCH = 10;
export const FEED_MAX_TEMPLATE = 2_000;
/** The summary's length in a post's text, after its HTML is removed. */
export const FEED_SUMMARY_CHARS = 280;
export const FEED_DEFAULT_TEMPLATE = '{title} {link}';
/** The member's own words to the AI when it rewrites an item ("a question to end with", "no emojis"). */
export const FEED_MAX_AI_INSTRUCTION = 500;

export const FEED_MODES = ['draft', 'queue'] as const;
export type FeedMode = (typeof FEED_MODES)[number];

export const FEED_ITEM_STATUSES = ['seen', 'created', 'refused', 'skipped'] as const;
export type FeedItemStatus = (typeof FEED_ITEM_STATUSES)[number];

export const FEED_MESSAGES = {
  invalidUrl: 'Enter the address of an RSS, Atom or JSON feed, starting with http:// or https://.',
  intervalTooShort: `Check a feed at most every ${FEED_MIN_INTERVAL_MINUTES} minutes.`,
  intervalTooLong: 'Check a feed at least once a day.',
  noPlatform: 'Choose at least one platform or account to post to.',
  templateTooLong: `The text template is limited to ${FEED_MAX_TEMPLATE.toLocaleString('en-US')} characters.`,
  templateEmpty: 'Write a text template, for example {title} {link}.',
  unknownAccount: 'One of the chosen accounts is not connected to this workspace.',
  notFound: 'Feed not found.',
  tooMany: `A workspace can follow up to ${MAX_FEEDS_PER_WORKSPACE} feeds.`,
  // What a feed's status says after a fetch (the feed list shows it as is).
  tooLarge: `The feed is larger than ${FEED_MAX_BYTES / 1024 / 1024} MB and was not read.`,
  timeout: `The site took longer than ${FEED_TIMEOUT_SECONDS} seconds to send the feed.`,
  tooManyRedirects: `The address redirects more than ${FEED_MAX_REDIRECTS} times.`,
  blocked: 'The feed address (or a redirect) leads into a private network, which the server does not reach.',
  unreachable: 'Could not reach the feed address. Check it and try again.',
  gone: 'The site says this feed is gone (HTTP 410): it is no longer checked. Edit the address to start again.',
  httpStatus: (status: number) => `The site answered HTTP ${status} instead of the feed.`,
  rateLimited: 'The site asked us to slow down; the next check waits longer.',
  notXml: 'This address does not return a feed: the answer is neither XML nor a JSON Feed.',
  malformed: (detail: string) => `The feed is not valid XML (${detail}).`,
  notAFeed: 'This address returns XML, but not an RSS or Atom feed.',
  notJsonFeed: 'This address returns JSON, but not a JSON Feed (https://jsonfeed.org).',
  entitiesRefused: 'The feed declares its own XML entities, which are refused for safety.',
  ownerLeft:
    'The member who saved this feed is no longer in the workspace. Save the feed again to take it over.',
  publishingBlocked:
    'Publishing is paused for this workspace (see Billing); new items are taken when it resumes.',
  itemRefused: (title: string, reason: string) => `"${title}" made no post: ${reason}`,
  aiInstructionTooLong: `Keep the instruction to the AI under ${FEED_MAX_AI_INSTRUCTION} characters.`,
  /** An item posted with the template's text because the AI could not rewrite it (the reason follows). */
  aiFallback: (title: string, reason: string) =>
    `"${title}" was posted with the template's text: the AI could not rewrite it. ${reason}`,
  /** An item posted without its image: the image could not be fetched or is not allowed (the reason follows). */
  imageSkipped: (title: string, reason: string) => `"${title}" was posted without its image: ${reason}`,
  imageNotImage: 'the address of its image returns another kind of file.',
  overCap: `More than ${FEED_MAX_POSTS_PER_FETCH} new items at once: only the newest ${FEED_MAX_POSTS_PER_FETCH} became posts.`,
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const feedUrlSchema = z
  .string({ error: FEED_MESSAGES.invalidUrl })
  .trim()
  .max(2048, FEED_MESSAGES.invalidUrl)
  .refine(isHttpUrl, FEED_MESSAGES.invalidUrl);

const feedFields = {
  url: feedUrlSchema,
  intervalMinutes: z
    .number()
    .int()
    .min(FEED_MIN_INTERVAL_MINUTES, FEED_MESSAGES.intervalTooShort)
    .max(FEED_MAX_INTERVAL_MINUTES, FEED_MESSAGES.intervalTooLong),
  platforms: z.array(platformIdSchema).max(PLATFORM_IDS.length),
  accountIds: z.array(z.string().min(1).max(100)).max(100),
  mode: z.enum(FEED_MODES),
  template: z
    .string()
    .trim()
    .min(1, FEED_MESSAGES.templateEmpty)
    .max(FEED_MAX_TEMPLATE, FEED_MESSAGES.templateTooLong),
  isEnabled: z.boolean(),
  /** Each item's text is rewritten by the workspace's AI provider before it becomes a post. */
  aiRewrite: z.boolean(),
  aiInstruction: z.string().trim().max(FEED_MAX_AI_INSTRUCTION, FEED_MESSAGES.aiInstructionTooLong),
  /** The item's image (enclosure, media:content, JSON Feed `image`) is fetched into the library and attached. */
  attachImage: z.boolean(),
};

export const feedInputSchema = z
  .object({
    ...feedFields,
    intervalMinutes: feedFields.intervalMinutes.default(FEED_DEFAULT_INTERVAL_MINUTES),
    accountIds: feedFields.accountIds.default([]),
    mode: feedFields.mode.default('draft'),
    template: feedFields.template.default(FEED_DEFAULT_TEMPLATE),
    isEnabled: feedFields.isEnabled.default(true),
    aiRewrite: feedFields.aiRewrite.default(false),
    aiInstruction: feedFields.aiInstruction.default(''),
    attachImage: feedFields.attachImage.default(true),
  })
  .refine((value) => value.platforms.length > 0, { path: ['platforms'], message: FEED_MESSAGES.noPlatform });
export type FeedInput = z.input<typeof feedInputSchema>;

/** A change to a feed: any of its fields (settings save as you go, one field at a time). */
export const feedUpdateSchema = z
  .object(feedFields)
  .partial()
  .refine((value) => value.platforms === undefined || value.platforms.length > 0, {
    path: ['platforms'],
    message: FEED_MESSAGES.noPlatform,
  });
export type FeedUpdate = z.input<typeof feedUpdateSchema>;

export const feedSchema = z.object({
  id: z.string(),
  url: z.string(),
  intervalMinutes: z.number().int(),
  platforms: z.array(z.string()),
  accountIds: z.array(z.string()),
  mode: z.enum(FEED_MODES),
  template: z.string(),
  isEnabled: z.boolean(),
  aiRewrite: z.boolean(),
  aiInstruction: z.string(),
  attachImage: z.boolean(),
  /** The feed's own title, as its last fetch read it. */
  title: z.string().nullable(),
  lastFetchedAt: z.string().nullable(),
  /** Items in the last document read (a 304 keeps the previous count). */
  lastItemsFound: z.number().int().nullable(),
  /** Posts the last fetch made. */
  lastPostsCreated: z.number().int().nullable(),
  /** Why the last fetch failed, in words; null after a good one. */
  lastError: z.string().nullable(),
  nextFetchAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedListSchema = z.object({ items: z.array(feedSchema) });
export type FeedList = z.infer<typeof feedListSchema>;

export const feedItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  status: z.enum(FEED_ITEM_STATUSES),
  /** Why the item made no post (a platform's rule, the per-fetch cap). */
  reason: z.string().nullable(),
  postId: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;
export const feedItemListSchema = z.object({ items: z.array(feedItemSchema) });

/** What a feed item offers a template. */
export interface FeedTemplateValues {
  title: string;
  link: string;
  summary: string;
}

/** A line without its trailing spaces and tabs, in linear time (`/[ \t]+$/` retried from every space). */
function trimSpacesAtEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
  return line.slice(0, end);
}

/** The post text of one item: `{title}`, `{link}` and `{summary}` replaced, blank lines left by empty ones trimmed. */
export function renderFeedTemplate(template: string, values: FeedTemplateValues): string {
  const text = template.replace(
    /\{(title|link|summary)\}/g,
    (_, key: keyof FeedTemplateValues) => values[key],
  );
  return text
    .split('\n')
    .map(trimSpacesAtEnd)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

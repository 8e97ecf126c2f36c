import { z } from 'zod';
import type { PlatformId } from './platforms';
import {
  isCustomShortLinkCodeShape,
  isReservedShortLinkPath,
  MAX_CUSTOM_SHORT_LINK_CODE,
  MIN_CUSTOM_SHORT_LINK_CODE,
} from './short-link-codes';

/**
 * Short links (docs/short-links.md, docs/decisions/0080-short-links.md): Relaycast's own links at
 * `SHORT_LINK_BASE_URL/<code>`, made by hand or at publish time (one per platform, with UTM parameters), and
 * their clicks counted apart from link-preview crawlers.
 *
 * REST (signed-in, scoped to the caller's workspace):
 *   GET   /api/short-links                  → ShortLinkList (view)
 *   POST  /api/short-links                  ShortLinkInput (optional custom code) → 201 ShortLink (write; 409 taken)
 *   PATCH /api/short-links/:id              ShortLinkUpdate → ShortLink (write)
 *   GET   /api/short-links/settings         → ShortLinkSettingsView (view; with the base of links made at publish)
 *   PUT   /api/short-links/settings         ShortLinkSettings → ShortLinkSettingsView (manageWorkspace)
 *   GET   /api/short-links/posts/:id        → ShortLinkPostOptions (view)
 *   PUT   /api/short-links/posts/:id        ShortLinkPostOptions → ShortLinkPostOptions (write)
 *   GET   /api/short-links/clicks?from=&to=&platforms=&accounts= → ShortLinkClickReport (view; /analytics)
 * The composer sends a post's choice with the post itself (`shortLinks` in posts.ts's postInputSchema).
 * Public: GET /<code> → 302 to the target (no page, no cookie), 404 for an unknown or disabled code.
 */

/** The WHATWG URL, global in browsers and in Node (this package is type-checked without DOM or Node types). */
interface WebAddress {
  protocol: string;
  hostname: string;
  searchParams: { has(name: string): boolean; set(name: string, value: string): void };
  toString(): string;
}
declare const URL: new (input: string) => WebAddress;

export const SHORT_LINK_CODE_LENGTH = 7;
export const SHORT_LINK_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const MAX_SHORT_LINK_TARGET = 2_000;
export const MAX_SHORT_LINK_CAMPAIGN = 80;

/**
 * A code's shape: 7 base62 characters with at least one digit and one capital letter. Every page of the web
 * app is a lowercase word (packages/shared/src/routes.ts), so `/<code>` never shadows one.
 */
export function isShortLinkCode(value: string): boolean {
  return /^[A-Za-z0-9]{7}$/.test(value) && /[0-9]/.test(value) && /[A-Z]/.test(value);
}

/** What the redirect looks up: a random code, or a custom code's shape that is no reserved path. */
export function isServedShortLinkCode(value: string): boolean {
  return isShortLinkCode(value) || (isCustomShortLinkCodeShape(value) && !isReservedShortLinkPath(value));
}

export const SHORT_LINK_MODES = ['always', 'ask', 'never'] as const;
export type ShortLinkMode = (typeof SHORT_LINK_MODES)[number];

export const SHORT_LINK_MESSAGES = {
  targetRequired: 'Enter the address the link leads to.',
  targetInvalid: 'Enter a full web address that starts with https:// or http://.',
  targetScheme: 'Only web addresses (https:// or http://) can be shortened.',
  targetTooLong: `Keep the address under ${MAX_SHORT_LINK_TARGET.toLocaleString('en-US')} characters.`,
  campaignTooLong: `Keep the campaign name under ${MAX_SHORT_LINK_CAMPAIGN} characters.`,
  notFound: 'Short link not found.',
  codeTooShort: `Use at least ${MIN_CUSTOM_SHORT_LINK_CODE} characters for the code.`,
  codeTooLong: `Keep the code under ${MAX_CUSTOM_SHORT_LINK_CODE + 1} characters.`,
  codeCharacters: 'Use only letters, digits, "-" and "_" in the code.',
  codeReserved: 'This code is a page of the app. Choose another one.',
  codeTaken: 'This code is already taken. Choose another one.',
  postNotFound: 'Post not found.',
  visitorNotFound: 'This link does not exist or was turned off.',
  created: 'Short link created.',
  updated: 'Short link updated.',
  disabled: 'Short link turned off.',
  enabled: 'Short link turned on.',
  settingsSaved: 'Link settings saved.',
} as const;

/** A target: an http(s) address; `javascript:`, `data:` and every other scheme are refused. */
export const shortLinkTargetSchema = z
  .string({ error: SHORT_LINK_MESSAGES.targetRequired })
  .trim()
  .min(1, SHORT_LINK_MESSAGES.targetRequired)
  .max(MAX_SHORT_LINK_TARGET, SHORT_LINK_MESSAGES.targetTooLong)
  .superRefine((value, ctx) => {
    const problem = targetProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // Stored as the URL parser writes it: percent-encoded ASCII, so it is always a valid Location header (a space,
  // a line break or a character past U+00FF as typed would make the redirect fail).
  .transform((value) => (targetProblem(value) === null ? new URL(value).toString() : value));

/** Why a target is refused, or null when it is a web address with a host. */
export function targetProblem(value: string): string | null {
  let url: WebAddress;
  try {
    url = new URL(value);
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value)
      ? SHORT_LINK_MESSAGES.targetScheme
      : SHORT_LINK_MESSAGES.targetInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return SHORT_LINK_MESSAGES.targetScheme;
  if (!url.hostname) return SHORT_LINK_MESSAGES.targetInvalid;
  return null;
}

/** A custom code as typed: trimmed; an empty field means a random code. */
export const customShortLinkCodeSchema = z
  .string()
  .trim()
  .min(MIN_CUSTOM_SHORT_LINK_CODE, SHORT_LINK_MESSAGES.codeTooShort)
  .max(MAX_CUSTOM_SHORT_LINK_CODE, SHORT_LINK_MESSAGES.codeTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, SHORT_LINK_MESSAGES.codeCharacters)
  .refine((value) => !isReservedShortLinkPath(value), SHORT_LINK_MESSAGES.codeReserved);

export const shortLinkInputSchema = z.object({
  target: shortLinkTargetSchema,
  /** Omitted: 7 random characters. Unique across every workspace and never reused (short_link_codes). */
  code: customShortLinkCodeSchema.optional(),
});
export type ShortLinkInput = z.infer<typeof shortLinkInputSchema>;

export const shortLinkUpdateSchema = z
  .object({ target: shortLinkTargetSchema.optional(), disabled: z.boolean().optional() })
  .refine((value) => value.target !== undefined || value.disabled !== undefined, {
    message: SHORT_LINK_MESSAGES.targetRequired,
  });
export type ShortLinkUpdate = z.infer<typeof shortLinkUpdateSchema>;

/** People's clicks from one country (ISO 3166 alpha-2, from DB-IP's offline database), to date or in a period. */
export const shortLinkCountrySchema = z.object({ country: z.string(), clicks: z.number().int() });
export type ShortLinkCountry = z.infer<typeof shortLinkCountrySchema>;

export const shortLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** The address visitors open: SHORT_LINK_BASE_URL/<code>. */
  shortUrl: z.string(),
  target: z.string(),
  /** Set when the link was made at publish time for one platform's copy of a post. */
  postId: z.string().nullable(),
  platform: z.string().nullable(),
  disabled: z.boolean(),
  /** Visitors (link-preview crawlers and other bots not counted). */
  clicks: z.number().int(),
  /** Link-preview crawlers and other bots: shown apart. */
  crawlerHits: z.number().int(),
  /** Unique visitors, each counted once a day (a salted hash that rotates daily; no address kept). */
  visitors: z.number().int(),
  /** People's clicks to date per country, most first. */
  countries: z.array(shortLinkCountrySchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

export const shortLinkListSchema = z.object({ links: z.array(shortLinkSchema) });
export type ShortLinkList = z.infer<typeof shortLinkListSchema>;

export const shortLinkSettingsSchema = z.object({
  /** always: every post's links, unless the post turns it off; ask: only posts that turn it on; never. */
  mode: z.enum(SHORT_LINK_MODES),
  /** utm_campaign when a post names none ('' → "relaycast"). */
  campaign: z.string().trim().max(MAX_SHORT_LINK_CAMPAIGN, SHORT_LINK_MESSAGES.campaignTooLong),
});
export type ShortLinkSettings = z.infer<typeof shortLinkSettingsSchema>;

/** `GET /api/short-links/settings`: the settings and where links made at publish are served. */
export const shortLinkSettingsViewSchema = shortLinkSettingsSchema.extend({
  /** SHORT_LINK_BASE_URL, else PUBLIC_URL: the `<base>` of `<base>/<code>` in a published post. */
  baseUrl: z.string(),
});
export type ShortLinkSettingsView = z.infer<typeof shortLinkSettingsViewSchema>;

export const shortLinkPostOptionsSchema = z.object({
  /** null: the workspace's mode decides. */
  shorten: z.boolean().nullable(),
  /** utm_campaign for this post ('' → the workspace's). */
  campaign: z.string().trim().max(MAX_SHORT_LINK_CAMPAIGN, SHORT_LINK_MESSAGES.campaignTooLong),
});
export type ShortLinkPostOptions = z.infer<typeof shortLinkPostOptionsSchema>;

/** Whether a post's links are shortened at publish: the workspace's mode and the post's own switch. */
export function shouldShorten(mode: ShortLinkMode, postChoice: boolean | null): boolean {
  if (mode === 'never') return false;
  if (mode === 'always') return postChoice !== false;
  return postChoice === true;
}

export const shortLinkClicksQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Comma-separated ids, as /analytics: a link counts for its network and for the account its post went to there. */
  platforms: z.string().max(200).optional(),
  accounts: z.string().max(2000).optional(),
});

export const shortLinkClickRowSchema = z.object({
  linkId: z.string(),
  code: z.string(),
  shortUrl: z.string(),
  target: z.string(),
  postId: z.string().nullable(),
  /** The post's text, shortened for the table (null for a link made by hand). */
  postExcerpt: z.string().nullable(),
  platform: z.string().nullable(),
  clicks: z.number().int(),
  crawlerHits: z.number().int(),
  /** Unique visitors over the UTC days the period touches, each counted once a day (short_link_visitors). */
  visitors: z.number().int(),
  countries: z.array(shortLinkCountrySchema),
});
export const shortLinkClickReportSchema = z.object({
  rows: z.array(shortLinkClickRowSchema),
  /** The visitors' sites (Referer), most clicks first. */
  referrers: z.array(z.object({ site: z.string(), clicks: z.number().int() })),
  devices: z.array(z.object({ device: z.string(), clicks: z.number().int() })),
  /** The visitors' countries (ISO 3166 alpha-2, from DB-IP's offline database), most clicks first. */
  countries: z.array(shortLinkCountrySchema),
});
export type ShortLinkClickReport = z.infer<typeof shortLinkClickReportSchema>;

/** The UTM parameters a platform's copy of a post carries (an address's own utm_* are never overwritten). */
export function withUtm(
  target: string,
  utm: { platform: PlatformId; campaign: string; postId: string },
): string {
  const url = new URL(target);
  const wanted: Record<string, string> = {
    utm_source: utm.platform,
    utm_medium: 'social',
    utm_campaign: utm.campaign,
    utm_content: utm.postId,
  };
  for (const [name, value] of Object.entries(wanted)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** A campaign name as a UTM value: lowercase, words joined by hyphens. */
export function campaignValue(name: string): string {
  const value = name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return value || 'relaycast';
}

/** The web addresses in a post's text, in order, once each (trailing punctuation left out). */
export function linksIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`]+/gi)) {
    const link = match[0].replace(/[.,;:!?)\]}'"]+$/, '');
    if (targetProblem(link) === null) found.add(link);
  }
  return [...found];
}

/**
 * The code shown where a short link will go before it exists (the composer's preview and the length checks):
 * as long as a real code, so `<base>/xxxxxxx` has the real link's length.
 */
export const SHORT_LINK_PLACEHOLDER_CODE = 'x'.repeat(SHORT_LINK_CODE_LENGTH);

/** The addresses publishing shortens: every web address of the text but the short links already there. */
export function linksToShorten(text: string, baseUrl: string): string[] {
  return linksIn(text).filter((link) => !link.startsWith(`${baseUrl}/`));
}

/**
 * Replaces each address with its short link, longest first, so an address that starts another is not
 * replaced inside it. Publishing (with the real codes) and the composer (with placeholders) both use it.
 */
export function replaceLinks(
  text: string,
  links: readonly string[],
  shortUrlOf: (link: string) => string,
): string {
  let result = text;
  for (const link of [...links].sort((a, b) => b.length - a.length)) {
    result = result.split(link).join(shortUrlOf(link));
  }
  return result;
}

/**
 * The text as a platform will get it when links are shortened (`shortLinkBase` set): each address becomes
 * `<base>/xxxxxxx`, the length of the short link that replaces it. Without a base, the text as it is.
 */
export function withShortLinkPlaceholders(text: string, shortLinkBase?: string | null): string {
  if (!shortLinkBase) return text;
  const links = linksToShorten(text, shortLinkBase);
  if (links.length === 0) return text;
  return replaceLinks(text, links, () => `${shortLinkBase}/${SHORT_LINK_PLACEHOLDER_CODE}`);
}

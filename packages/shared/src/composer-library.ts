import { z } from 'zod';
import { isPlatformId, PLATFORM_IDS } from './platforms';
import { MAX_MEDIA_PER_POST, MAX_POST_CONTENT, postMediaSchema } from './posts';
import { shortLinkPostOptionsSchema } from './short-links';

/**
 * The composer's library (`/api/composer-library/…`, docs/composer-library.md): a workspace's signatures,
 * hashtag groups and templates. A signature or a group is text put into the post; a template is the whole
 * composer saved under a name, and a new post can start from it. One signature of the workspace may be the
 * one appended to every new post (docs/decisions/0094-composer-library.md).
 */

export const COMPOSER_LIBRARY_LIMITS = {
  maxName: 60,
  maxSignatureText: 1_000,
  maxHashtags: 60,
  maxHashtag: 100,
  maxSignatures: 50,
  maxHashtagGroups: 100,
  maxTemplates: 100,
} as const;

const L = COMPOSER_LIBRARY_LIMITS;

export const COMPOSER_LIBRARY_MESSAGES = {
  nameRequired: 'Give it a name.',
  nameTooLong: `A name is at most ${L.maxName} characters.`,
  signatureTextRequired: 'Write the signature’s text.',
  signatureTextTooLong: `A signature is at most ${L.maxSignatureText.toLocaleString('en-US')} characters.`,
  hashtagsRequired: 'Add at least one hashtag.',
  tooManyHashtags: `A hashtag group holds at most ${L.maxHashtags} hashtags.`,
  hashtagInvalid: 'A hashtag is one word of letters, digits or underscores, with or without the leading #.',
  templateContentTooLong: `A template’s text is limited to ${MAX_POST_CONTENT.toLocaleString('en-US')} characters.`,
  tooManySignatures: `A workspace keeps at most ${L.maxSignatures} signatures.`,
  tooManyHashtagGroups: `A workspace keeps at most ${L.maxHashtagGroups} hashtag groups.`,
  tooManyTemplates: `A workspace keeps at most ${L.maxTemplates} templates.`,
  unknownPlatform: 'A template names a platform Relaycast does not know.',
  signatureNotFound: 'Signature not found.',
  hashtagGroupNotFound: 'Hashtag group not found.',
  templateNotFound: 'Template not found.',
  saved: 'Saved',
  deleted: 'Deleted',
  templateSaved: 'Template saved',
  /** Starting from a template whose files were deleted since: the post starts without them. */
  mediaDropped: 'Some files of this template were deleted from the media library and were left out.',
} as const;

const M = COMPOSER_LIBRARY_MESSAGES;

const nameSchema = z
  .string({ message: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(L.maxName, M.nameTooLong);

/** `POST /api/composer-library/signatures`, `PUT …/signatures/:id`. */
export const signatureInputSchema = z.strictObject({
  name: nameSchema,
  text: z
    .string({ message: M.signatureTextRequired })
    .refine((text) => text.trim().length > 0, M.signatureTextRequired)
    .refine((text) => text.length <= L.maxSignatureText, M.signatureTextTooLong),
  /** Appended to every new post of the workspace; setting it on one signature clears it on the others. */
  isAutoAppend: z.boolean({ message: 'Say whether the signature is added to new posts.' }).default(false),
});
export type SignatureInput = z.input<typeof signatureInputSchema>;

export const signatureSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  isAutoAppend: z.boolean(),
  updatedAt: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;
export const signatureListSchema = z.object({ signatures: z.array(signatureSchema) });
export type SignatureList = z.infer<typeof signatureListSchema>;

const HASHTAG = /^#?[\p{L}\p{N}_]+$/u;

/** A hashtag as stored: with its leading `#`. */
export function normalizeHashtag(tag: string): string {
  const trimmed = tag.trim();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/** Hashtags typed in one field ("#a #b, c"): split on spaces and commas. */
export function splitHashtags(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** `POST /api/composer-library/hashtag-groups`, `PUT …/hashtag-groups/:id`. */
export const hashtagGroupInputSchema = z.strictObject({
  name: nameSchema,
  hashtags: z
    .array(
      z
        .string({ message: M.hashtagInvalid })
        .trim()
        .max(L.maxHashtag, M.hashtagInvalid)
        .regex(HASHTAG, M.hashtagInvalid)
        .transform(normalizeHashtag),
      { message: M.hashtagsRequired },
    )
    .min(1, M.hashtagsRequired)
    .max(L.maxHashtags, M.tooManyHashtags)
    .transform((tags) => [...new Set(tags)]),
});
export type HashtagGroupInput = z.input<typeof hashtagGroupInputSchema>;

export const hashtagGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  hashtags: z.array(z.string()),
  updatedAt: z.string(),
});
export type HashtagGroup = z.infer<typeof hashtagGroupSchema>;
export const hashtagGroupListSchema = z.object({ hashtagGroups: z.array(hashtagGroupSchema) });
export type HashtagGroupList = z.infer<typeof hashtagGroupListSchema>;

const platformSchema = z.string().refine(isPlatformId, M.unknownPlatform);

/** What a template keeps of the composer: everything but the date, the time and the post's id. */
export const templateStateSchema = z
  .strictObject({
    content: z.string().max(MAX_POST_CONTENT, M.templateContentTooLong).default(''),
    platforms: z.array(platformSchema).max(PLATFORM_IDS.length).default([]),
    overrides: z.record(z.string(), z.string().max(MAX_POST_CONTENT, M.templateContentTooLong)).default({}),
    /** The connected accounts chosen, per platform (accounts removed since are dropped on start). */
    accounts: z.record(z.string(), z.array(z.string().min(1).max(100)).max(100)).default({}),
    mediaIds: z.array(z.string().min(1).max(64)).max(MAX_MEDIA_PER_POST).default([]),
    shortLinks: shortLinkPostOptionsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    for (const field of ['overrides', 'accounts'] as const) {
      for (const key of Object.keys(value[field])) {
        if (!isPlatformId(key))
          ctx.addIssue({ code: 'custom', path: [field, key], message: M.unknownPlatform });
      }
    }
  });
export type TemplateState = z.output<typeof templateStateSchema>;

/** `POST /api/composer-library/templates`, `PUT …/templates/:id`. */
export const templateInputSchema = z.strictObject({
  name: nameSchema,
  state: templateStateSchema,
});
export type TemplateInput = z.input<typeof templateInputSchema>;

export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of its text, for the picker. */
  excerpt: z.string(),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  mediaCount: z.number().int(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateListSchema = z.object({ templates: z.array(templateSummarySchema) });
export type TemplateList = z.infer<typeof templateListSchema>;

/**
 * `GET /api/composer-library/templates/:id`: the template ready to start a post. Its files still in the
 * library come as the composer shows them; `droppedMediaCount` says how many were deleted since.
 */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  overrides: z.record(z.string(), z.string()),
  accounts: z.record(z.string(), z.array(z.string())),
  media: z.array(postMediaSchema),
  droppedMediaCount: z.number().int(),
  shortLinks: shortLinkPostOptionsSchema.optional(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const TEMPLATE_EXCERPT_LENGTH = 120;

/**
 * Puts `insert` into `text` at the selection (replacing what is selected), with a space or line break on each
 * side where the words would otherwise run together. Returns the new text and where the cursor goes.
 */
export function insertAtSelection(
  text: string,
  insert: string,
  selection: { start: number; end: number },
): { text: string; cursor: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before.length > 0 && !/\s$/.test(before) ? ' ' : '';
  const trail = after.length > 0 && !/^\s/.test(after) ? ' ' : '';
  const inserted = `${lead}${insert}${trail}`;
  return { text: before + inserted + after, cursor: before.length + lead.length + insert.length };
}

/** Appends a block (a signature) after the text, separated by a blank line. */
export function appendBlock(text: string, block: string): string {
  return text.trim() ? `${text.trimEnd()}\n\n${block}` : block;
}

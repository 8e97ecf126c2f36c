import { z } from 'zod';
import { REPEAT_WINDOW_HOURS } from './bulk-import';
import { PLATFORMS, type PlatformId, textLengthFor } from './platforms';
import { MAX_POST_CONTENT, type PostProblem } from './posts';

/**
 * Evergreen collections (docs/evergreen.md, docs/decisions/0111-evergreen-collections.md): named lists of posts
 * that go out again and again. After an entry's post is published, the next occurrence takes its account's next
 * free queue slot at least the collection's minimum gap later, with the next text variant in rotation.
 */

export const EVERGREEN_LIMITS = {
  nameMax: 80,
  collectionsPerWorkspace: 50,
  entriesPerCollection: 500,
  /** The post's own text plus up to 9 more. */
  maxVariants: 10,
  /**
   * The gap is never shorter than the bulk import's repeat guard (REPEAT_WINDOW_HOURS): the same text on the same
   * account less than 3 days apart is what networks treat as spam.
   */
  minGapDays: REPEAT_WINDOW_HOURS / 24,
  maxGapDays: 365,
  defaultGapDays: 30,
  maxStopAfter: 1000,
} as const;

export const EVERGREEN_MESSAGES = {
  collectionNotFound: 'Evergreen collection not found.',
  entryNotFound: 'This post is not in the evergreen collection.',
  nameRequired: 'Give the collection a name.',
  nameTooLong: `A collection name has at most ${EVERGREEN_LIMITS.nameMax} characters.`,
  nameTaken: 'This workspace already has a collection with this name.',
  tooManyCollections: `A workspace can have at most ${EVERGREEN_LIMITS.collectionsPerWorkspace} evergreen collections.`,
  tooManyEntries: `A collection can hold at most ${EVERGREEN_LIMITS.entriesPerCollection} posts.`,
  gapRange: `The minimum gap is between ${EVERGREEN_LIMITS.minGapDays} and ${EVERGREEN_LIMITS.maxGapDays} days: networks treat the same text on the same account less than ${REPEAT_WINDOW_HOURS / 24} days apart as spam.`,
  stopAfterRange: `Stop after 1 to ${EVERGREEN_LIMITS.maxStopAfter} re-shares, or never.`,
  badEndDate: 'Write the end date as YYYY-MM-DD.',
  tooManyVariants: `A post has at most ${EVERGREEN_LIMITS.maxVariants} text variants (its own text and ${EVERGREEN_LIMITS.maxVariants - 1} more).`,
  emptyVariant: 'A text variant cannot be empty: remove it instead.',
  sameVariant:
    'Two text variants are the same: each must differ so the same text never goes out twice in a row.',
  variantTooLong: (index: number, platform: string, max: number) =>
    `Variant ${index + 1} is too long for ${platform} (at most ${max.toLocaleString('en-US')} characters).`,
  alreadyInCollection: 'This post is already in the collection.',
  postNotEvergreenable: 'Only a scheduled or published post can be added: schedule this draft first.',
  oneVariant: `With one text the same post goes out each time, at least ${EVERGREEN_LIMITS.minGapDays} days apart; some networks refuse a repeated text. Add a variant to rotate.`,
  needsQueueSlots:
    'None of the accounts of this post has queue slots: it waits until one has a posting schedule (Connected accounts page).',
  queueFull: 'Every queue slot of its accounts in the next year is taken: the post waits for a free one.',
  ownerLeft: 'The member who added this post left the workspace: add it again to keep it going.',
  lastDidNotGoOut:
    'Its last post did not go out (deleted, failed or not approved): it waits. Remove it and add it again.',
  endReached: 'The next free slot falls after the collection’s end date: no more re-shares.',
  created: 'Collection created',
  renamed: 'Collection saved',
  deleted: 'Collection deleted',
  added: 'Post added to the evergreen collection',
  removed: 'Post removed from the collection',
} as const;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, EVERGREEN_MESSAGES.badEndDate);

const nameSchema = z
  .string()
  .trim()
  .min(1, EVERGREEN_MESSAGES.nameRequired)
  .max(EVERGREEN_LIMITS.nameMax, EVERGREEN_MESSAGES.nameTooLong);

const gapSchema = z
  .number({ error: EVERGREEN_MESSAGES.gapRange })
  .int(EVERGREEN_MESSAGES.gapRange)
  .min(EVERGREEN_LIMITS.minGapDays, EVERGREEN_MESSAGES.gapRange)
  .max(EVERGREEN_LIMITS.maxGapDays, EVERGREEN_MESSAGES.gapRange);

const stopAfterSchema = z
  .number({ error: EVERGREEN_MESSAGES.stopAfterRange })
  .int(EVERGREEN_MESSAGES.stopAfterRange)
  .min(1, EVERGREEN_MESSAGES.stopAfterRange)
  .max(EVERGREEN_LIMITS.maxStopAfter, EVERGREEN_MESSAGES.stopAfterRange)
  .nullable();

/** `POST /api/evergreen`: a new collection. */
export const collectionInputSchema = z.object({
  name: nameSchema,
  minGapDays: gapSchema.default(EVERGREEN_LIMITS.defaultGapDays),
  /** Each entry is re-shared at most this many times (null: no limit). */
  stopAfter: stopAfterSchema.default(null),
  /** No re-share is scheduled after this local date (null: none). */
  endsOn: localDate.nullable().default(null),
});
export type CollectionInput = z.input<typeof collectionInputSchema>;

/** `PATCH /api/evergreen/:id`: rename, change the gap or the stop, pause or resume. */
export const collectionPatchSchema = z
  .object({
    name: nameSchema,
    minGapDays: gapSchema,
    stopAfter: stopAfterSchema,
    endsOn: localDate.nullable(),
    paused: z.boolean(),
  })
  .partial();
export type CollectionPatch = z.input<typeof collectionPatchSchema>;

/** The extra variants (the post's own text is variant 1): non-empty, different from each other. */
export const variantsSchema = z
  .array(
    z
      .string()
      .max(MAX_POST_CONTENT)
      .refine((text) => text.trim().length > 0, EVERGREEN_MESSAGES.emptyVariant),
  )
  .max(EVERGREEN_LIMITS.maxVariants - 1, EVERGREEN_MESSAGES.tooManyVariants)
  .default([]);

/** `POST /api/evergreen/:id/entries`: a post (scheduled or published) with its extra text variants. */
export const entryInputSchema = z.object({
  postId: z.string().min(1).max(100),
  variants: variantsSchema,
});
export type EntryInput = z.input<typeof entryInputSchema>;

/**
 * What the composer and the server check of the variants of a post going to `platforms`: each fits every
 * platform's text limit (platforms.ts, as the composer counts) and no two are the same, its own text included.
 */
export function checkVariants(
  ownText: string,
  variants: readonly string[],
  platforms: readonly PlatformId[],
): PostProblem[] {
  const problems: PostProblem[] = [];
  const all = [ownText, ...variants].map((text) => text.trim());
  if (new Set(all).size !== all.length)
    problems.push({ path: 'variants', message: EVERGREEN_MESSAGES.sameVariant });
  variants.forEach((text, at) => {
    for (const platform of platforms) {
      const rules = PLATFORMS[platform];
      if (textLengthFor(platform, text) > rules.maxLength) {
        problems.push({
          path: `variants.${at}`,
          message: EVERGREEN_MESSAGES.variantTooLong(at + 1, rules.name, rules.maxLength),
        });
      }
    }
  });
  return problems;
}

/** The variant of cycle `cycle` (0 is the post itself): A, B, C, A… so no text goes out twice in a row. */
export function variantIndexOf(cycle: number, variantCount: number): number {
  return variantCount <= 0 ? 0 : cycle % variantCount;
}

/** Where an entry stands, as the collection's page shows it. */
export const ENTRY_STATES = [
  /** Its latest post is scheduled (or awaiting approval): `nextAt` is its slot. */
  'scheduled',
  /** Its latest post went out; the next one is made once the gap allows (`nextAt`: the earliest instant). */
  'waiting',
  'needs_slots',
  'problem',
  'paused',
  /** Its stop (re-share count or end date) is reached. */
  'ended',
] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

export const evergreenEntrySchema = z.object({
  id: z.string(),
  /** The post it was added from (null once that post is gone for good). */
  sourcePostId: z.string().nullable(),
  platforms: z.array(z.string()),
  /** Every text in rotation: the post's own first. */
  variants: z.array(z.string()),
  /** How many times it was re-shared (the post itself not counted). */
  reshares: z.number().int(),
  lastSentAt: z.string().nullable(),
  state: z.enum(ENTRY_STATES),
  /** The latest post's slot when scheduled, the earliest instant of the next one when waiting. */
  nextAt: z.string().nullable(),
  /** The index in `variants` of the text that goes out next. */
  nextVariant: z.number().int(),
  /** The latest post made (the one scheduled, or the last one that went out). */
  latestPostId: z.string().nullable(),
  problem: z.string().nullable(),
});
export type EvergreenEntry = z.infer<typeof evergreenEntrySchema>;

export const evergreenCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  minGapDays: z.number().int(),
  stopAfter: z.number().int().nullable(),
  endsOn: z.string().nullable(),
  paused: z.boolean(),
  /** Some entry waits because none of its accounts has queue slots. */
  needsQueueSlots: z.boolean(),
  entries: z.array(evergreenEntrySchema),
  createdAt: z.string(),
});
export type EvergreenCollection = z.infer<typeof evergreenCollectionSchema>;

export const evergreenListSchema = z.object({ collections: z.array(evergreenCollectionSchema) });
export type EvergreenList = z.infer<typeof evergreenListSchema>;

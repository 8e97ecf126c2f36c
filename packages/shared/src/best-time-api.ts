import { z } from 'zod';
import { HOURS_PER_WEEK } from './analytics';
import { isValidTimeZone, QUEUE_HORIZON_DAYS } from './calendar';
import { PLATFORM_IDS } from './platforms';

/** `GET /api/best-time` and `GET /api/best-time/suggestions`: what the browser asks and receives. */

export const BEST_TIME_MESSAGES = {
  exploration:
    'Suggestions are drawn from what worked for this account, and at most 1 in 5 tries an hour it has not posted at yet, so new hours get a chance.',
  noHistory:
    'No published posts with figures yet: suggestions follow published studies for this platform until your own posts say otherwise.',
  accountNotFound: 'Social account not found.',
  badRange: 'Choose a range of at most 60 days, with "from" before "to".',
  badTimeZone: 'Time zone must be an IANA name such as Europe/Paris.',
} as const;

const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, { error: BEST_TIME_MESSAGES.badTimeZone })
  .optional();
const idSchema = z.string().min(1).max(100);
/** `a,b,c` in a query string, or the parameter repeated. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(item).max(50).default([]),
  );

export const bestTimeQuerySchema = z.object({
  /** One account; without it, `platform`'s accounts; without both, every account of the workspace. */
  accountId: idSchema.optional(),
  platform: z.enum(PLATFORM_IDS).optional(),
  /** The zone the hours are counted in; the user's settings zone when absent. */
  timezone: timeZoneSchema,
});
export type BestTimeQuery = z.infer<typeof bestTimeQuerySchema>;

export const suggestionsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    accountIds: listOf(idSchema),
    platforms: listOf(z.enum(PLATFORM_IDS)),
    timezone: timeZoneSchema,
  })
  .refine(
    (query) => {
      const span = Date.parse(query.to) - Date.parse(query.from);
      return span > 0 && span <= QUEUE_HORIZON_DAYS * 86_400_000;
    },
    { error: BEST_TIME_MESSAGES.badRange, path: ['to'] },
  );
export type SuggestionsQuery = z.input<typeof suggestionsQuerySchema>;

export const suggestedSlotSchema = z.object({
  at: z.string(),
  hourOfWeek: z
    .number()
    .int()
    .min(0)
    .max(HOURS_PER_WEEK - 1),
  score: z.number(),
  posts: z.number().int(),
  confidence: z.enum(['none', 'thin', 'good']),
  isExploration: z.boolean(),
});

export const bestTimeCellSchema = z.object({
  hourOfWeek: z.number().int(),
  score: z.number(),
  posts: z.number().int(),
  confidence: z.enum(['none', 'thin', 'good']),
});

export const bestTimeResponseSchema = z.object({
  timeZone: z.string(),
  /** The accounts whose posts the model learnt from (their platforms' priors are blended). */
  accountIds: z.array(z.string()),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  totalPosts: z.number().int(),
  cells: z.array(bestTimeCellSchema).length(HOURS_PER_WEEK),
  /** The next free suggested slots over the coming week. */
  suggestions: z.array(suggestedSlotSchema),
  /** How suggestions are drawn (the exploration cap), or that no history exists yet. */
  note: z.string(),
});
export type BestTimeResponse = z.infer<typeof bestTimeResponseSchema>;

export const suggestionsResponseSchema = z.object({
  timeZone: z.string(),
  suggestions: z.array(suggestedSlotSchema),
  note: z.string(),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

import { z } from 'zod';
import { isValidTimeZone } from './calendar';
import { mediaStreamSourceSchema } from './streaming/stream-sessions';

/**
 * Planned streams (`/schedule-stream`): a title, a description, an instant with the IANA time zone it was
 * planned in, and the saved destinations (`GET /api/streaming/destinations`) to go live to. They appear in the
 * content calendar; at their time the owner gets an e-mail and a banner on /dashboard and /streaming, and the
 * studio opens with one loaded at `/streaming?plan=<id>`.
 *
 * REST (signed-in, scoped to the caller's workspace and user):
 *   GET    /api/scheduled-streams?from=&to=   → PlannedStreamList (by start, ascending; default: upcoming)
 *   GET    /api/scheduled-streams/due         → PlannedStreamList (due now: the banner)
 *   GET    /api/scheduled-streams/:id         → PlannedStream
 *   POST   /api/scheduled-streams             PlannedStreamInput → 201 PlannedStream
 *   PUT    /api/scheduled-streams/:id         PlannedStreamInput → PlannedStream
 *   POST   /api/scheduled-streams/:id/dismiss → PlannedStream (hides it from the banner)
 *   DELETE /api/scheduled-streams/:id         → 204
 */

export const MAX_PLANNED_STREAM_TITLE = 120;
export const MAX_PLANNED_STREAM_DESCRIPTION = 2_000;
export const MAX_PLANNED_STREAM_DESTINATIONS = 50;
/** How long after its start a planned stream stays "due now" in the banner (and still gets its e-mail). */
export const DUE_WINDOW_MINUTES = 120;

export const PLANNED_STREAM_MESSAGES = {
  titleRequired: 'Please enter a title for the stream.',
  titleTooLong: `Please keep the title under ${MAX_PLANNED_STREAM_TITLE} characters.`,
  descriptionTooLong: `Please keep the description under ${MAX_PLANNED_STREAM_DESCRIPTION.toLocaleString('en-US')} characters.`,
  timeRequired: 'Choose a date and time for the stream.',
  inPast: 'Choose a time in the future for the stream.',
  invalidTimeZone: 'Unknown time zone.',
  tooManyDestinations: `Choose at most ${MAX_PLANNED_STREAM_DESTINATIONS} destinations.`,
  unknownDestination: 'One of the chosen destinations no longer exists. Reload the page and choose again.',
  notFound: 'Planned stream not found.',
  scheduled: 'Stream scheduled',
  updated: 'Planned stream updated',
  deleted: 'Planned stream deleted',
  reminderSubject: (title: string) => `Time to go live: ${title}`,
} as const;

/** Create or replace a planned stream. */
export const plannedStreamInputSchema = z.object({
  title: z
    .string({ error: PLANNED_STREAM_MESSAGES.titleRequired })
    .trim()
    .min(1, PLANNED_STREAM_MESSAGES.titleRequired)
    .max(MAX_PLANNED_STREAM_TITLE, PLANNED_STREAM_MESSAGES.titleTooLong),
  description: z
    .string()
    .trim()
    .max(MAX_PLANNED_STREAM_DESCRIPTION, PLANNED_STREAM_MESSAGES.descriptionTooLong)
    .default(''),
  /** An ISO instant with offset; must be in the future when it is set or changed. */
  scheduledAt: z.iso.datetime({ offset: true, error: PLANNED_STREAM_MESSAGES.timeRequired }),
  /** The IANA time zone the user planned in. */
  timezone: z.string().refine(isValidTimeZone, { message: PLANNED_STREAM_MESSAGES.invalidTimeZone }),
  /** Saved destination ids; empty means the destinations enabled when the stream starts. */
  destinationIds: z
    .array(z.string().min(1).max(100))
    .max(MAX_PLANNED_STREAM_DESTINATIONS, PLANNED_STREAM_MESSAGES.tooManyDestinations)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /**
   * A pre-recorded stream: the library video it plays (once or looping). It then starts by itself at its time
   * (docs/prerecorded-streams.md). Null or absent: the studio opens at its time, as before.
   */
  source: mediaStreamSourceSchema.nullable().default(null),
});
export type PlannedStreamInput = z.input<typeof plannedStreamInputSchema>;
export type ParsedPlannedStreamInput = z.output<typeof plannedStreamInputSchema>;

export const plannedStreamSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  scheduledAt: z.string(),
  timezone: z.string(),
  destinationIds: z.array(z.string()),
  /** When the reminder went out (null before its time). */
  remindedAt: z.string().nullable(),
  /** When the user hid it from the banner. */
  dismissedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The shared calendar (docs/decisions/0044-workspaces.md): who planned it and who changed it last (null when unknown). */
  createdByName: z.string().nullable().optional(),
  updatedByName: z.string().nullable().optional(),
  /**
   * Whether the caller planned it. Another member's planned stream is shown, not opened: it goes live with its
   * planner's destinations and keys (false: destinationIds is empty).
   */
  isYours: z.boolean().optional(),
  /** The library video a pre-recorded stream plays; null for a stream from the studio. */
  source: z
    .object({ kind: z.literal('media'), mediaId: z.string(), loop: z.boolean() })
    .nullable()
    .optional(),
  /** A pre-recorded stream's automatic start: when, the stream it started, or why it could not start. */
  autoStart: z
    .object({ startedAt: z.string(), sessionId: z.string().nullable(), error: z.string().nullable() })
    .nullable()
    .optional(),
});
export type PlannedStream = z.infer<typeof plannedStreamSchema>;

export const plannedStreamListSchema = z.object({ streams: z.array(plannedStreamSchema) });
export type PlannedStreamList = z.infer<typeof plannedStreamListSchema>;

export const listPlannedStreamsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to), {
    path: ['to'],
    message: 'The end of the date range must come after its start.',
  });
export type ListPlannedStreamsQuery = z.infer<typeof listPlannedStreamsQuerySchema>;

/** The studio link that opens a planned stream. */
export function studioUrlFor(id: string): string {
  return `/streaming?plan=${encodeURIComponent(id)}`;
}

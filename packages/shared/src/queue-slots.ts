import { z } from 'zod';
import { isValidTimeZone } from './calendar';

/**
 * Queue slots (`/api/queue-slots…`, docs/queue-slots.md): each connected account's weekly posting schedule, the
 * weekday and time of day "Add to queue" and imports fill, counted in the zone stored with the schedule.
 * Weekdays count from Monday (0) to Sunday (6), as the best-time heatmap's hours of the week do.
 */

export const QUEUE_SLOT_LIMITS = {
  maxPerAccount: 50,
  /** "Fill from best times": the best hours of each weekday, at most this many per day. */
  maxPerDay: 5,
  /** The calendar's open-slot markers: the widest range asked at once, in days. */
  maxRangeDays: 62,
} as const;

export const QUEUE_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const QUEUE_SLOT_MESSAGES = {
  tooMany: `An account keeps at most ${QUEUE_SLOT_LIMITS.maxPerAccount} posting times.`,
  badTime: 'A posting time is a time of day such as 09:30.',
  badWeekday: 'Choose a day from Monday to Sunday.',
  duplicate: 'That posting time is already in the schedule.',
  badTimeZone: 'Time zone must be an IANA name such as Europe/Paris.',
  accountNotFound: 'Social account not found.',
  badRange: `Choose a range of at most ${QUEUE_SLOT_LIMITS.maxRangeDays} days, with "from" before "to".`,
  badPerDay: `Choose from 1 to ${QUEUE_SLOT_LIMITS.maxPerDay} times a day.`,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const queueSlotSchema = z.strictObject({
  /** 0 = Monday … 6 = Sunday. */
  weekday: z
    .number({ message: QUEUE_SLOT_MESSAGES.badWeekday })
    .int(QUEUE_SLOT_MESSAGES.badWeekday)
    .min(0, QUEUE_SLOT_MESSAGES.badWeekday)
    .max(6, QUEUE_SLOT_MESSAGES.badWeekday),
  /** HH:MM, 24-hour, in the schedule's zone. */
  time: z.string({ message: QUEUE_SLOT_MESSAGES.badTime }).regex(TIME, QUEUE_SLOT_MESSAGES.badTime),
});
export type QueueSlot = z.infer<typeof queueSlotSchema>;

const timeZoneSchema = z
  .string({ message: QUEUE_SLOT_MESSAGES.badTimeZone })
  .max(64, QUEUE_SLOT_MESSAGES.badTimeZone)
  .refine(isValidTimeZone, { error: QUEUE_SLOT_MESSAGES.badTimeZone });

const slotKey = (slot: QueueSlot) => `${slot.weekday}|${slot.time}`;

/** Monday first, then by time of day: the order the schedule is shown and stored in. */
export function sortQueueSlots<T extends QueueSlot>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}

/** `PUT /api/queue-slots/:id`: the account's whole schedule (an empty list clears it). */
export const queueScheduleInputSchema = z.strictObject({
  timeZone: timeZoneSchema,
  slots: z
    .array(queueSlotSchema)
    .max(QUEUE_SLOT_LIMITS.maxPerAccount, QUEUE_SLOT_MESSAGES.tooMany)
    .refine((slots) => new Set(slots.map(slotKey)).size === slots.length, {
      error: QUEUE_SLOT_MESSAGES.duplicate,
    }),
});
export type QueueScheduleInput = z.infer<typeof queueScheduleInputSchema>;

/** `POST /api/queue-slots/:id/fill-from-best-times`: adds each weekday's best hours to the schedule. */
export const queueFillInputSchema = z.strictObject({
  timeZone: timeZoneSchema,
  perDay: z
    .number({ message: QUEUE_SLOT_MESSAGES.badPerDay })
    .int(QUEUE_SLOT_MESSAGES.badPerDay)
    .min(1, QUEUE_SLOT_MESSAGES.badPerDay)
    .max(QUEUE_SLOT_LIMITS.maxPerDay, QUEUE_SLOT_MESSAGES.badPerDay)
    .default(1),
});
export type QueueFillInput = z.input<typeof queueFillInputSchema>;

export const queueScheduleSchema = z.object({
  accountId: z.string(),
  /** The zone the times are counted in; null when the account has no slot yet. */
  timeZone: z.string().nullable(),
  slots: z.array(queueSlotSchema),
});
export type QueueSchedule = z.infer<typeof queueScheduleSchema>;

/** `GET /api/queue-slots`: one schedule per connected account of the workspace. */
export const queueScheduleListSchema = z.object({ schedules: z.array(queueScheduleSchema) });
export type QueueScheduleList = z.infer<typeof queueScheduleListSchema>;

/** `GET /api/queue-slots/open?from&to`: the upcoming slots no post of the account occupies. */
export const openSlotsQuerySchema = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .refine(
    (query) => {
      const span = Date.parse(query.to) - Date.parse(query.from);
      return span > 0 && span <= QUEUE_SLOT_LIMITS.maxRangeDays * 86_400_000;
    },
    { error: QUEUE_SLOT_MESSAGES.badRange, path: ['to'] },
  );
export type OpenSlotsQuery = z.infer<typeof openSlotsQuerySchema>;

export const openSlotSchema = z.object({ accountId: z.string(), at: z.string() });
export type OpenSlot = z.infer<typeof openSlotSchema>;
export const openSlotsSchema = z.object({ slots: z.array(openSlotSchema) });

import {
  QUEUE_SLOT_LIMITS,
  QUEUE_SLOT_MESSAGES,
  type QueueSlot,
  sortQueueSlots,
} from '@relaycast/shared/queue-slots';

/** The posting schedule editor's changes, pure (docs/queue-slots.md): what the account card sends as a whole. */

/** Adds `time` on each of `weekdays`; a time already there is kept once. An error is a shared message. */
export function addSlots(
  slots: readonly QueueSlot[],
  weekdays: readonly number[],
  time: string,
): { slots: QueueSlot[] } | { error: string } {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return { error: QUEUE_SLOT_MESSAGES.badTime };
  if (weekdays.length === 0) return { error: QUEUE_SLOT_MESSAGES.badWeekday };
  const keys = new Set(slots.map((slot) => `${slot.weekday}|${slot.time}`));
  const added = weekdays.filter((weekday) => !keys.has(`${weekday}|${time}`));
  if (added.length === 0) return { error: QUEUE_SLOT_MESSAGES.duplicate };
  const next = [...slots, ...added.map((weekday) => ({ weekday, time }))];
  if (next.length > QUEUE_SLOT_LIMITS.maxPerAccount) return { error: QUEUE_SLOT_MESSAGES.tooMany };
  return { slots: sortQueueSlots(next) };
}

export function removeSlot(slots: readonly QueueSlot[], removed: QueueSlot): QueueSlot[] {
  return slots.filter((slot) => slot.weekday !== removed.weekday || slot.time !== removed.time);
}

/** 0 = Monday: a Monday of the calendar that `formatDate` names in the interface's language. */
export const weekdayDate = (weekday: number): string => `2024-01-0${weekday + 1}`;

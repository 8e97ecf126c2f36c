import type { PlannedStream } from '@relaycast/shared/planned-streams';
import { describe, expect, it } from 'vitest';
import { groupStreamsByDay } from './planned-stream-entries';

const stream = (id: string, scheduledAt: string): PlannedStream => ({
  id,
  title: id,
  description: '',
  scheduledAt,
  timezone: 'UTC',
  destinationIds: [],
  remindedAt: null,
  dismissedAt: null,
  createdAt: scheduledAt,
  updatedAt: scheduledAt,
});

describe('groupStreamsByDay', () => {
  it('puts each stream on its local day in the viewer’s time zone, in start order', () => {
    const byDay = groupStreamsByDay(
      [
        stream('late', '2030-03-10T23:30:00.000Z'),
        stream('early', '2030-03-10T08:00:00.000Z'),
        stream('next', '2030-03-11T12:00:00.000Z'),
      ],
      'America/New_York',
    );
    // 23:30 UTC on the 10th is 19:30 in New York (daylight saving time started that morning).
    expect(byDay.get('2030-03-10')?.map((entry) => [entry.stream.id, entry.time])).toEqual([
      ['early', '04:00'],
      ['late', '19:30'],
    ]);
    expect(byDay.get('2030-03-11')?.map((entry) => entry.stream.id)).toEqual(['next']);
  });
});

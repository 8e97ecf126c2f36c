import { describe, expect, it } from 'vitest';
import { mergeBitrateSeries } from './bitrate-series';

const point = (t: number, bitrateKbps: number | null) => ({ t, bitrateKbps, fps: 30, droppedFrames: 0 });

describe('mergeBitrateSeries', () => {
  it('lines up destinations by second, in time order, with gaps as null', () => {
    const rows = mergeBitrateSeries([
      { destinationId: 'a', platform: 'twitch', name: 'Twitch', points: [point(2, 3000), point(1, 2900)] },
      { destinationId: 'b', platform: 'custom', name: 'Sink', points: [point(1.2, 3100), point(3, null)] },
    ]);
    expect(rows).toEqual([
      { t: 1, a: 2900, b: 3100 },
      { t: 2, a: 3000, b: null },
      { t: 3, a: null, b: null },
    ]);
  });

  it('is empty when nothing was recorded', () => {
    expect(mergeBitrateSeries([])).toEqual([]);
    expect(mergeBitrateSeries([{ destinationId: 'a', platform: 'twitch', name: 'T', points: [] }])).toEqual(
      [],
    );
  });
});

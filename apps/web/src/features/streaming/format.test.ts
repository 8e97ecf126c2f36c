import { describe, expect, it } from 'vitest';
import { formatBitrate, formatFps } from './format';

describe('streaming formats', () => {
  it('formats bitrates in whole kbps with a dash before the first figure', () => {
    expect(formatBitrate(4480.6)).toBe('4,481 kbps');
    expect(formatBitrate(null)).toBe('–');
    expect(formatBitrate(Number.NaN)).toBe('–');
  });

  it('formats frame rates to one decimal', () => {
    expect(formatFps(29.97)).toBe('30 fps');
    expect(formatFps(24.44)).toBe('24.4 fps');
    expect(formatFps(undefined)).toBe('–');
  });
});

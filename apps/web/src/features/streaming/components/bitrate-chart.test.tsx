import type { StreamDetail } from '@relaycast/shared/streaming';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BitrateChart } from './bitrate-chart';

const summary = {
  id: 's1',
  title: 'Launch',
  source: 'obs',
  status: 'ended',
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: '2026-11-20T10:01:00.000Z',
  durationSeconds: 60,
  destinations: [],
  avgBitrateKbps: 4400,
  peakBitrateKbps: 4600,
  droppedFrames: 0,
  reconnects: 0,
  recordingMediaId: null,
} as const;

const DETAIL: StreamDetail = {
  summary: { ...summary, destinations: [] },
  sourceDrops: [],
  series: [
    {
      destinationId: 'd1',
      platform: 'youtube',
      name: 'YouTube',
      points: [0, 5, 10].map((t) => ({ t, bitrateKbps: 4400, fps: 30, droppedFrames: 0 })),
    },
  ],
};

describe('BitrateChart', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    vi.restoreAllMocks();
  });

  it('draws nothing (and warns of nothing) while its box has no size', () => {
    const warn = vi.spyOn(console, 'warn');
    const { container } = render(<BitrateChart detail={DETAIL} />);
    expect(screen.getByRole('img', { name: 'Bitrate over time for YouTube' })).toBeTruthy();
    expect(container.querySelector('.recharts-wrapper')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('draws the chart at the size its box measures', () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 288 });
    const warn = vi.spyOn(console, 'warn');
    const { container } = render(<BitrateChart detail={DETAIL} />);
    const chart = container.querySelector<HTMLElement>('.recharts-wrapper');
    expect(chart?.style.width).toBe('600px');
    expect(chart?.style.height).toBe('288px');
    expect(warn).not.toHaveBeenCalled();
  });
});

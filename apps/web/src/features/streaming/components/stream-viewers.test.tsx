import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamViewers } from './stream-viewers';

describe('StreamViewers', () => {
  it("shows the platform's peak and last viewer counts, naming the metric", () => {
    render(
      <StreamViewers
        viewers={{
          peak: 1200,
          last: 875,
          platformMetric: 'liveStreamingDetails.concurrentViewers',
          readAt: '2026-11-25T10:00:00.000Z',
        }}
      />,
    );
    const figure = screen.getByText('1,200 / 875');
    expect(figure.getAttribute('title')).toContain('liveStreamingDetails.concurrentViewers');
  });

  it('says "Not available" where the platform gives no count, never 0', () => {
    render(<StreamViewers viewers={null} />);
    expect(screen.getByText('Not available')).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });
});

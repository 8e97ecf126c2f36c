import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MediaProgress } from './media-progress';

describe('MediaProgress', () => {
  it('shows a streaming video’s progress and passes', () => {
    renderWithProviders(
      <MediaProgress
        media={{
          mediaId: 'v1',
          name: 'Intro.mp4',
          loop: true,
          durationSeconds: 30,
          positionSeconds: 12,
          loopsCompleted: 2,
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Streaming a video' });
    expect(section.textContent).toContain('Streaming “Intro.mp4”');
    expect(section.textContent).toContain('0:12 / 0:30');
    expect(section.textContent).toContain('Looping, 2 passes done');
    expect(screen.getByRole('progressbar', { name: 'Progress in the video' }).getAttribute('value')).toBe(
      '40',
    );
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ImportProgress } from './import-progress';

describe('ImportProgress', () => {
  it('says what the server is doing, with a bar that fills as it tells', async () => {
    const { rerender } = renderWithProviders(<ImportProgress progress={null} />);
    expect((await screen.findByRole('status')).textContent).toBe('Sending the file…');
    expect(screen.getByRole('progressbar').getAttribute('value')).toBeNull();
    rerender(<ImportProgress progress={{ stage: 'fetching', done: 3, of: 12 }} />);
    expect(screen.getByRole('status').textContent).toBe('Fetching media: 3 of 12');
    const bar = screen.getByRole('progressbar') as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([3, 12]);
    rerender(<ImportProgress progress={{ stage: 'saving', done: 0, of: 640 }} />);
    expect(screen.getByRole('status').textContent).toBe('Saving posts: 0 of 640');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SourceDrops } from './source-drops';

describe('SourceDrops', () => {
  it('lists each drop with its time into the stream and how long the slate showed', () => {
    renderWithProviders(
      <SourceDrops
        drops={[
          { atSeconds: 75, seconds: 8.5, returned: true },
          { atSeconds: 300, seconds: 120, returned: false },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Source drops: 2' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toMatch(
      /^At 1:15 the source dropped; the slate showed for 8\.5 s until it came back\.$/,
    );
    expect(items[1]).toMatch(/did not come back; the slate showed for 120 s\.$/);
  });

  it('shows nothing for a stream whose source never dropped', () => {
    const { container } = renderWithProviders(<SourceDrops drops={[]} />);
    expect(container.textContent).toBe('');
  });
});

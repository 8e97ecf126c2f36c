import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ComingSoonPage } from './coming-soon';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ComingSoonPage />
    </MemoryRouter>,
  );
}

describe('ComingSoonPage', () => {
  it('names an unlisted screen plainly and leads back to the dashboard', () => {
    renderAt('/somewhere-new');
    expect(screen.getByRole('heading', { level: 1, name: 'This screen is on its way' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});

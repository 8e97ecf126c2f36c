import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ComingSoonPage } from './coming-soon';

function renderAt(path: string) {
  renderWithProviders(<ComingSoonPage />, { route: path });
}

describe('ComingSoonPage', () => {
  it('names an unlisted screen plainly and leads back to the dashboard', () => {
    renderAt('/somewhere-new');
    expect(screen.getByRole('heading', { level: 1, name: 'This screen is on its way' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});

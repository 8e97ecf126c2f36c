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
  it('says plainly what the screen will do and leads back to the dashboard', () => {
    renderAt('/analytics');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics is on its way' })).toBeTruthy();
    expect(screen.getByText(/Followers, engagement rate, shares and comments/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(document.title).toBe('Analytics · Relaycast');
  });

  it('leads the media tools back to Media Tools', () => {
    renderAt('/video-editor');
    expect(screen.getByRole('heading', { level: 1, name: 'Video Editor is on its way' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to media tools' }).getAttribute('href')).toBe(
      '/media-tools',
    );
  });
});

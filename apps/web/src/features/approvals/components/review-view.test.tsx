import type { ReviewPage } from '@relaycast/shared/approvals';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ReviewView } from './review-view';

vi.mock('@/lib/time-zone', async (original) => ({
  ...(await original<typeof import('@/lib/time-zone')>()),
  browserTimeZone: () => 'Europe/Paris',
}));

const PAGE: ReviewPage = {
  workspaceName: 'Acme Brand',
  expiresAt: '2030-01-20T10:00:00.000Z',
  posts: [
    {
      id: 'p1',
      content: 'Spring sale starts Monday',
      platforms: ['instagram'],
      status: 'awaiting_approval',
      scheduledAt: '2030-01-15T14:00:00.000Z',
      timezone: 'America/New_York',
      canApprove: true,
      media: [
        { id: 'm1', kind: 'image', mimeType: 'image/png', width: 64, height: 64, hasThumbnail: true },
        { id: 'm2', kind: 'video', mimeType: 'video/mp4', width: 320, height: 240, hasThumbnail: true },
      ],
    },
    {
      id: 'p2',
      content: 'Text only',
      platforms: ['twitter'],
      status: 'scheduled',
      scheduledAt: '2030-01-16T08:00:00.000Z',
      timezone: 'Europe/Paris',
      canApprove: false,
      media: [],
    },
  ],
};

function renderPage() {
  fakeApi({ 'GET /api/review/tok.1.sig': PAGE });
  renderWithProviders(<ReviewView token="tok.1.sig" />, { route: '/review/tok.1.sig' });
}

describe('ReviewView', () => {
  it("shows each post's pictures and videos from the link's own media addresses", async () => {
    renderPage();
    const first = await screen.findByRole('article', { name: /Instagram/ });
    const media = within(first).getByRole('list', { name: 'Media' });
    const picture = within(media).getByRole('img', { name: 'Picture 1 of 2' });
    expect(picture.getAttribute('src')).toBe('/api/review/tok.1.sig/media/m1/thumbnail');
    expect(picture.closest('a')?.getAttribute('href')).toBe('/api/review/tok.1.sig/media/m1/file');
    const video = media.querySelector('video');
    expect(video?.getAttribute('aria-label')).toBe('Video 2 of 2');
    expect(video?.getAttribute('src')).toBe('/api/review/tok.1.sig/media/m2/file');
    expect(video?.getAttribute('poster')).toBe('/api/review/tok.1.sig/media/m2/thumbnail');
    const second = screen.getByRole('article', { name: /X \(Twitter\)/ });
    expect(within(second).queryByRole('list', { name: 'Media' })).toBeNull();
  });

  it("says when each post goes out in its own zone, by name, and in the reader's when that differs", async () => {
    renderPage();
    const first = await screen.findByRole('article', { name: /Instagram/ });
    expect(within(first).getByText(/^Goes out .*2030, 9:00\sAM Eastern Standard Time$/)).toBeTruthy();
    expect(
      within(first).getByText(/^Your time: .*2030, 3:00\sPM Central European Standard Time$/),
    ).toBeTruthy();
    // Scheduled in the reader's zone: one line.
    const second = screen.getByRole('article', { name: /X \(Twitter\)/ });
    expect(within(second).getByText(/^Goes out .*9:00\sAM Central European Standard Time$/)).toBeTruthy();
    expect(within(second).queryByText(/^Your time:/)).toBeNull();
    expect(screen.getByText(/^This link works until .*Central European Standard Time\.$/)).toBeTruthy();
  });
});

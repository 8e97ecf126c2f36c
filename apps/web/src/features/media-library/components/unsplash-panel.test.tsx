import type { MediaImport } from '@relaycast/shared/media-imports';
import { UNSPLASH_MESSAGES, type UnsplashPhoto, type UnsplashSearch } from '@relaycast/shared/unsplash';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { UnsplashPanel } from './unsplash-panel';

const UTM = '?utm_source=relaycast&utm_medium=referral';

function aPhoto(n: number): UnsplashPhoto {
  return {
    id: `sea-${n}`,
    description: `waves ${n}`,
    width: 4000,
    height: 3000,
    thumbUrl: `https://images.unsplash.com/photo-${n}?w=200`,
    smallUrl: `https://images.unsplash.com/photo-${n}?w=400`,
    attribution: {
      source: 'unsplash',
      author: `Photographer ${n}`,
      authorUrl: `https://unsplash.com/@p${n}${UTM}`,
      photoUrl: `https://unsplash.com/photos/sea-${n}${UTM}`,
      sourceUrl: `https://unsplash.com/${UTM}`,
    },
  };
}

const pageOf = (page: number, ids: number[]): UnsplashSearch => ({
  page,
  total: 3,
  totalPages: 2,
  results: ids.map(aPhoto),
});

const started: MediaImport = {
  id: 'i1',
  url: 'https://images.unsplash.com/photo-1?fm=jpg',
  status: 'queued',
  receivedBytes: 0,
  totalBytes: null,
  mediaId: null,
  error: null,
  source: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

describe('UnsplashPanel', () => {
  it('searches, shows hotlinked thumbnails with their credit, loads more and imports one', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/media/unsplash': { enabled: true },
      'GET /api/media/unsplash/search': ({ url }) =>
        new URL(url, 'http://x').searchParams.get('page') === '2' ? pageOf(2, [3]) : pageOf(1, [1, 2]),
      'POST /api/media/unsplash/imports': new Response(JSON.stringify(started), { status: 202 }),
      'GET /api/media/imports': { items: [started] },
    });
    renderWithProviders(<UnsplashPanel />);
    await user.type(await screen.findByLabelText('Search Unsplash'), 'sea');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const first = await screen.findByRole('listitem', { name: 'Photo by Photographer 1' });
    expect(within(first).getByRole('img', { name: 'waves 1' }).getAttribute('src')).toBe(
      'https://images.unsplash.com/photo-1?w=200',
    );
    expect(within(first).getByRole('link', { name: 'Photographer 1' }).getAttribute('href')).toBe(
      `https://unsplash.com/@p1${UTM}`,
    );
    expect(within(first).getByRole('link', { name: 'Unsplash' }).getAttribute('href')).toBe(
      `https://unsplash.com/${UTM}`,
    );
    expect(api.callsTo('GET /api/media/unsplash/search')[0]?.url).toContain('query=sea&page=1');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Photo by Photographer 3' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Import the photo by Photographer 2' }));
    await waitFor(() => expect(api.callsTo('POST /api/media/unsplash/imports')).toHaveLength(1));
    expect(api.callsTo('POST /api/media/unsplash/imports')[0]?.body).toEqual({ photoId: 'sea-2' });
  });

  it("says which variable to set when the server has no key, and shows Unsplash's refusal", async () => {
    fakeApi({ 'GET /api/media/unsplash': { enabled: false } });
    const { unmount } = renderWithProviders(<UnsplashPanel />);
    expect(await screen.findByText(UNSPLASH_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.queryByLabelText('Search Unsplash')).toBeNull();
    unmount();

    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/media/unsplash': { enabled: true },
      'GET /api/media/unsplash/search': apiError(429, UNSPLASH_MESSAGES.rateLimited),
    });
    renderWithProviders(<UnsplashPanel />);
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText(UNSPLASH_MESSAGES.queryRequired)).toBeTruthy();
    expect(api.callsTo('GET /api/media/unsplash/search')).toHaveLength(0);
    await user.type(screen.getByLabelText('Search Unsplash'), 'busy');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNSPLASH_MESSAGES.rateLimited);
  });
});

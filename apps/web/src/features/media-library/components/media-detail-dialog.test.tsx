import type { MediaItem } from '@relaycast/shared/media';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { MediaDetailDialog } from './media-detail-dialog';

const EDITED: MediaItem = {
  id: 'm-edit',
  name: 'beach (edited).jpg',
  mimeType: 'image/jpeg',
  kind: 'image',
  sizeBytes: 2048,
  width: 1080,
  height: 1920,
  durationSeconds: null,
  url: '/api/media/m-edit/file',
  thumbnailUrl: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  derivedFromId: 'm-original',
};

describe('MediaDetailDialog', () => {
  it('marks a file the image editor made and links to its original', async () => {
    fakeApi({ 'GET /api/media/m-edit/usage': { posts: [] } });
    renderWithProviders(<MediaDetailDialog item={EDITED} onClose={() => {}} onDelete={() => {}} />);
    expect(await screen.findByText('Edited copy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the original' }).getAttribute('href')).toBe(
      '/api/media/m-original/file',
    );
    expect(screen.getByRole('link', { name: 'Edit image' })).toBeTruthy();
  });

  it('says nothing of an original for an upload', async () => {
    fakeApi({ 'GET /api/media/m-edit/usage': { posts: [] } });
    renderWithProviders(
      <MediaDetailDialog item={{ ...EDITED, derivedFromId: null }} onClose={() => {}} onDelete={() => {}} />,
    );
    expect(await screen.findByRole('link', { name: 'Edit image' })).toBeTruthy();
    expect(screen.queryByText('Edited copy')).toBeNull();
  });

  it('credits a stock photo with the referral links', async () => {
    const utm = '?utm_source=relaycast&utm_medium=referral';
    fakeApi({ 'GET /api/media/m-edit/usage': { posts: [] } });
    const attribution = {
      source: 'unsplash' as const,
      author: 'Ada Lovelace',
      authorUrl: `https://unsplash.com/@ada${utm}`,
      photoUrl: `https://unsplash.com/photos/abc${utm}`,
      sourceUrl: `https://unsplash.com/${utm}`,
    };
    renderWithProviders(
      <MediaDetailDialog
        item={{ ...EDITED, derivedFromId: null, attribution }}
        onClose={() => {}}
        onDelete={() => {}}
      />,
    );
    expect((await screen.findByRole('link', { name: 'Ada Lovelace' })).getAttribute('href')).toBe(
      attribution.authorUrl,
    );
    expect(screen.getByRole('link', { name: 'Unsplash' }).getAttribute('href')).toBe(attribution.sourceUrl);
    expect(screen.getByRole('link', { name: 'The photo on Unsplash' }).getAttribute('href')).toBe(
      attribution.photoUrl,
    );
  });
});

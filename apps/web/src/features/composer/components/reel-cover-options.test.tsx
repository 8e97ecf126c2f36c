import type { MediaItem } from '@relaycast/shared/media';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyValues, type PostFormValues } from '@/lib/post-form';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ReelCoverOptions } from './reel-cover-options';

const VIDEO = {
  id: 'v1',
  name: 'reel.mp4',
  mimeType: 'video/mp4',
  sizeBytes: 1000,
  url: '/api/media/v1/file',
  thumbnailUrl: null,
  durationSeconds: 12,
  width: 1080,
  height: 1920,
};

const IMAGE: MediaItem = {
  ...VIDEO,
  id: 'i1',
  name: 'cover.png',
  mimeType: 'image/png',
  kind: 'image',
  durationSeconds: null,
  url: '/api/media/i1/file',
  createdAt: '2026-11-27T00:00:00Z',
};

const reelValues = (extra: Partial<PostFormValues> = {}): PostFormValues => ({
  ...emptyValues('A Reel'),
  platforms: ['instagram'],
  media: [VIDEO],
  ...extra,
});

function library() {
  return fakeApi({
    'GET /api/reel-covers/posts/p1': { reelCover: { kind: 'frame', offsetMs: 2500 } },
    'GET /api/media': {
      items: [IMAGE],
      usage: { usedBytes: 0, storageBytes: null, maxFileSizeBytes: 1_000_000, plan: null },
    },
  });
}

describe('ReelCoverOptions', () => {
  it('shows the saved cover of a Reel, and changes it to a library image or the first frame', async () => {
    library();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ReelCoverOptions postId="p1" values={reelValues()} onChange={onChange} />);
    const moment = await screen.findByLabelText('A moment of the video');
    await waitFor(() => expect((moment as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('Seconds from the start') as HTMLInputElement).value).toBe('2.5');

    const image = screen.getByLabelText('An image from the library');
    await waitFor(() => expect((image as HTMLInputElement).disabled).toBe(false));
    await user.click(image);
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'image', mediaId: 'i1' });
    await user.click(screen.getByLabelText('First frame'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('sends the moment typed, in milliseconds', async () => {
    library();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ReelCoverOptions
        postId={undefined}
        values={reelValues({ reelCover: { kind: 'frame', offsetMs: 0 } })}
        onChange={onChange}
      />,
    );
    const seconds = await screen.findByLabelText('Seconds from the start');
    await user.clear(seconds);
    await user.type(seconds, '4');
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'frame', offsetMs: 4000 });
  });

  it('is not offered without Instagram, or with an image, or with two files', () => {
    library();
    for (const values of [
      reelValues({ platforms: ['twitter'] }),
      reelValues({ media: [{ ...VIDEO, mimeType: 'image/png' }] }),
      reelValues({ media: [VIDEO, { ...VIDEO, id: 'v2' }] }),
    ]) {
      const { unmount } = renderWithProviders(
        <ReelCoverOptions postId={undefined} values={values} onChange={() => {}} />,
      );
      expect(screen.queryByText('Instagram Reel cover')).toBeNull();
      unmount();
    }
  });
});

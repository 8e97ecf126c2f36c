import type { ClipAnalysis } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { SceneSnapshots } from './scene-snapshots';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const VIDEO: MediaItem = {
  id: 'vid1',
  name: 'stream.mp4',
  mimeType: 'video/mp4',
  kind: 'video',
  sizeBytes: 1000,
  width: 1920,
  height: 1080,
  durationSeconds: 60,
  url: '/api/media/vid1/file',
  thumbnailUrl: null,
  createdAt: '2026-11-25T00:00:00.000Z',
};

/** Ten scene changes: the strip offers the eight strongest, in time order (not 3 s and 6 s, the weakest). */
const ANALYSIS: ClipAnalysis = {
  mediaId: 'vid1',
  durationSeconds: 60,
  clipSeconds: 30,
  sceneChanges: [3, 6, 10, 15, 20, 25, 30, 40, 50, 59].map((time) => ({
    time,
    score: time === 3 || time === 6 ? 0.1 : 0.5,
  })),
  clips: [],
  createdAt: '2026-11-25T00:00:00.000Z',
};

function renderStrip(answer: Response) {
  const api = fakeApi({ 'POST /api/clips/analyses/vid1/covers': answer });
  renderWithProviders(<SceneSnapshots media={VIDEO} analysis={ANALYSIS} />);
  return api;
}

afterEach(() => vi.clearAllMocks());

describe('SceneSnapshots', () => {
  it('previews the frames after the strongest scene changes and saves one to the library', async () => {
    const api = renderStrip(
      Response.json(
        { ...VIDEO, id: 'img1', kind: 'image', name: 'stream (cover 0:15).jpg' },
        { status: 201 },
      ),
    );
    const strip = screen.getByRole('list', { name: 'Cover images' });
    const items = within(strip).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      '0:10',
      '0:15',
      '0:20',
      '0:25',
      '0:30',
      '0:40',
      '0:50',
      '0:59',
    ]);
    // Each preview is the video itself at the frame 0.9 s after the cut's second (the last one, before the end).
    expect(screen.getByLabelText('Frame at 0:15').getAttribute('src')).toBe('/api/media/vid1/file#t=15.9');
    expect(screen.getByLabelText('Frame at 0:59').getAttribute('src')).toBe('/api/media/vid1/file#t=59.9');

    fireEvent.click(screen.getByRole('button', { name: 'Save the frame at 0:15 to the library' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(vi.mocked(toast.success).mock.calls[0]).toEqual([
      'Cover image saved to your media library.',
      { description: 'stream (cover 0:15).jpg' },
    ]);
    expect(api.callsTo('POST /api/clips/analyses/vid1/covers')[0]?.body).toEqual({ time: 15 });
  });

  it("shows the server's message when the frame could not be saved", async () => {
    renderStrip(apiError(409, 'Your storage is full.', 'STORAGE_FULL'));
    fireEvent.click(screen.getByRole('button', { name: 'Save the frame at 0:20 to the library' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0]).toEqual([
      'The cover image could not be saved.',
      { description: 'Your storage is full.' },
    ]);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

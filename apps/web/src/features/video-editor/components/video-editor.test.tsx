import type { MediaItem } from '@relaycast/shared/media';
import { croppedSize, layoutOverlayText } from '@relaycast/shared/video-editor-text-layout';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { VideoEditor } from './video-editor';

const VIDEO: MediaItem = {
  id: 'vid1',
  name: 'sale.mp4',
  mimeType: 'video/mp4',
  kind: 'video',
  sizeBytes: 1000,
  width: 1920,
  height: 1080,
  durationSeconds: 10,
  url: '/media/vid1.mp4',
  thumbnailUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** jsdom has no layout: the player is 640×360 and the video reports a 1920×1080 picture of 10 s. */
function givePlayerASize() {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 360 });
}

async function openVideo() {
  fakeApi({ 'GET /api/media/vid1': VIDEO, 'GET /api/media': { items: [VIDEO], usage: {} }, '*': {} });
  renderWithProviders(<VideoEditor />, { route: '/video-editor?media=vid1' });
  const player = await screen.findByLabelText('Preview of sale.mp4');
  Object.defineProperty(player, 'videoWidth', { configurable: true, value: 1920 });
  Object.defineProperty(player, 'videoHeight', { configurable: true, value: 1080 });
  Object.defineProperty(player, 'duration', { configurable: true, value: 10 });
  fireEvent.loadedMetadata(player);
  await screen.findByRole('heading', { name: 'Timeline' });
  return player;
}

describe('the video editor', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it("runs the open video's frame strip and waveform under the timeline", async () => {
    await openVideo();
    expect(screen.getByRole('img', { name: 'Frames across the video' }).getAttribute('src')).toBe(
      '/api/video-editor/media/vid1/timeline/thumbnails',
    );
    expect(screen.getByRole('img', { name: 'Waveform of the sound' }).getAttribute('src')).toBe(
      '/api/video-editor/media/vid1/timeline/waveform',
    );
  });

  it('draws a text overlay on the player while it is shown, laid out in the frame the export will have', async () => {
    givePlayerASize();
    const user = userEvent.setup();
    const player = await openVideo();
    expect(screen.queryByTestId('overlay-preview')).toBeNull();
    await user.type(screen.getByLabelText('Overlay text'), 'Spring sale! 20% off everything');
    await user.selectOptions(screen.getByLabelText('Position'), 'bottom');
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const preview = await screen.findByTestId('overlay-preview');
    // Uncropped, the frame is the whole 1920×1080 picture, which fills the 640×360 player.
    expect(preview.getAttribute('viewBox')).toBe('0 0 1920 1080');
    const wide = layoutOverlayText('Spring sale! 20% off everything', 'bottom', {
      width: 1920,
      height: 1080,
    });
    expect(Array.from(preview.querySelectorAll('text'), (text) => text.textContent)).toEqual(
      wide.lines.map((line) => line.text),
    );
    // Cropped to 9:16, the same text wraps in the narrow frame, drawn over the crop's frame on the screen.
    await user.selectOptions(screen.getByLabelText('Crop'), '9:16');
    const frame = croppedSize(1920, 1080, '9:16');
    await waitFor(() =>
      expect(screen.getByTestId('overlay-preview').getAttribute('viewBox')).toBe(
        `0 0 ${frame.width} ${frame.height}`,
      ),
    );
    const narrow = layoutOverlayText('Spring sale! 20% off everything', 'bottom', frame);
    const svg = screen.getByTestId('overlay-preview');
    expect(svg.style.width).toBe('202.5px');
    expect(svg.style.left).toBe('218.75px');
    const texts = Array.from(svg.querySelectorAll('text'));
    expect(texts.map((text) => text.textContent)).toEqual(narrow.lines.map((line) => line.text));
    expect(texts.map((text) => Number(text.getAttribute('y')))).toEqual(
      narrow.lines.map((line) => line.baseline),
    );
    expect(texts[0]!.getAttribute('font-size')).toBe(String(narrow.fontSize));
    const boxes = Array.from(svg.querySelectorAll('rect'), (rect) => Number(rect.getAttribute('x')));
    expect(boxes).toEqual(narrow.lines.map((line) => line.box!.left));
    // Past its end (0:03 of the output), it is gone, as from the export.
    Object.defineProperty(player, 'currentTime', { configurable: true, value: 5 });
    fireEvent.timeUpdate(player);
    await waitFor(() => expect(screen.queryByTestId('overlay-preview')).toBeNull());
  });
});

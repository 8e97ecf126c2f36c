import { EMPTY_RECIPE } from '@relaycast/shared/image-edit';
import type { MediaItem } from '@relaycast/shared/media';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { movedCrop } from '../drag-math';
import { drawRecipe } from '../draw-recipe';
import { ImageEditor } from './image-editor';
import { ImageEditorDialog } from './image-editor-dialog';

const PHOTO: MediaItem = {
  id: 'img1',
  name: 'beach.jpg',
  mimeType: 'image/jpeg',
  kind: 'image',
  sizeBytes: 1000,
  width: 200,
  height: 100,
  durationSeconds: null,
  url: '/api/media/img1/file',
  thumbnailUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  uploadedBy: null,
};

function openEditor() {
  const api = fakeApi({
    'GET /api/media/img1': PHOTO,
    'POST /api/media/img1/edits': { ...PHOTO, id: 'img2', name: 'beach (edited).jpg' },
    'GET /api/media': { items: [PHOTO], usage: {}, thumbnailsAvailable: true },
  });
  renderWithProviders(<ImageEditor mediaId="img1" />, { route: '/image-editor?media=img1' });
  return api;
}

describe('the image editor', () => {
  it('crops to a platform preset, undoes and redoes it, and saves the recipe for the server to render', async () => {
    const user = userEvent.setup();
    const api = openEditor();
    expect(await screen.findByText('Result: 200 × 100 px')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '9:16' }));
    // The largest 9:16 box of a 200×100 image, centred.
    expect(screen.getByText('Result: 56 × 100 px')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Result: 200 × 100 px')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    // The crop box moves with the arrow keys (1 % of the width a step), inside the image only.
    const box = screen.getByRole('button', { name: 'Crop box: drag it or move it with the arrow keys' });
    box.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByText('Result: 56 × 100 px')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(screen.getByText('Result: 100 × 56 px')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Black and white' }));
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.click(screen.getByRole('button', { name: 'Save as a new file' }));
    await waitFor(() => expect(api.callsTo('POST /api/media/img1/edits')).toHaveLength(1));
    expect(api.callsTo('POST /api/media/img1/edits')[0]?.body).toEqual({
      recipe: {
        ...EMPTY_RECIPE,
        crop: { x: 74, y: 0, width: 56, height: 100 },
        rotate: 90,
        filter: 'grayscale',
        textLayers: [
          { text: 'Your text', font: 'sans', size: 8, color: '#ffffff', background: '#000000', x: 8, y: 8 },
        ],
      },
    });
  });

  it('in the composer’s dialog: Save hands over the new file, Cancel saves nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/media/img1': PHOTO,
      'POST /api/media/img1/edits': { ...PHOTO, id: 'img2', name: 'beach (edited).jpg', width: 56 },
      'GET /api/media': { items: [PHOTO], usage: {}, thumbnailsAvailable: true },
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<ImageEditorDialog mediaId="img1" onSaved={onSaved} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit image' });
    await within(dialog).findByText('Result: 200 × 100 px');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST /api/media/img1/edits')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '9:16' }));
    expect(within(dialog).getByRole('button', { name: '9:16' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new file' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ id: 'img2', width: 56 });
    expect(api.callsTo('POST /api/media/img1/edits')[0]?.body).toMatchObject({
      recipe: { crop: { x: 72, y: 0, width: 56, height: 100 } },
    });
  });

  it('refuses an animated GIF', async () => {
    fakeApi({ 'GET /api/media/img1': { ...PHOTO, mimeType: 'image/gif', kind: 'gif' } });
    renderWithProviders(<ImageEditor mediaId="img1" />);
    expect(await screen.findByText('Only still images (JPEG, PNG, WebP) can be edited here.')).toBeTruthy();
  });
});

describe('moving the crop box', () => {
  it('keeps the box inside the image', () => {
    const crop = { x: 72, y: 0, width: 56, height: 100 };
    expect(movedCrop(crop, { width: 200, height: 100 }, 500, 20)).toEqual({ ...crop, x: 144, y: 0 });
    expect(movedCrop(crop, { width: 200, height: 100 }, -80.4, 0)).toEqual({ ...crop, x: 0 });
  });
});

describe('the preview drawing', () => {
  it('turns, flips and scales the crop in the server’s order, with the CSS colour filter', () => {
    const calls: string[] = [];
    const context = new Proxy(
      { canvas: { width: 0, height: 0 }, filter: 'none', measureText: () => ({ width: 10 }) },
      {
        get(target, name) {
          if (name in target) return target[name as keyof typeof target];
          return (...args: unknown[]) => calls.push(`${String(name)}(${args.map(String).join(',')})`);
        },
        set(target, name, value) {
          (target as Record<string, unknown>)[name as string] = value;
          if (name === 'filter') calls.push(`filter=${value}`);
          return true;
        },
      },
    ) as unknown as CanvasRenderingContext2D;
    const source = { width: 200, height: 100 } as HTMLImageElement;
    drawRecipe(context, source, new Map(), {
      ...EMPTY_RECIPE,
      crop: { x: 10, y: 0, width: 100, height: 50 },
      rotate: 90,
      flipHorizontal: true,
      resize: { width: 25, height: 50 },
      filter: 'sepia',
    });
    expect(context.canvas).toMatchObject({ width: 25, height: 50 });
    expect(calls.slice(1, 5)).toEqual([
      'scale(0.5,0.5)',
      'transform(-1,0,0,1,50,0)',
      'transform(0,1,-1,0,50,0)',
      'filter=brightness(1) contrast(1) saturate(1) sepia(1)',
    ]);
    expect(calls).toContain('drawImage([object Object],10,0,100,50,0,0,100,50)');
  });
});

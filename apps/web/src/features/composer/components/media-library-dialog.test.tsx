import type { MediaItem } from '@relaycast/shared/media';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { MediaLibraryDialog } from './media-library-dialog';

const generated: MediaItem = {
  id: 'm-ai',
  name: 'AI image – A red bicycle.png',
  mimeType: 'image/png',
  kind: 'image',
  sizeBytes: 2048,
  width: 1024,
  height: 1024,
  durationSeconds: null,
  url: '/api/media/m-ai/file',
  thumbnailUrl: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  generation: { prompt: 'A red bicycle', model: 'gpt-image-1', provider: 'openai', size: '1024x1024' },
};

const usage = {
  usedBytes: 0,
  storageBytes: null,
  maxFileSizeBytes: 1_000_000,
  plan: null,
  diskFreeBytes: null,
};

describe('MediaLibraryDialog', () => {
  it('generates an image with AI and attaches it with the files chosen', async () => {
    const user = userEvent.setup();
    let items: MediaItem[] = [];
    fakeApi({
      'GET /api/media': () => ({ items, usage }),
      'GET /api/ai/images/status': {
        isConfigured: true,
        provider: 'openai',
        model: 'gpt-image-1',
        message: null,
      },
      'POST /api/ai/images': () => {
        items = [generated];
        return generated;
      },
      '*': {},
    });
    const onConfirm = vi.fn();
    renderWithProviders(
      <MediaLibraryDialog open onOpenChange={vi.fn()} attached={[]} onConfirm={onConfirm} />,
    );
    await user.click(await screen.findByText('Generate an image with AI', { selector: 'summary' }));
    const prompt = screen.getByLabelText('Describe the image') as HTMLTextAreaElement;
    await waitFor(() => expect(prompt.disabled).toBe(false));
    await user.type(prompt, 'A red bicycle');
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    await waitFor(() => expect(screen.getByText('1 file selected')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Attach selected' }));
    expect(onConfirm).toHaveBeenCalledWith([expect.objectContaining({ id: 'm-ai' })]);
  });
});

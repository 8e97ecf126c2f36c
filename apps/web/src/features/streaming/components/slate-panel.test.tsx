import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { SlatePanel } from './slate-panel';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const IMAGE = {
  id: 'm-brb',
  name: 'brb.png',
  mimeType: 'image/png',
  kind: 'image',
  url: '/api/media/m-brb/file',
  thumbnailUrl: '/api/media/m-brb/thumbnail',
};

describe('SlatePanel', () => {
  it('starts on the default card and saves a library picture as the slate', async () => {
    const api = fakeApi({
      'GET /api/streaming/slate': { slate: null },
      'GET /api/media?kind=image': { items: [IMAGE], usage: {} },
      'PUT /api/streaming/slate': { slate: { mediaId: 'm-brb', name: 'brb.png' } },
    });
    renderWithProviders(<SlatePanel />);
    const select = await screen.findByLabelText('Slate picture');
    expect((select as HTMLSelectElement).value).toBe('');
    expect(screen.getByTestId('slate-preview').textContent).toBe('We’ll be right back');
    await userEvent.selectOptions(select, 'brb.png');
    await waitFor(() => expect(api.callsTo('PUT /api/streaming/slate')).toHaveLength(1));
    expect(api.callsTo('PUT /api/streaming/slate')[0]?.body).toEqual({ mediaId: 'm-brb' });
    expect(await screen.findByRole('img', { name: 'Slate: brb.png' })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Slate saved. It applies from your next stream.');
  });

  it('goes back to the default card, and shows the server’s refusal', async () => {
    const api = fakeApi({
      'GET /api/streaming/slate': { slate: { mediaId: 'm-brb', name: 'brb.png' } },
      'GET /api/media?kind=image': { items: [IMAGE], usage: {} },
      'PUT /api/streaming/slate': () => apiError(400, 'The slate must be an image.'),
    });
    renderWithProviders(<SlatePanel />);
    const select = await screen.findByLabelText('Slate picture');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('m-brb'));
    await userEvent.selectOptions(select, 'The default card');
    await waitFor(() => expect(api.callsTo('PUT /api/streaming/slate')[0]?.body).toEqual({ mediaId: null }));
    await waitFor(() =>
      expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe('The slate must be an image.'),
    );
    expect((select as HTMLSelectElement).value).toBe('m-brb');
  });
});

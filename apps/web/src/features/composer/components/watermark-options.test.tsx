import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { CORNER, LOGO, POST } from '@/test/watermarks';
import { PostComposer } from './post-composer';

function renderComposer() {
  const api = fakeApi({
    'GET /api/accounts': {
      accounts: [
        { id: 'a1', platform: 'linkedin', handle: 'acme', displayName: 'Acme', status: 'connected' },
      ],
    },
    'GET /api/posts/p1': POST,
    'PUT /api/posts/p1': POST,
    'GET /api/watermarks': {
      watermarks: [LOGO, CORNER],
      defaults: [{ accountId: 'a1', watermarkId: 'wm-logo' }],
    },
    'GET /api/watermarks/posts/p1': { use: 'default' },
  });
  renderWithProviders(
    <PostComposer postId="p1" authorName="Ada Lovelace" newPostHref="/post-composer" onCreated={vi.fn()} />,
  );
  return api;
}

const overlay = () =>
  within(screen.getByRole('list', { name: 'Watermark preview' })).getByTestId('watermark-overlay');

describe('the composer’s watermark', () => {
  it('previews the account’s default on the post’s image, and sends the choice made with the post', async () => {
    const user = userEvent.setup();
    const api = renderComposer();
    const select = await screen.findByLabelText('Watermark');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('default'));
    expect(screen.getByRole('option', { name: 'Each account’s default (Logo)' })).toBeTruthy();
    // The same numbers as the server's ffmpeg graph: 20 % wide, 3 % from the right and bottom, 60 % opaque.
    await waitFor(() => expect(overlay().style.right).toBe('3%'));
    expect(overlay().style).toMatchObject({ width: '20%', bottom: '3%', opacity: '0.6' });
    expect(overlay().getAttribute('src')).toBe('/api/media/m-logo/file');

    await user.selectOptions(select, 'wm-corner');
    expect(overlay().style).toMatchObject({ left: '3%', top: '3%', opacity: '1' });

    await user.selectOptions(select, 'none');
    expect(screen.queryByRole('list', { name: 'Watermark preview' })).toBeNull();

    await user.selectOptions(select, 'wm-corner');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/p1')[0]?.body).toMatchObject({
      watermark: { use: 'watermark', watermarkId: 'wm-corner' },
    });
  });
});

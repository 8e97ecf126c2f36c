import type { WatermarkApplyStatus } from '@relaycast/shared/watermarks';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { CORNER, LOGO, POST } from '@/test/watermarks';
import { PostComposer } from './post-composer';

const none: WatermarkApplyStatus = {
  watermarkId: 'wm-corner',
  files: [{ mediaId: 'm-photo', state: 'none', progress: null, copy: null, error: null }],
};
const rendering: WatermarkApplyStatus = {
  watermarkId: 'wm-corner',
  files: [{ mediaId: 'm-photo', state: 'rendering', progress: 0.4, copy: null, error: null }],
};
const COPY = {
  id: 'm-copy',
  name: 'shop (watermarked).jpg',
  mimeType: 'image/jpeg',
  url: '/api/media/m-copy/file',
};
const done: WatermarkApplyStatus = {
  watermarkId: 'wm-corner',
  files: [{ mediaId: 'm-photo', state: 'done', progress: 1, copy: COPY, error: null }],
};
const stale: WatermarkApplyStatus = {
  watermarkId: 'wm-corner',
  files: [{ mediaId: 'm-photo', state: 'stale', progress: null, copy: null, error: null }],
};

function renderComposer(server: { status: WatermarkApplyStatus }) {
  const api = fakeApi({
    'GET /api/accounts': {
      accounts: [
        { id: 'a1', platform: 'linkedin', handle: 'acme', displayName: 'Acme', status: 'connected' },
      ],
    },
    'GET /api/posts/p1': POST,
    'GET /api/watermarks': {
      watermarks: [LOGO, CORNER],
      defaults: [{ accountId: 'a1', watermarkId: 'wm-logo' }],
    },
    'GET /api/watermarks/posts/p1': { use: 'default' },
    'GET /api/watermarks/apply': () => server.status,
    'POST /api/watermarks/apply': () => {
      server.status = rendering;
      return new Response(JSON.stringify(rendering), { status: 202 });
    },
  });
  renderWithProviders(
    <PostComposer postId="p1" authorName="Ada Lovelace" newPostHref="/post-composer" onCreated={vi.fn()} />,
  );
  return api;
}

const applyButton = () =>
  screen.getByRole('button', { name: /Apply now|Applying…|Applied|Apply again|Try again/ });

describe('Apply now in the composer', () => {
  it('needs one watermark, then applies it, shows the progress and previews the rendered copy', async () => {
    const user = userEvent.setup();
    const server = { status: none };
    const api = renderComposer(server);
    const select = await screen.findByLabelText('Watermark');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('default'));
    // On "each account's default" the accounts may differ: Apply now needs one watermark.
    expect(applyButton().textContent).toContain('Apply now');
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('To apply it now, choose one watermark for every account.')).toBeTruthy();
    expect(api.callsTo('GET /api/watermarks/apply')).toHaveLength(0);

    await user.selectOptions(select, 'wm-corner');
    await waitFor(() => expect((applyButton() as HTMLButtonElement).disabled).toBe(false));
    expect(api.callsTo('GET /api/watermarks/apply')[0]?.url).toBe(
      '/api/watermarks/apply?watermarkId=wm-corner&mediaIds=m-photo',
    );
    await user.click(applyButton());
    expect(api.callsTo('POST /api/watermarks/apply')[0]?.body).toEqual({
      watermarkId: 'wm-corner',
      mediaIds: ['m-photo'],
    });
    await waitFor(() => expect(applyButton().textContent).toContain('Applying…'));
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Applying… 40%')).toBeTruthy();
    expect(screen.getByTestId('watermark-overlay')).toBeTruthy();

    // The job finishes: the next poll shows the copy itself, no drawn mark over it.
    server.status = done;
    await waitFor(() => expect(applyButton().textContent).toContain('Applied'), { timeout: 3000 });
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByAltText('shop.jpg, watermarked').getAttribute('src')).toBe(COPY.url);
    expect(screen.queryByTestId('watermark-overlay')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(COPY.url);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(COPY.name);
    expect(api.callsTo('POST /api/watermarks/apply')).toHaveLength(1);
  });

  it('says the copy is out of date once the watermark changed, and offers to apply again', async () => {
    const user = userEvent.setup();
    renderComposer({ status: stale });
    const select = await screen.findByLabelText('Watermark');
    await user.selectOptions(select, 'wm-corner');
    await waitFor(() => expect(applyButton().textContent).toContain('Apply again'));
    expect((applyButton() as HTMLButtonElement).disabled).toBe(false);
    expect(
      screen.getByText('The watermark changed after it was applied: the copies are out of date.'),
    ).toBeTruthy();
    expect(screen.getByText('Out of date')).toBeTruthy();
    expect(screen.getByTestId('watermark-overlay')).toBeTruthy();
  });
});

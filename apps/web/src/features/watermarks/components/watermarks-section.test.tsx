import type { Watermark } from '@relaycast/shared/watermarks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { WatermarksSection } from './watermarks-section';

const LOGO: Watermark = {
  id: 'wm1',
  name: 'Logo',
  imageMediaId: 'm-logo',
  imageUrl: '/api/media/m-logo/file',
  opacity: 70,
  size: 20,
  position: 'bottom-right',
  margin: 3,
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const IMAGE = {
  id: 'm-logo',
  name: 'logo.png',
  mimeType: 'image/png',
  kind: 'image',
  url: '/api/media/m-logo/file',
};

function render(role: string) {
  const api = fakeApi({
    'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role },
    'GET /api/media?kind=image': { items: [IMAGE], usage: {} },
    'GET /api/accounts': {
      accounts: [{ id: 'a1', platform: 'mastodon', handle: '@acme', displayName: 'Acme' }],
    },
    'GET /api/watermarks': { watermarks: [LOGO], defaults: [] },
    'PUT /api/watermarks/wm1': ({ body }) => ({ ...LOGO, ...(body as object) }),
    'PUT /api/watermarks/defaults/a1': {
      watermarks: [LOGO],
      defaults: [{ accountId: 'a1', watermarkId: 'wm1' }],
    },
  });
  renderWithProviders(<WatermarksSection />);
  return api;
}

describe('WatermarksSection', () => {
  it('saves a change as it is made, refuses an out-of-range value without sending it, and sets a default', async () => {
    const user = userEvent.setup();
    const api = render('admin');
    const card = await screen.findByRole('article', { name: 'Logo' });
    await user.selectOptions(within(card).getByLabelText('Position'), 'top-left');
    await waitFor(() => expect(api.callsTo('PUT /api/watermarks/wm1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/watermarks/wm1')[0]?.body).toMatchObject({
      position: 'top-left',
      opacity: 70,
    });

    const opacity = within(card).getByLabelText('Opacity (%)');
    await user.clear(opacity);
    await user.type(opacity, '150');
    await user.tab();
    expect(await within(card).findByText('Opacity is a whole number from 0 to 100.')).toBeTruthy();
    expect(api.callsTo('PUT /api/watermarks/wm1')).toHaveLength(1);
    expect(within(card).queryByTestId('watermark-overlay')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Acme'), 'wm1');
    await waitFor(() => expect(api.callsTo('PUT /api/watermarks/defaults/a1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/watermarks/defaults/a1')[0]?.body).toEqual({ watermarkId: 'wm1' });
  });

  it('shows an editor the watermarks without letting them change one', async () => {
    render('editor');
    expect(await screen.findByText('Only the workspace’s owner and admins change watermarks.')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Logo' });
    expect(within(card).getByLabelText('Position').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'New watermark' })).toBeNull();
  });
});

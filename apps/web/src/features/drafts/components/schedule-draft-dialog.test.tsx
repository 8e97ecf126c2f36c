import type { Post } from '@relaycast/shared/posts';
import type { ShortLinkMode } from '@relaycast/shared/short-links';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ScheduleDraftDialog } from './schedule-draft-dialog';

const LONG = `https://example.com/${'a'.repeat(320)}`;
const DRAFT: Post = {
  id: 'd1',
  content: `Read ${LONG}`,
  platforms: ['bluesky'],
  overrides: {},
  media: [],
  status: 'draft',
  scheduledAt: null,
  timezone: 'UTC',
  authorId: 'u1',
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
  targets: [],
};

function renderDialog(mode: ShortLinkMode, shorten: boolean | null) {
  const api = fakeApi({
    'GET /api/short-links/settings': { mode, campaign: '', baseUrl: 'https://rcst.link' },
    'GET /api/short-links/posts/d1': { shorten, campaign: '' },
    'PATCH /api/posts/d1/schedule': {
      ...DRAFT,
      status: 'scheduled',
      scheduledAt: '2031-01-01T09:00:00.000Z',
    },
  });
  renderWithProviders(
    <ScheduleDraftDialog post={DRAFT} timeZone="UTC" minDate="2026-01-01" onClose={vi.fn()} />,
  );
  return api;
}

describe('scheduling a draft whose links are shortened', () => {
  it('counts each address as its short link, so a long one does not stop it', async () => {
    const api = renderDialog('ask', true);
    await waitFor(() => expect(api.callsTo('GET /api/short-links/posts/d1')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/posts/d1/schedule')).toHaveLength(1));
  });

  it('counts the address as typed when the workspace never shortens', async () => {
    const api = renderDialog('never', true);
    await waitFor(() => expect(api.callsTo('GET /api/short-links/settings')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/Bluesky allows at most 300 characters/)).toBeTruthy();
    expect(api.callsTo('PATCH /api/posts/d1/schedule')).toHaveLength(0);
  });
});

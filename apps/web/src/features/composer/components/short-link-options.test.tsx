import type { Post } from '@relaycast/shared/posts';
import type { ShortLinkMode } from '@relaycast/shared/short-links';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiFake, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

const BASE = 'https://rcst.link';
const LONG = `https://example.com/articles/${'a'.repeat(300)}`;

function savedPost(body: Record<string, unknown>): Post {
  return {
    id: 'new-post',
    content: String(body.content),
    platforms: body.platforms as Post['platforms'],
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
}

function renderComposer(mode: ShortLinkMode, content: string): ApiFake {
  const api = fakeApi({
    'GET /api/accounts': { accounts: [] },
    'GET /api/short-links/settings': { mode, campaign: '', baseUrl: BASE },
    'POST /api/posts': ({ body }) =>
      Response.json(savedPost(body as Record<string, unknown>), { status: 201 }),
    'PUT /api/posts/new-post': ({ body }) => savedPost(body as Record<string, unknown>),
    'GET /api/posts/new-post': savedPost({ content: '', platforms: ['bluesky'] }),
    'GET /api/short-links/posts/new-post': { shorten: null, campaign: '' },
  });
  renderWithProviders(
    <PostComposer
      authorName="Ada Lovelace"
      newPostHref="/post-composer"
      onCreated={vi.fn()}
      initialValues={{ platforms: ['bluesky', 'mastodon'] }}
    />,
  );
  fireEvent.change(screen.getByLabelText('Post text'), { target: { value: content } });
  return api;
}

const shortenSwitch = () => screen.findByRole('switch', { name: 'Shorten links' });

describe('the composer’s "Shorten links"', () => {
  it('is off by default when the workspace asks, and previews the short link on each network once on', async () => {
    const user = userEvent.setup();
    renderComposer('ask', `Read ${LONG} today`);
    const toggle = await shortenSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('tabpanel').textContent).toContain(LONG);
    expect(screen.getByText('Bluesky allows at most 300 characters; this text has 340.')).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain(`Read ${BASE}/xxxxxxx today`);
    expect(screen.getByRole('tabpanel').textContent).not.toContain(LONG);
    // "Read " + 25 + " today": the long address no longer pushes the post over.
    expect(screen.getAllByText('36 of 300 characters').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Bluesky allows at most 300 characters/)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Mastodon' }));
    expect(screen.getByRole('tabpanel').textContent).toContain(`${BASE}/xxxxxxx`);
  });

  it('is on by default when the workspace says always, and sends the choice and campaign with the post', async () => {
    const user = userEvent.setup();
    const api = renderComposer('always', `Read ${LONG}`);
    const toggle = await shortenSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.type(screen.getByLabelText('Campaign (optional)'), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('POST /api/posts')).toHaveLength(1));
    // Left on, the switch stays unset (null): the workspace's "always" decides, as it would at publish.
    expect(api.callsTo('POST /api/posts')[0]?.body).toMatchObject({
      shortLinks: { shorten: null, campaign: 'Spring' },
    });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('tabpanel').textContent).toContain(LONG);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/new-post')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/new-post')[0]?.body).toMatchObject({
      shortLinks: { shorten: false, campaign: 'Spring' },
    });
  });

  it('sends nothing of its own when left alone, so the workspace’s mode decides', async () => {
    const user = userEvent.setup();
    const api = renderComposer('ask', 'Read https://example.com/a');
    await shortenSwitch();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('POST /api/posts')).toHaveLength(1));
    expect(api.callsTo('POST /api/posts')[0]?.body).not.toHaveProperty('shortLinks');
  });

  it('is hidden when the workspace says never, and when the text has no link', async () => {
    renderComposer('never', `Read ${LONG}`);
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain(LONG));
    expect(screen.queryByRole('switch', { name: 'Shorten links' })).toBeNull();
  });

  it('appears only once the text has a link', async () => {
    renderComposer('always', 'No link yet');
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('No link yet'));
    expect(screen.queryByRole('switch', { name: 'Shorten links' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Now https://example.com' } });
    expect(await shortenSwitch()).toBeTruthy();
  });
});

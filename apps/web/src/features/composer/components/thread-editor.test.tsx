import type { MediaItem } from '@relaycast/shared/media';
import type { Post } from '@relaycast/shared/posts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { postFixture } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

const chart: MediaItem = {
  id: 'm-chart',
  name: 'chart.png',
  mimeType: 'image/png',
  kind: 'image',
  sizeBytes: 2048,
  width: 800,
  height: 600,
  durationSeconds: null,
  url: '/api/media/m-chart/file',
  thumbnailUrl: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};
const usage = {
  usedBytes: 0,
  storageBytes: null,
  maxFileSizeBytes: 1_000_000,
  plan: null,
  diskFreeBytes: null,
};

function renderComposer(overrides: Partial<Post>) {
  const draft = postFixture({ content: 'Part one', firstComment: '', ...overrides });
  const api = fakeApi({
    'GET /api/accounts': { accounts: [] },
    'GET /api/media': { items: [chart], usage },
    'PUT /api/posts/p1': ({ body }) => ({ ...draft, ...(body as object) }),
    'GET /api/posts/p1': draft,
    '*': {},
  });
  renderWithProviders(
    <PostComposer postId="p1" authorName="Ada Lovelace" newPostHref="/post-composer" onCreated={vi.fn()} />,
  );
  return api;
}

const thread = () => screen.getByRole('region', { name: /^Thread/ });

describe('the composer’s thread editor', () => {
  it('adds parts with a counter per thread platform, says who gets part 1 only, and sends them in order', async () => {
    const user = userEvent.setup();
    const api = renderComposer({ platforms: ['mastodon', 'bluesky', 'linkedin'] });
    await user.click(await screen.findByRole('button', { name: 'Add to thread' }));
    await user.click(screen.getByRole('button', { name: 'Add to thread' }));
    expect(within(thread()).getByRole('heading', { name: 'Thread of 3' })).toBeTruthy();
    expect(within(thread()).getByText(/LinkedIn get the first part only\./)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Part 2' }), { target: { value: 'Second' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Part 3' }), { target: { value: 'Third' } });
    // One counter per thread platform under each part: Mastodon (500) and Bluesky (300), not LinkedIn.
    expect(within(thread()).getAllByText('6 / 500')).toHaveLength(1);
    expect(within(thread()).getAllByText('6 / 300')).toHaveLength(1);
    expect(within(thread()).queryByText(/3,000/)).toBeNull();
    // The preview shows the thread under part 1.
    expect(screen.getByRole('region', { name: 'Part 2' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/p1')[0]?.body).toMatchObject({
      content: 'Part one',
      threadParts: ['Second', 'Third'],
    });
  });

  it('reorders and removes parts', async () => {
    const user = userEvent.setup();
    renderComposer({ platforms: ['twitter'], threadParts: ['B', 'C', 'D'] });
    await user.click(await screen.findByRole('button', { name: 'Move Part 2 down' }));
    expect((screen.getByRole('textbox', { name: 'Part 2' }) as HTMLTextAreaElement).value).toBe('C');
    expect((screen.getByRole('textbox', { name: 'Part 3' }) as HTMLTextAreaElement).value).toBe('B');
    await user.click(screen.getByRole('button', { name: 'Remove Part 4' }));
    expect(screen.queryByRole('textbox', { name: 'Part 4' })).toBeNull();
    expect(within(thread()).getByRole('heading', { name: 'Thread of 3' })).toBeTruthy();
  });

  it('gives each part its own media from the library, with alt text, moved with its part and sent per part', async () => {
    const user = userEvent.setup();
    const api = renderComposer({ platforms: ['bluesky'], threadParts: ['B', 'C'] });
    await user.click(await screen.findByRole('button', { name: 'Add media to Part 3' }));
    await user.click(await screen.findByRole('button', { name: /chart\.png/ }));
    await user.click(screen.getByRole('button', { name: 'Attach selected' }));
    const partMedia = await screen.findByRole('list', { name: 'Media of Part 3' });
    expect(within(partMedia).getByText('2 KB')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Media of Part 2' })).toBeNull();
    // The post's own media stay empty: the file belongs to the part.
    expect(screen.queryByRole('list', { name: 'Attached media' })).toBeNull();
    await user.click(within(partMedia).getByRole('button', { name: /Alt text for chart\.png/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Alt text for chart.png' }), {
      target: { value: 'A rising line' },
    });
    // The preview shows the file on its part's reply.
    expect(
      within(screen.getByRole('region', { name: 'Part 3' })).getByRole('img', { name: 'chart.png' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move Part 3 up' }));
    expect(screen.getByRole('list', { name: 'Media of Part 2' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/p1')[0]?.body).toMatchObject({
      threadParts: ['C', 'B'],
      threadMedia: [['m-chart'], []],
      mediaIds: [],
      altTexts: { 'm-chart': 'A rising line' },
    });
  });

  it('checks a part’s media against the thread platforms’ rules before sending', async () => {
    const video = { ...chart, id: 'm-v', name: 'clip.webm', mimeType: 'video/webm', kind: 'video' as const };
    renderComposer({
      platforms: ['bluesky'],
      threadParts: ['B'],
      threadMedia: [[{ ...video, thumbnailUrl: null, altText: '' }]],
    });
    expect(await screen.findByRole('list', { name: 'Media of Part 2' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Schedule/ }));
    expect(
      await screen.findByText(/Part 2 of the thread: Bluesky takes videos as MP4; "clip\.webm" is WebM\./),
    ).toBeTruthy();
  });

  it('shows a part over a platform’s limit in red, naming the rule', async () => {
    renderComposer({ platforms: ['twitter'], threadParts: ['x'.repeat(281)] });
    expect(
      await screen.findByText(/X \(Twitter\) allows at most 280 characters; this text has 281\./),
    ).toBeTruthy();
  });

  it('is absent when no chosen platform publishes threads', async () => {
    renderComposer({ platforms: ['linkedin'] });
    await screen.findByLabelText(/Post text|Text/);
    expect(screen.queryByRole('button', { name: 'Add to thread' })).toBeNull();
  });
});

import type { Post } from '@relaycast/shared/posts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostTargets } from '@/components/post-targets';
import type { AttachedMedia } from '@/lib/post-form';
import { fakeApi } from '@/test/api.fake';
import { postFixture } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

const IMAGE: AttachedMedia = {
  id: 'img-1',
  name: 'kite.png',
  mimeType: 'image/png',
  sizeBytes: 2048,
  url: '/api/media/img-1/file',
  thumbnailUrl: null,
  durationSeconds: null,
  width: 800,
  height: 600,
  altText: '',
};

function post(overrides: Partial<Post> = {}): Post {
  return postFixture({ content: 'Kites', platforms: ['linkedin'], firstComment: '', ...overrides });
}

function renderComposer(platforms: Post['platforms']) {
  const draft = post({ platforms, media: [IMAGE] });
  const api = fakeApi({
    'GET /api/accounts': { accounts: [] },
    'PUT /api/posts/p1': ({ body }) => ({ ...draft, ...(body as object) }),
    'GET /api/posts/p1': draft,
    '*': {},
  });
  renderWithProviders(
    <PostComposer postId="p1" authorName="Ada Lovelace" newPostHref="/post-composer" onCreated={vi.fn()} />,
  );
  return api;
}

describe('the composer’s alt text and first comment', () => {
  it('writes alt text on an attached image under the chosen platforms’ lowest limit, and sends both', async () => {
    const user = userEvent.setup();
    const api = renderComposer(['twitter', 'linkedin']);
    const alt = await screen.findByRole('button', { name: /Alt text for kite\.png/ });
    expect(alt.getAttribute('aria-expanded')).toBe('false');
    await user.click(alt);
    const editor = screen.getByLabelText('Alt text for kite.png');
    fireEvent.change(editor, { target: { value: 'A red kite over a hill' } });
    // X takes 1,000 characters, LinkedIn documents no lower limit.
    expect(screen.getByText('22 / 1,000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First comment'), { target: { value: 'More on the blog' } });
    expect(screen.getByText('Posted as a comment right after the post on LinkedIn.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/p1')[0]?.body).toMatchObject({
      mediaIds: ['img-1'],
      altTexts: { 'img-1': 'A red kite over a hill' },
      firstComment: 'More on the blog',
    });
  });

  it('hides the first comment where no chosen platform takes one', async () => {
    renderComposer(['mastodon', 'bluesky']);
    expect(await screen.findByRole('button', { name: /Alt text for kite\.png/ })).toBeTruthy();
    expect(screen.queryByLabelText('First comment')).toBeNull();
  });
});

describe('a published target whose first comment failed', () => {
  it('shows the reason and retries the comment alone', async () => {
    const user = userEvent.setup();
    const target = {
      id: 't1',
      platform: 'linkedin' as const,
      accountId: 'a1',
      accountHandle: 'ada',
      status: 'published' as const,
      attempts: 1,
      dueAt: null,
      lastError: null,
      platformPostId: 'urn:li:share:1',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      publishedAt: '2026-03-10T12:00:00.000Z',
      commentStatus: 'failed' as const,
      commentError: 'Down',
    };
    const failed = post({ status: 'published', targets: [target] });
    const api = fakeApi({
      'POST /api/posts/p1/targets/t1/retry-comment': post({
        status: 'published',
        targets: [{ ...target, commentStatus: 'posted', commentError: null }],
      }),
      '*': {},
    });
    renderWithProviders(<PostTargets post={failed} />);
    expect(screen.getByText('The post is published, but its first comment failed: Down')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Retry comment/ }));
    await waitFor(() => expect(api.callsTo('POST /api/posts/p1/targets/t1/retry-comment')).toHaveLength(1));
    expect(api.callsTo('POST /api/posts/p1/targets/t1/retry')).toHaveLength(0);
  });
});

import type { PlatformId } from '@relaycast/shared/platforms';
import type { Post } from '@relaycast/shared/posts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiFake, type ApiReply, fakeApi } from '@/test/api.fake';
import { postFixture } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

function savedPost(body: Record<string, unknown>): Post {
  return postFixture({
    id: 'new-post',
    content: String(body.content),
    platforms: body.platforms as Post['platforms'],
  });
}

/** The composer lists the workspace's accounts for the chosen platforms: none connected here. */
function fakeServer(posts?: ApiReply): ApiFake {
  return fakeApi({
    'GET /api/accounts': { accounts: [] },
    ...(posts === undefined ? {} : { 'POST /api/posts': posts }),
  });
}

function postCalls(api: ApiFake) {
  return api.calls.filter((call) => call.url.startsWith('/api/posts'));
}

function renderComposer(onCreated = vi.fn(), platforms?: PlatformId[]) {
  renderWithProviders(
    <PostComposer
      authorName="Ada Lovelace"
      newPostHref="/post-composer"
      onCreated={onCreated}
      initialValues={platforms ? { platforms } : undefined}
    />,
  );
  fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Hello' } });
  return onCreated;
}

describe('PostComposer', () => {
  let api: ApiFake;
  beforeEach(() => {
    api = fakeServer();
  });

  it('starts with the platforms it is given (those the home page prompt names)', () => {
    renderComposer(vi.fn(), ['linkedin']);
    expect(screen.getByRole('button', { name: 'LinkedIn' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'X (Twitter)' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('5 of 3,000 characters')).toBeTruthy();
  });

  it('starts a new post from what the calendar’s Create Post held: text, platforms, date and time', () => {
    renderWithProviders(
      <PostComposer
        authorName="Ada Lovelace"
        newPostHref="/post-composer"
        onCreated={vi.fn()}
        initialValues={{
          content: 'From the calendar',
          platforms: ['mastodon'],
          date: '2031-05-04',
          time: '09:30',
        }}
      />,
    );
    expect((screen.getByLabelText('Post text') as HTMLTextAreaElement).value).toBe('From the calendar');
    expect(screen.getByRole('button', { name: 'Mastodon' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2031-05-04');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('09:30');
  });

  it('counts per chosen platform and previews that platform', async () => {
    const user = userEvent.setup();
    renderComposer();
    expect((screen.getByLabelText('Post text') as HTMLTextAreaElement).value).toBe('Hello');
    const x = screen.getByRole('button', { name: 'X (Twitter)' });
    expect(x.getAttribute('aria-pressed')).toBe('false');
    await user.click(x);
    expect(x.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('5 of 280 characters')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toContain('Hello');
    expect(screen.getByRole('tabpanel').textContent).toContain('Ada Lovelace');
  });

  it('gives a platform its own text with "Customize for"', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.click(screen.getByRole('button', { name: 'LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Customize for X (Twitter)' }));
    fireEvent.change(screen.getByLabelText('Text for X (Twitter)'), { target: { value: 'Hi X' } });
    expect(screen.getByText('4 of 280 characters')).toBeTruthy();
    expect(screen.getByText('5 of 3,000 characters')).toBeTruthy();
  });

  it('refuses to schedule an X post over 280 characters without calling the server', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'a'.repeat(281) } });
    const message = 'X (Twitter) allows at most 280 characters; this text has 281.';
    expect(screen.getByText(message)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This post could not be scheduled');
    expect(alert.textContent).toContain(message);
    expect(postCalls(api)).toHaveLength(0);
  });

  it('asks for a platform before saving a draft', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('alert').textContent).toContain('Choose at least one platform.');
  });

  it('saves a draft and reports the new post', async () => {
    const user = userEvent.setup();
    const saving = fakeServer(({ body }) =>
      Response.json(savedPost(body as Record<string, unknown>), { status: 201 }),
    );
    const onCreated = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Mastodon' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'new-post' })));
    const [call] = postCalls(saving);
    expect(call?.url).toBe('/api/posts');
    expect(call?.method).toBe('POST');
    expect(call?.body).toMatchObject({
      content: 'Hello',
      platforms: ['mastodon'],
      action: 'draft',
      mediaIds: [],
    });
    expect(await screen.findByText('Draft')).toBeTruthy();
  });

  it('shows the server’s messages next to the form when it refuses', async () => {
    const user = userEvent.setup();
    fakeServer(
      Response.json(
        {
          code: 'VALIDATION_ERROR',
          message: 'One of the attached files no longer exists in the media library.',
          issues: [
            {
              path: 'mediaIds',
              message: 'One of the attached files no longer exists in the media library.',
            },
          ],
        },
        { status: 400 },
      ),
    );
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'Mastodon' }));
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be added to the queue');
    expect(alert.textContent).toContain('One of the attached files no longer exists in the media library.');
  });
});

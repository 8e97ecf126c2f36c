import type { Post } from '@relaycast/shared/posts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { postFixture } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

function renderComposer(overrides: Partial<Post>) {
  const draft = postFixture({ content: 'Part one', firstComment: '', ...overrides });
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

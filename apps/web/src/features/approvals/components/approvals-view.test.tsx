import { APPROVAL_MESSAGES, type ApprovalQueueItem } from '@relaycast/shared/approvals';
import { calendarWeeks, todayIn, zonedToInstant } from '@relaycast/shared/calendar';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApprovalsView } from './approvals-view';

const ITEM: ApprovalQueueItem = {
  postId: 'post-1',
  content: 'The second version',
  platforms: ['mastodon'],
  status: 'awaiting_approval',
  scheduledAt: null,
  authorName: 'Cora Contributor',
  submittedAt: new Date().toISOString(),
  isOwn: false,
  diff: [
    { value: 'The ', added: false, removed: false },
    { value: 'first', added: false, removed: true },
    { value: 'second', added: true, removed: false },
    { value: ' version', added: false, removed: false },
  ],
};

describe('the approval queue', () => {
  let items: ApprovalQueueItem[];
  let calls: { url: string; method: string; body: unknown }[];
  beforeEach(() => {
    calls = [];
    items = [ITEM];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url);
      const method = init?.method ?? 'GET';
      calls.push({ url: path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/approvals') return new Response(JSON.stringify({ items }));
      if (path === '/api/approvals/settings') {
        return new Response(
          JSON.stringify({
            requireApproval: false,
            needsApproval: false,
            canApprove: true,
            canChangeSetting: true,
            isSoleApprover: false,
          }),
        );
      }
      if (path === '/api/approvals/post-1/reject') {
        return new Response(
          JSON.stringify({ code: 'VALIDATION_ERROR', message: APPROVAL_MESSAGES.commentRequired }),
          {
            status: 400,
          },
        );
      }
      if (path === '/api/approvals/post-1/approve') return new Response(null, { status: 204 });
      if (path === '/api/approvals/review-links' && method === 'GET') {
        const revoked = calls.some((call) => call.url === '/api/approvals/review-links/link-1');
        return new Response(
          JSON.stringify({
            links: revoked
              ? []
              : [
                  {
                    id: 'link-1',
                    postId: 'post-1',
                    postExcerpt: 'The second version',
                    weekStart: null,
                    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
                    createdAt: new Date().toISOString(),
                    createdByName: 'Olivia Owner',
                  },
                ],
          }),
        );
      }
      if (path === '/api/approvals/review-links/link-1') return new Response(null, { status: 204 });
      if (path === '/api/approvals/review-links' && method === 'POST') {
        const made = {
          url: 'http://127.0.0.1:3000/review/signed-token',
          expiresAt: '2030-01-20T10:00:00.000Z',
        };
        return new Response(JSON.stringify(made), { status: 201 });
      }
      return new Response('{}', { status: 404 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  function renderView() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ApprovalsView />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('shows each waiting post with its author and what changed since the last approval', async () => {
    renderView();
    const card = await screen.findByRole('article', { name: 'From Cora Contributor' });
    expect(within(card).getByText('The second version')).toBeTruthy();
    expect(card.querySelector('del')?.textContent).toBe('first');
    expect(card.querySelector('ins')?.textContent).toBe('second');
    expect(screen.getByRole('checkbox', { name: 'Require approval for everyone' })).toBeTruthy();
  });

  it("shows the server's reason next to the post when a decision is refused, and approves with the comment", async () => {
    const user = userEvent.setup();
    renderView();
    const card = await screen.findByRole('article', { name: 'From Cora Contributor' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(APPROVAL_MESSAGES.commentRequired);
    await user.type(within(card).getByLabelText('Comment'), 'Great');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/approvals/post-1/approve')).toMatchObject({
        method: 'POST',
        body: { comment: 'Great' },
      }),
    );
  });

  it('offers no Approve (nor edit-and-approve) on a post the caller wrote or submitted', async () => {
    items = [{ ...ITEM, isOwn: true }];
    renderView();
    const card = await screen.findByRole('article', { name: 'From Cora Contributor' });
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Edit text' })).toBeNull();
    expect(
      within(card).getByText('You wrote or submitted this post, so another approver approves it.'),
    ).toBeTruthy();
  });

  it('approves the approver’s own edit of the text in one step', async () => {
    const user = userEvent.setup();
    renderView();
    const card = await screen.findByRole('article', { name: 'From Cora Contributor' });
    await user.click(within(card).getByRole('button', { name: 'Edit text' }));
    const text = within(card).getByLabelText('Text to approve');
    expect((text as HTMLTextAreaElement).value).toBe('The second version');
    await user.clear(text);
    await user.type(text, 'The final version');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/approvals/post-1/approve')?.body).toEqual({
        comment: '',
        content: 'The final version',
      }),
    );
  });

  it('lists the review links still open and revokes one', async () => {
    const user = userEvent.setup();
    renderView();
    const row = await screen.findByTestId('review-link-row');
    expect(row.textContent).toContain('Post: The second version');
    expect(row.textContent).toContain('Made by Olivia Owner');
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('review-link-row')).toBeNull());
    expect(calls.find((call) => call.url === '/api/approvals/review-links/link-1')?.method).toBe('DELETE');
  });

  it('makes a review link for a week the user picks, from its first day at midnight in their zone', async () => {
    const user = userEvent.setup();
    renderView();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const thirdWeek = calendarWeeks(todayIn(zone), 3)[2]?.[0] as string;
    const picker = await screen.findByLabelText('Week to share');
    expect((picker as HTMLSelectElement).options.length).toBe(8);
    expect((picker as HTMLSelectElement).options[0]?.textContent).toBe('This week');
    await user.selectOptions(picker, thirdWeek);
    await user.click(screen.getByRole('button', { name: 'Client review link for the week' }));
    expect(
      ((await screen.findByLabelText(/Review link \(valid until .*2030\)/)) as HTMLInputElement).value,
    ).toBe('http://127.0.0.1:3000/review/signed-token');
    const made = calls.find((call) => call.url === '/api/approvals/review-links' && call.method === 'POST');
    expect(made?.body).toEqual({ weekStart: zonedToInstant(thirdWeek, '00:00', zone).toISOString() });
  });
});

import { APPROVAL_MESSAGES, type ApprovalQueueItem } from '@relaycast/shared/approvals';
import { calendarWeeks, todayIn, zonedToInstant } from '@relaycast/shared/calendar';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiFake, apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
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
  let api: ApiFake;
  beforeEach(() => {
    items = [ITEM];
    let revoked = false;
    api = fakeApi({
      'GET /api/approvals': () => ({ items }),
      'GET /api/approvals/settings': {
        requireApproval: false,
        needsApproval: false,
        canApprove: true,
        canChangeSetting: true,
        isSoleApprover: false,
      },
      'POST /api/approvals/post-1/reject': apiError(
        400,
        APPROVAL_MESSAGES.commentRequired,
        'VALIDATION_ERROR',
      ),
      'POST /api/approvals/post-1/approve': new Response(null, { status: 204 }),
      'GET /api/approvals/review-links': () => ({
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
      'DELETE /api/approvals/review-links/link-1': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
      'POST /api/approvals/review-links': Response.json(
        { url: 'http://127.0.0.1:3000/review/signed-token', expiresAt: '2030-01-20T10:00:00.000Z' },
        { status: 201 },
      ),
    });
  });

  function renderView() {
    renderWithProviders(<ApprovalsView />);
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
      expect(api.calls.find((call) => call.url === '/api/approvals/post-1/approve')).toMatchObject({
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
      expect(api.calls.find((call) => call.url === '/api/approvals/post-1/approve')?.body).toEqual({
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
    expect(api.callsTo('DELETE /api/approvals/review-links/link-1')).toHaveLength(1);
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
    const made = api.callsTo('POST /api/approvals/review-links')[0];
    expect(made?.body).toEqual({ weekStart: zonedToInstant(thirdWeek, '00:00', zone).toISOString() });
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostComposer } from './post-composer';

function renderComposer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PostComposer authorName="Cora" newPostHref="/post-composer" onCreated={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function answerSettings(status: { needsApproval: boolean; canApprove: boolean }) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const path = String(url);
    if (path === '/api/accounts') return new Response(JSON.stringify({ accounts: [] }));
    if (path === '/api/approvals/settings') {
      return new Response(JSON.stringify({ requireApproval: false, canChangeSetting: false, ...status }));
    }
    return new Response('{}', { status: 404 });
  });
}

describe("the composer's approval step", () => {
  afterEach(() => vi.restoreAllMocks());

  describe('for a contributor', () => {
    beforeEach(() => answerSettings({ needsApproval: true, canApprove: false }));

    it('offers "Submit for approval" instead of Schedule, and no "Publish now"', async () => {
      renderComposer();
      expect(await screen.findByRole('button', { name: 'Submit for approval' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    });
  });

  describe('for an approver', () => {
    beforeEach(() => answerSettings({ needsApproval: false, canApprove: true }));

    it('schedules and publishes as before', async () => {
      renderComposer();
      expect(await screen.findByRole('button', { name: 'Schedule' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Publish now' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Submit for approval' })).toBeNull();
    });
  });
});

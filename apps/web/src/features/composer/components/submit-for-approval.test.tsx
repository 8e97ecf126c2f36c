import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

function renderComposer() {
  renderWithProviders(<PostComposer authorName="Cora" newPostHref="/post-composer" onCreated={vi.fn()} />);
}

function answerSettings(status: { needsApproval: boolean; canApprove: boolean }) {
  fakeApi({
    'GET /api/accounts': { accounts: [] },
    'GET /api/approvals/settings': { requireApproval: false, canChangeSetting: false, ...status },
  });
}

describe("the composer's approval step", () => {
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

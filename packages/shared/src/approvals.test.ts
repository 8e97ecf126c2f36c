import { describe, expect, it } from 'vitest';
import {
  APPROVAL_ACTIONS,
  APPROVAL_MESSAGES,
  APPROVAL_STATES,
  APPROVAL_TRANSITIONS,
  approvalStateOf,
  isUnapprovedStatus,
  postStatusOf,
  transition,
} from './approvals';
import { POST_STATUSES } from './posts';

describe('the approval state machine', () => {
  it('submits a draft, and approves, sends back, rejects or expires only what awaits approval', () => {
    expect(transition('draft', 'submit')).toEqual({ ok: true, to: 'awaiting_approval' });
    expect(transition('awaiting_approval', 'approve')).toEqual({ ok: true, to: 'approved' });
    expect(transition('awaiting_approval', 'request_changes')).toEqual({ ok: true, to: 'changes_requested' });
    expect(transition('awaiting_approval', 'reject')).toEqual({ ok: true, to: 'rejected' });
    expect(transition('awaiting_approval', 'expire')).toEqual({ ok: true, to: 'expired' });
    for (const state of ['draft', 'approved', 'changes_requested', 'rejected', 'expired'] as const) {
      for (const action of ['approve', 'request_changes', 'reject', 'expire'] as const) {
        expect(transition(state, action).ok).toBe(false);
      }
    }
  });

  it('sends an approved post edited back to awaiting approval', () => {
    expect(transition('approved', 'edit')).toEqual({ ok: true, to: 'awaiting_approval' });
    expect(transition('draft', 'edit').ok).toBe(false);
  });

  it('lets a post sent back, rejected or expired be submitted again', () => {
    for (const state of ['changes_requested', 'rejected', 'expired'] as const) {
      expect(transition(state, 'submit')).toEqual({ ok: true, to: 'awaiting_approval' });
    }
    expect(transition('approved', 'submit').ok).toBe(false);
  });

  it('withdraws a post waiting or sent back to a draft, never an approved one', () => {
    for (const state of ['awaiting_approval', 'changes_requested', 'rejected', 'expired'] as const) {
      expect(transition(state, 'withdraw')).toEqual({ ok: true, to: 'draft' });
    }
    expect(transition('approved', 'withdraw').ok).toBe(false);
    expect(transition('draft', 'withdraw').ok).toBe(false);
  });

  it('keeps the state on a comment and says why a move is refused', () => {
    for (const state of APPROVAL_STATES)
      expect(transition(state, 'comment')).toEqual({ ok: true, to: state });
    expect(transition('rejected', 'approve')).toEqual({
      ok: false,
      message: APPROVAL_MESSAGES.notAllowed('approve', 'rejected'),
    });
    expect(APPROVAL_MESSAGES.notAllowed('approve', 'rejected')).toBe(
      'This post cannot be approved while it is rejected.',
    );
  });

  it('has a rule for every action but comment, whose states all exist', () => {
    for (const action of APPROVAL_ACTIONS) {
      if (action === 'comment') continue;
      const rule = APPROVAL_TRANSITIONS[action];
      expect(APPROVAL_STATES).toContain(rule.to);
      for (const from of rule.from) expect(APPROVAL_STATES).toContain(from);
    }
  });

  it('maps post statuses to states and back', () => {
    expect(approvalStateOf('scheduled')).toBe('approved');
    expect(approvalStateOf('failed')).toBe('draft');
    expect(postStatusOf('approved')).toBe('scheduled');
    for (const state of APPROVAL_STATES) {
      expect(POST_STATUSES).toContain(postStatusOf(state));
      expect(approvalStateOf(postStatusOf(state))).toBe(state);
    }
    expect(isUnapprovedStatus('awaiting_approval')).toBe(true);
    expect(isUnapprovedStatus('scheduled')).toBe(false);
  });
});

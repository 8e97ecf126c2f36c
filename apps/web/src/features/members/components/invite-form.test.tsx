import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { InviteForm } from './invite-form';

const SENT = { id: 'i1', email: 'nia@example.com', role: 'editor', expiresAt: '2026-12-03T10:00:00.000Z' };

async function inviteNia() {
  renderWithProviders(<InviteForm />);
  await userEvent.type(screen.getByLabelText('E-mail address'), 'nia@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
}

describe('InviteForm', () => {
  it('offers the invite link to copy when the server has no e-mail server, and says no e-mail went out', async () => {
    const link = 'http://localhost:3000/invite/abc123';
    const api = fakeApi({ 'POST /api/workspaces/current/invitations': { ...SENT, inviteLink: link } });
    await inviteNia();
    expect(await screen.findByText(/so no e-mail went out/)).toBeTruthy();
    expect(screen.getByLabelText('Invite link for nia@example.com')).toHaveProperty('value', link);
    expect(api.callsTo('POST /api/workspaces/current/invitations')[0]?.body).toEqual({
      email: 'nia@example.com',
      role: 'editor',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(/so no e-mail went out/)).toBeNull();
  });

  it('shows no link when the invitation was e-mailed', async () => {
    fakeApi({ 'POST /api/workspaces/current/invitations': { ...SENT, inviteLink: null } });
    await inviteNia();
    // Sent: the form is ready for the next address, with nothing to copy.
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveProperty('value', ''));
    expect(screen.queryByText(/so no e-mail went out/)).toBeNull();
  });
});

import { MAIL_MESSAGES, RESET_LINK_COMMAND } from '@relaycast/shared/mail';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

// Better Auth's client keeps the fetch it started with, so the reset request is faked on the client itself.
const requestPasswordReset = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth-client', () => ({ authClient: { requestPasswordReset } }));

beforeEach(() => {
  requestPasswordReset.mockReset();
  requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
});

function fakeServer(delivers: boolean) {
  return fakeApi({ 'GET /api/mail/status': { delivers } });
}

async function ask(email: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: /reset link/ }));
}

describe('the forgot-password page', () => {
  it('with an e-mail server, says a link was e-mailed if the address has an account', async () => {
    const api = fakeServer(true);
    renderWithProviders(<ForgotPasswordForm />, { route: '/forgot-password' });
    await waitFor(() => expect(api.callsTo('GET /api/mail/status')).toHaveLength(1));
    expect(screen.getByText('We will e-mail you a link to choose a new one.')).toBeTruthy();
    await ask('ada@example.com');
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MESSAGES.resetRequested);
    expect(screen.queryByText(RESET_LINK_COMMAND)).toBeNull();
  });

  it('without one, never says an e-mail was sent, and says how the administrator makes a link', async () => {
    fakeServer(false);
    renderWithProviders(<ForgotPasswordForm />, { route: '/forgot-password' });
    expect(await screen.findByText(MAIL_MESSAGES.noServer)).toBeTruthy();
    expect(screen.getByText(RESET_LINK_COMMAND)).toBeTruthy();
    await ask('ada@example.com');
    expect((await screen.findByRole('status')).textContent).toBe(MAIL_MESSAGES.resetNotSent);
    expect(screen.queryByText(AUTH_MESSAGES.resetRequested)).toBeNull();
    expect(screen.queryByText('We will e-mail you a link to choose a new one.')).toBeNull();
    // The request is still made (the link waits in the outbox), and the answer reads the same for any address.
    expect(requestPasswordReset).toHaveBeenCalledWith({
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });
  });
});

import { MAIL_MESSAGES } from '@relaycast/shared/mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnalyticsFilters } from '@/api/analytics';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { EmailReportsButton } from './email-reports';

const FILTERS = { range: '30d' } as AnalyticsFilters;

function fakeServer(delivers: boolean) {
  return fakeApi({
    'GET /api/mail/status': { delivers },
    'GET /api/analytics/report-schedule': { schedule: null, canManage: true },
    'GET /api/analytics/report-links': { links: [], canManage: true },
  });
}

describe('Email reports', () => {
  it('offers the schedule when the install sends e-mail', async () => {
    fakeServer(true);
    renderWithProviders(<EmailReportsButton filters={FILTERS} />, { route: '/analytics' });
    await userEvent.click(screen.getByRole('button', { name: 'Email reports' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Schedule e-mails' })).toBeTruthy();
    expect(within(dialog).queryByText(MAIL_MESSAGES.reportsNotSent)).toBeNull();
  });

  it('without an e-mail server, says so and offers the PDF and a report link instead', async () => {
    const api = fakeServer(false);
    renderWithProviders(<EmailReportsButton filters={FILTERS} />, { route: '/analytics' });
    await userEvent.click(screen.getByRole('button', { name: 'Email reports' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(MAIL_MESSAGES.reportsNotSent)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Schedule e-mails' })).toBeNull();
    expect(within(dialog).queryByText(/Every Monday/)).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/mail/status')).toHaveLength(1));
  });
});

import {
  BULK_IMPORT_MESSAGES,
  type BulkImportPreview,
  type BulkImportRow,
} from '@relaycast/shared/bulk-import';
import { defaultUserSettings } from '@relaycast/shared/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { BulkImportPage } from './bulk-import-page';

const IN_PARIS = {
  ...defaultUserSettings(),
  region: { ...defaultUserSettings().region, timezone: 'Europe/Paris' },
};

function row(line: number, content: string, problems: string[] = []): BulkImportRow {
  return {
    line,
    fields: { text: content },
    content,
    platforms: ['mastodon'],
    accountIds: ['a1'],
    accountHandles: ['@olive'],
    mediaIds: [],
    labels: [],
    link: '',
    altTexts: [],
    firstComment: '',
    scheduledAt: problems.length ? null : '2030-04-01T07:30:00.000Z',
    timezone: 'Europe/Paris',
    problems,
    notes: [],
  };
}

function preview(alreadyImported: boolean): BulkImportPreview {
  return {
    problems: [],
    alreadyImported,
    rows: [row(2, 'Good one'), row(3, 'Bad one', [BULK_IMPORT_MESSAGES.noAccounts])],
  };
}

async function pasteAndCheck(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Or paste the rows'));
  await user.paste('text,accounts\nGood one,mastodon\nBad one,');
  await user.click(screen.getByRole('button', { name: 'Check the rows' }));
  await screen.findByRole('heading', { name: '1 rows ready, 1 with problems' });
}

describe('the bulk import page', () => {
  it('sends the pasted rows in the user’s time zone and shows each row’s problems', async () => {
    const api = fakeApi({
      'GET /api/settings': IN_PARIS,
      'POST /api/bulk-import/preview': preview(false),
      'POST /api/bulk-import': apiError(400, BULK_IMPORT_MESSAGES.nothingToImport, 'VALIDATION_ERROR'),
    });
    const user = userEvent.setup();
    renderWithProviders(<BulkImportPage />, { route: '/bulk-import' });
    await waitFor(() => expect(api.callsTo('GET /api/settings')).toHaveLength(1));
    await pasteAndCheck(user);
    expect(api.callsTo('POST /api/bulk-import/preview')[0]?.body).toEqual({
      csv: 'text,accounts\nGood one,mastodon\nBad one,',
      mode: 'scheduled',
      timeZone: 'Europe/Paris',
    });
    const bad = screen.getByRole('row', { name: /Bad one/ });
    expect(within(bad).getByText(BULK_IMPORT_MESSAGES.noAccounts)).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Good one/ })).getByText('Ready')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download rows with problems' })).toBeTruthy();
  });

  it('asks before importing a file imported before, then sends the confirmation and the mode', async () => {
    const api = fakeApi({
      'GET /api/settings': IN_PARIS,
      'POST /api/bulk-import/preview': preview(true),
      'POST /api/bulk-import': { importId: 'i1', postIds: ['p1'], skippedLines: [3] },
    });
    const user = userEvent.setup();
    renderWithProviders(<BulkImportPage />, { route: '/bulk-import' });
    await user.click(screen.getByLabelText('Drafts'));
    await pasteAndCheck(user);
    const importButton = screen.getByRole('button', { name: 'Import 1 post as a draft' });
    expect(screen.getByText('This file was already imported in this workspace.')).toBeTruthy();
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('Import it again anyway'));
    await user.click(importButton);
    await waitFor(() => expect(api.callsTo('POST /api/bulk-import')).toHaveLength(1));
    expect(api.callsTo('POST /api/bulk-import')[0]?.body).toMatchObject({
      mode: 'drafts',
      confirmRepeatedFile: true,
    });
  });

  it('fixes a bad row inside the preview and checks the file again with the row changed', async () => {
    let checks = 0;
    const api = fakeApi({
      'GET /api/settings': IN_PARIS,
      'POST /api/bulk-import/preview': () => {
        checks += 1;
        if (checks === 1) return preview(false);
        return { problems: [], alreadyImported: false, rows: [row(2, 'Good one'), row(3, 'Bad one fixed')] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BulkImportPage />, { route: '/bulk-import' });
    await pasteAndCheck(user);
    const bad = screen.getByRole('row', { name: /Bad one/ });
    await user.click(within(bad).getByRole('button', { name: 'Fix line 3' }));
    const form = within(screen.getByRole('row', { name: /Bad one/ })).getByRole('form', {
      name: 'Fix line 3',
    });
    await user.type(within(form).getByLabelText('Text'), ' fixed');
    await user.type(within(form).getByLabelText('Accounts'), 'mastodon');
    await user.click(within(form).getByRole('button', { name: 'Check this row again' }));
    await screen.findByRole('heading', { name: '2 rows ready, 0 with problems' });
    const sent = api.callsTo('POST /api/bulk-import/preview')[1]?.body as { csv: string };
    expect(sent.csv.split(/\r?\n/)).toEqual([
      'text,link,date,time,timezone,accounts,media,alt_text,first_comment,labels',
      'Good one,,,,,mastodon,,,,',
      'Bad one fixed,,,,,mastodon,,,,',
    ]);
  });
});

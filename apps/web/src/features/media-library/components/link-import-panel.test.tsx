import { MEDIA_IMPORT_MESSAGES, type MediaImport } from '@relaycast/shared/media-imports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { LinkImportPanel } from './link-import-panel';

function anImport(overrides: Partial<MediaImport>): MediaImport {
  return {
    id: 'i1',
    url: 'https://photos.example/cat.jpg',
    status: 'queued',
    receivedBytes: 0,
    totalBytes: null,
    mediaId: null,
    error: null,
    source: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('LinkImportPanel', () => {
  it('starts an import from the link typed in', async () => {
    const user = userEvent.setup();
    const started = anImport({});
    let items: MediaImport[] = [];
    const api = fakeApi({
      'GET /api/media/imports': () => ({ items }),
      'POST /api/media/imports': () => {
        items = [started];
        return new Response(JSON.stringify(started), { status: 202 });
      },
    });
    renderWithProviders(<LinkImportPanel />);
    await user.type(screen.getByLabelText('Link to an image or a video'), 'https://photos.example/cat.jpg');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const row = await screen.findByRole('listitem', { name: 'https://photos.example/cat.jpg' });
    expect(within(row).getByText('Waiting')).toBeTruthy();
    expect(api.callsTo('POST /api/media/imports')[0]?.body).toEqual({
      url: 'https://photos.example/cat.jpg',
    });
    expect((screen.getByLabelText('Link to an image or a video') as HTMLInputElement).value).toBe('');
  });

  it('refuses an address that is not a web link before sending it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/media/imports': { items: [] } });
    renderWithProviders(<LinkImportPanel />);
    await user.type(screen.getByLabelText('Link to an image or a video'), 'ftp://files.example/a.png');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(MEDIA_IMPORT_MESSAGES.invalidUrl)).toBeTruthy();
    expect(api.callsTo('POST /api/media/imports')).toEqual([]);
  });

  it('shows progress, cancels a download and words a failure', async () => {
    const user = userEvent.setup();
    const running = anImport({
      status: 'downloading',
      receivedBytes: 1024 * 1024,
      totalBytes: 4 * 1024 * 1024,
    });
    const expired = anImport({
      id: 'i2',
      url: 'https://dl.example/old.png',
      status: 'failed',
      error: MEDIA_IMPORT_MESSAGES.gone,
    });
    let items = [running, expired];
    const api = fakeApi({
      'GET /api/media/imports': () => ({ items }),
      'POST /api/media/imports/i1/cancel': () => {
        items = [{ ...running, status: 'cancelled' }, expired];
        return items[0];
      },
    });
    renderWithProviders(<LinkImportPanel />);
    const row = await screen.findByRole('listitem', { name: running.url });
    expect(within(row).getByText('1 MB / 4 MB')).toBeTruthy();
    expect(
      within(row)
        .getByRole('progressbar', { name: `Progress of ${running.url}` })
        .getAttribute('value'),
    ).toBe(String(1024 * 1024));
    expect(screen.getByText(MEDIA_IMPORT_MESSAGES.gone)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeTruthy());
    expect(api.callsTo('POST /api/media/imports/i1/cancel')).toHaveLength(1);
    expect(within(row).queryByRole('progressbar')).toBeNull();
  });

  it('refreshes the library when an import it never saw running is already done at the next poll', async () => {
    const user = userEvent.setup();
    let items: MediaImport[] = [anImport({ id: 'old', status: 'done', mediaId: 'm0' })];
    const api = fakeApi({
      'GET /api/media/imports': () => ({ items }),
      'POST /api/media/imports': () => {
        // A small file: stored before the list is read again.
        const done = anImport({ id: 'new', status: 'done', mediaId: 'm1' });
        items = [done, ...items];
        return new Response(JSON.stringify(anImport({ id: 'new' })), { status: 202 });
      },
    });
    const { client } = renderWithProviders(<LinkImportPanel />);
    await screen.findByRole('listitem', { name: 'https://photos.example/cat.jpg' });
    // A library list in the cache, as the page above the panel holds one.
    client.setQueryData(['media', { q: '', kind: null }], { items: [] });
    expect(client.getQueryState(['media', { q: '', kind: null }])?.isInvalidated).toBe(false);
    await user.type(screen.getByLabelText('Link to an image or a video'), 'https://photos.example/dog.jpg');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(api.callsTo('GET /api/media/imports').length).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect(client.getQueryState(['media', { q: '', kind: null }])?.isInvalidated).toBe(true),
    );
  });

  it('leaves the library alone when the imports it already knew as done are read again', async () => {
    const items = [anImport({ id: 'old', status: 'done', mediaId: 'm0' })];
    const api = fakeApi({ 'GET /api/media/imports': () => ({ items }) });
    const { client } = renderWithProviders(<LinkImportPanel />);
    await screen.findByRole('listitem', { name: 'https://photos.example/cat.jpg' });
    client.setQueryData(['media', { q: '', kind: null }], { items: [] });
    await client.refetchQueries({ queryKey: ['media', 'imports'] });
    expect(api.callsTo('GET /api/media/imports').length).toBeGreaterThanOrEqual(2);
    expect(client.getQueryState(['media', { q: '', kind: null }])?.isInvalidated).toBe(false);
  });
});

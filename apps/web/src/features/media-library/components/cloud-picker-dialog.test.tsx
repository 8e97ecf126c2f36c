import {
  CLOUD_DRIVE_MESSAGES,
  type CloudBrowse,
  type CloudProviderState,
} from '@relaycast/shared/cloud-drives';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { CloudImportPanel } from './cloud-import-panel';
import { CloudPickerDialog } from './cloud-picker-dialog';

const top: CloudBrowse = {
  folder: null,
  items: [
    { id: 'id:photos', name: 'Photos', kind: 'folder', sizeBytes: null, thumbnailUrl: null },
    { id: 'id:cat', name: 'cat.jpg', kind: 'image', sizeBytes: 2048, thumbnailUrl: null },
  ],
};
const photos: CloudBrowse = {
  folder: 'id:photos',
  items: [
    { id: 'id:red', name: 'red.png', kind: 'image', sizeBytes: 100, thumbnailUrl: null },
    { id: 'id:clip', name: 'clip.mp4', kind: 'video', sizeBytes: 5000, thumbnailUrl: null },
  ],
};

function provider(overrides: Partial<CloudProviderState>): CloudProviderState {
  return {
    id: 'dropbox',
    name: 'Dropbox',
    configured: true,
    envVars: ['DROPBOX_APP_KEY', 'DROPBOX_APP_SECRET'],
    connection: null,
    ...overrides,
  };
}

describe('CloudPickerDialog', () => {
  it('opens a folder, ticks files and imports them', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/media/cloud/dropbox/files?folder=id%3Aphotos': photos,
      'GET /api/media/cloud/dropbox/files': top,
      'POST /api/media/cloud/dropbox/imports': () =>
        new Response(JSON.stringify({ items: [] }), { status: 202 }),
      'GET /api/media/imports': { items: [] },
      'GET /api/media/cloud/providers': { items: [] },
    });
    renderWithProviders(<CloudPickerDialog provider="dropbox" onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Open folder Photos' }));
    const files = await screen.findByRole('list', { name: 'Files' });
    await waitFor(() => expect(within(files).getByText('red.png')).toBeTruthy());
    await user.click(within(files).getByRole('checkbox', { name: /red\.png/ }));
    await user.click(within(files).getByRole('checkbox', { name: /clip\.mp4/ }));
    await user.click(screen.getByRole('button', { name: 'Import 2 files' }));
    await waitFor(() => expect(api.callsTo('POST /api/media/cloud/dropbox/imports')).toHaveLength(1));
    expect(api.callsTo('POST /api/media/cloud/dropbox/imports')[0]?.body).toEqual({
      files: [
        { id: 'id:red', name: 'red.png' },
        { id: 'id:clip', name: 'clip.mp4' },
      ],
    });
  });

  it('says when the connection must be made again', async () => {
    fakeApi({
      'GET /api/media/cloud/dropbox/files': () => apiError(409, CLOUD_DRIVE_MESSAGES.reconnect('Dropbox')),
    });
    renderWithProviders(<CloudPickerDialog provider="dropbox" onOpenChange={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe(CLOUD_DRIVE_MESSAGES.reconnect('Dropbox'));
    expect((screen.getByRole('button', { name: 'Import 0 files' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the export format chosen for Canva designs', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/media/cloud/canva/files': {
        folder: null,
        items: [{ id: 'DAF1', name: 'Launch banner', kind: 'design', sizeBytes: null, thumbnailUrl: null }],
      },
      'POST /api/media/cloud/canva/imports': () =>
        new Response(JSON.stringify({ items: [] }), { status: 202 }),
      '*': { items: [] },
    });
    renderWithProviders(<CloudPickerDialog provider="canva" onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('checkbox', { name: /Launch banner/ }));
    await user.selectOptions(screen.getByLabelText('Export as'), 'mp4');
    await user.click(screen.getByRole('button', { name: 'Import 1 file' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/media/cloud/canva/imports')[0]?.body).toEqual({
        files: [{ id: 'DAF1', name: 'Launch banner', format: 'mp4' }],
      }),
    );
  });
});

describe('CloudImportPanel', () => {
  it('shows a provider without keys disabled with the variables to set, and a connected one to browse', async () => {
    fakeApi({
      'GET /api/media/cloud/providers': {
        items: [
          provider({
            id: 'dropbox',
            connection: {
              accountName: 'dana@dropbox.test',
              status: 'connected',
              connectedAt: '2030-01-01T00:00:00.000Z',
            },
          }),
          provider({
            id: 'canva',
            name: 'Canva',
            configured: false,
            envVars: ['CANVA_CLIENT_ID', 'CANVA_CLIENT_SECRET'],
          }),
        ],
      },
    });
    renderWithProviders(<CloudImportPanel />);
    const canva = await screen.findByRole('listitem', { name: 'Canva' });
    expect(within(canva).getByText(/The operator sets CANVA_CLIENT_ID, CANVA_CLIENT_SECRET/)).toBeTruthy();
    expect((within(canva).getByRole('button', { name: 'Connect Canva' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const dropbox = screen.getByRole('listitem', { name: 'Dropbox' });
    expect(within(dropbox).getByText('Connected as dana@dropbox.test')).toBeTruthy();
    expect(within(dropbox).getByRole('button', { name: 'Browse Dropbox' })).toBeTruthy();
  });
});

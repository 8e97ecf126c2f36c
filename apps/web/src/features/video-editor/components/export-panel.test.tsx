import type { ExportJob } from '@relaycast/shared/video-editor';
import type { Watermark } from '@relaycast/shared/watermarks';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ExportPanel } from './export-panel';

const LOGO: Watermark = {
  id: 'wm-logo',
  name: 'Logo',
  imageMediaId: 'm-logo',
  imageUrl: '/api/media/m-logo/file',
  opacity: 60,
  size: 20,
  position: 'bottom-right',
  margin: 3,
  updatedAt: '2026-11-26T10:00:00.000Z',
};

const JOB: ExportJob = {
  id: 'job1',
  mediaId: 'vid1',
  status: 'queued',
  progress: 0,
  format: 'mp4',
  mode: 'accurate',
  crop: 'original',
  start: 0,
  end: 4,
  segments: [{ start: 0, end: 4 }],
  overlayCount: 0,
  captionCount: 0,
  result: null,
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

function renderPanel() {
  const api = fakeApi({
    'GET /api/watermarks': { watermarks: [LOGO], defaults: [] },
    'POST /api/video-editor/exports': new Response(JSON.stringify(JOB), { status: 202 }),
    'GET /api/video-editor/exports/job1': JOB,
    '*': {},
  });
  renderWithProviders(
    <ExportPanel
      mediaId="vid1"
      sourceName="sale.mp4"
      segments={[{ start: 0, end: 4 }]}
      overlays={[]}
      captions={null}
      crop="original"
      cropPosition={0.5}
      onCropChange={vi.fn()}
      sourceSize={{ width: 1920, height: 1080 }}
    />,
  );
  return api;
}

describe('the export panel’s watermark', () => {
  it('sends the chosen saved watermark with an accurate export, and offers none in fast mode', async () => {
    const user = userEvent.setup();
    const api = renderPanel();
    const choice = await screen.findByLabelText('Watermark');
    expect((choice as HTMLSelectElement).value).toBe('none');
    await user.selectOptions(choice, 'wm-logo');
    await user.click(screen.getByRole('button', { name: 'Export Video' }));
    await waitFor(() => expect(api.callsTo('POST /api/video-editor/exports')).toHaveLength(1));
    expect(api.callsTo('POST /api/video-editor/exports')[0]?.body).toMatchObject({
      mediaId: 'vid1',
      mode: 'accurate',
      watermarkId: 'wm-logo',
    });
    await user.selectOptions(screen.getByLabelText('Cut'), 'fast');
    expect(screen.queryByLabelText('Watermark')).toBeNull();
  });
});

import type { ClipAnalysis, StreamHighlights as Highlights } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import type { StreamSummary } from '@relaycast/shared/streaming';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { StreamHighlights } from './stream-highlights';

const SUMMARY: StreamSummary = {
  id: 's1',
  title: 'Launch day',
  source: 'obs',
  status: 'ended',
  startedAt: '2026-11-25T00:00:00.000Z',
  endedAt: '2026-11-25T00:01:00.000Z',
  durationSeconds: 60,
  destinations: [],
  avgBitrateKbps: null,
  peakBitrateKbps: null,
  droppedFrames: 0,
  reconnects: 0,
  recordingMediaId: 'rec1',
};

const RECORDING: MediaItem = {
  id: 'rec1',
  name: 'Launch day.mp4',
  mimeType: 'video/mp4',
  kind: 'video',
  sizeBytes: 1000,
  width: 1280,
  height: 720,
  durationSeconds: 60,
  url: '/api/media/rec1/file',
  thumbnailUrl: null,
  createdAt: '2026-11-25T00:01:00.000Z',
};

const ANALYSIS: ClipAnalysis = {
  mediaId: 'rec1',
  durationSeconds: 60,
  clipSeconds: 30,
  sceneChanges: [],
  clips: [
    {
      start: 18,
      end: 48,
      score: 0.9,
      signals: { loudness: 1, scenes: 0.5, silence: 0 },
      activityCentre: 0.5,
      reason: 'Louder than usual.',
    },
  ],
  createdAt: '2026-11-25T00:02:00.000Z',
};

function highlights(status: Highlights['status'], seconds = 60): Highlights {
  return {
    status,
    recordingMediaId: status === 'no-recording' ? null : 'rec1',
    recordingSeconds: status === 'no-recording' ? null : seconds,
    analysis: status === 'done' ? ANALYSIS : null,
  };
}

/** Renders the panel against a fake API whose highlights answer is `answers` in turn (the last one repeats). */
function renderPanel(answers: Highlights[]) {
  let served = 0;
  const api = fakeApi({
    'POST /api/streaming/sessions/s1/highlights': highlights('queued', 3600),
    'GET /api/streaming/sessions/s1/highlights': () => {
      const answer = answers[Math.min(served, answers.length - 1)];
      served += 1;
      return answer;
    },
    'GET /api/media/rec1': RECORDING,
    'POST /api/clips/analyses': ANALYSIS,
    'POST /api/video-editor/exports': Response.json(
      { id: 'job1', status: 'queued', progress: 0 },
      { status: 202 },
    ),
    'GET /api/video-editor/exports/job1': {
      id: 'job1',
      mediaId: 'rec1',
      status: 'succeeded',
      progress: 1,
      format: 'mp4',
      mode: 'accurate',
      crop: '9:16',
      start: 18,
      end: 48,
      segments: [{ start: 18, end: 48 }],
      overlayCount: 0,
      captionCount: 0,
      result: { ...RECORDING, id: 'clip1', name: 'Launch day (9-16).mp4', url: '/api/media/clip1/file' },
      error: null,
    },
  });
  renderWithProviders(<StreamHighlights summary={SUMMARY} />);
  return api;
}

describe('StreamHighlights', () => {
  it('says the recording is being analysed, polls, then shows the clips to export and send on', async () => {
    const api = renderPanel([highlights('analysing'), highlights('done')]);
    expect(
      await screen.findByText('The recording is being analysed for clips. This page updates by itself.'),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Suggested clips' }, { timeout: 6000 });
    const [clip] = within(list).getAllByRole('listitem');
    expect(within(clip!).getByRole('heading').textContent).toBe('Clip 1: 0:18 to 0:48');

    fireEvent.click(within(clip!).getByRole('button', { name: 'Export 9:16' }));
    await within(clip!).findByRole('button', { name: 'Send to composer as a draft' });
    expect(api.callsTo('POST /api/video-editor/exports')[0]?.body).toMatchObject({
      mediaId: 'rec1',
      start: 18,
      end: 48,
      crop: '9:16',
    });
  }, 10_000);

  it('says plainly when the analysis failed, and tries again through the clip analysis', async () => {
    const api = renderPanel([highlights('failed'), highlights('done')]);
    expect(await screen.findByText('Could not find highlights in this recording.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Suggested clips' });
    expect(api.callsTo('POST /api/clips/analyses')[0]?.body).toEqual({ mediaId: 'rec1' });
  });

  it('queues a recording over 10 minutes never analysed for the background analysis', async () => {
    const api = renderPanel([highlights('not-analysed', 3600), highlights('queued', 3600)]);
    expect(await screen.findByText('This recording has not been analysed yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find clips now' }));
    await screen.findByText('The recording is being analysed for clips. This page updates by itself.');
    expect(api.callsTo('POST /api/streaming/sessions/s1/highlights')).toHaveLength(1);
    expect(api.calls.some((call) => call.url === '/api/clips/analyses')).toBe(false);
  });

  it('says when the stream has no recording, with nothing to click', async () => {
    renderPanel([highlights('no-recording')]);
    expect(
      await screen.findByText(
        'This stream has no recording in your media library, so no clips can be suggested.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import type { ClipAnalysis } from '@relaycast/shared/clips';
import type { MediaItem, MediaList } from '@relaycast/shared/media';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { VideoHighlights } from './video-highlights';

const VIDEO: MediaItem = {
  id: 'vid1',
  name: 'stream.mp4',
  mimeType: 'video/mp4',
  kind: 'video',
  sizeBytes: 1000,
  width: 1920,
  height: 1080,
  durationSeconds: 60,
  url: '/api/media/vid1/file',
  thumbnailUrl: null,
  createdAt: '2026-11-25T00:00:00.000Z',
};

const LIST: MediaList = {
  items: [VIDEO],
  usage: {
    usedBytes: 1000,
    storageBytes: 10_000,
    maxFileSizeBytes: 5000,
    plan: 'standard',
    diskFreeBytes: null,
  },
};

const ANALYSIS: ClipAnalysis = {
  mediaId: 'vid1',
  durationSeconds: 60,
  clipSeconds: 30,
  sceneChanges: [{ time: 15, score: 0.19 }],
  clips: [
    {
      start: 6,
      end: 36,
      score: 0.82,
      signals: { loudness: 1, scenes: 0.6, silence: 0 },
      activityCentre: 0.8,
      reason: 'Louder than usual.',
    },
    {
      start: 36,
      end: 60,
      score: 0.2,
      signals: { loudness: 0, scenes: 0.45, silence: 0.42 },
      activityCentre: 0.5,
      reason: '1 scene change.',
    },
  ],
  createdAt: '2026-11-25T00:00:00.000Z',
};

/** The same video once transcribed: speech from 10 s to 14 s, inside the first clip only. */
const TRANSCRIBED: ClipAnalysis = {
  ...ANALYSIS,
  clips: ANALYSIS.clips.map((clip, index) => ({
    ...clip,
    signals: { ...clip.signals, speech: index === 0 ? 1 : 0 },
  })),
  transcript: {
    source: 'local',
    utterances: [{ start: 10, end: 14, text: 'this is the speech' }],
    createdAt: '2026-11-25T00:00:00.000Z',
  },
};

function renderHighlights() {
  const api = fakeApi({
    'GET /api/media': LIST,
    'POST /api/clips/analyses': ({ body }) =>
      (body as { transcribe?: boolean }).transcribe ? TRANSCRIBED : ANALYSIS,
    // Never analysed: the server answers "none yet" (null), not an error.
    'GET /api/clips/analyses/vid1': Response.json(null),
    'POST /api/video-editor/exports': Response.json(
      { id: 'job1', status: 'queued', progress: 0 },
      { status: 202 },
    ),
  });
  renderWithProviders(<VideoHighlights />);
  return api;
}

describe('VideoHighlights', () => {
  it('analyses the chosen video and lists its clips with their score per signal', async () => {
    const api = renderHighlights();
    const select = await screen.findByLabelText('Video');
    fireEvent.change(select, { target: { value: 'vid1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find highlights' }));

    const list = await screen.findByRole('list', { name: 'Suggested clips' });
    const clips = within(list).getAllByRole('listitem');
    expect(clips).toHaveLength(2);
    expect(within(clips[0]!).getByRole('heading').textContent).toBe('Clip 1: 0:06 to 0:36');
    expect(within(clips[0]!).getByText('Score 82%')).toBeTruthy();
    const meters = within(clips[1]!).getAllByRole('meter');
    expect(meters.map((meter) => [meter.getAttribute('aria-label'), meter.getAttribute('value')])).toEqual([
      ['Loudness', '0'],
      ['Scene changes', '45'],
      ['Silence', '42'],
    ]);
    expect(api.callsTo('POST /api/clips/analyses')[0]?.body).toEqual({ mediaId: 'vid1' });

    // Export 9:16 is the video editor's export job for the clip's times, the frame moved to the activity (0.8 of
    // the width: the 9:16 frame, 0.316 of a 16:9 picture, sits 0.939 of the way along).
    fireEvent.click(within(clips[0]!).getByRole('button', { name: 'Export 9:16' }));
    await waitFor(() => expect(api.callsTo('POST /api/video-editor/exports')).toHaveLength(1));
    const exported = api.callsTo('POST /api/video-editor/exports')[0];
    expect(exported?.body).toEqual({
      mediaId: 'vid1',
      start: 6,
      end: 36,
      format: 'mp4',
      mode: 'accurate',
      crop: '9:16',
      cropPosition: 0.939,
    });
  });

  it('transcribes the speech, shows its signal, and burns the clip\'s captions in when "Captions" is ticked', async () => {
    const api = renderHighlights();
    fireEvent.change(await screen.findByLabelText('Video'), { target: { value: 'vid1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find highlights' }));
    const before = await screen.findByRole('list', { name: 'Suggested clips' });
    // No transcript yet: no speech bar and no captions box.
    expect(within(before).queryByRole('checkbox', { name: 'Captions' })).toBeNull();
    expect(within(before).queryByRole('meter', { name: 'Speech' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Transcribe speech' }));
    await screen.findByRole('button', { name: 'Transcribe again' });
    expect(api.callsTo('POST /api/clips/analyses')[1]?.body).toEqual({ mediaId: 'vid1', transcribe: true });

    const clips = within(screen.getByRole('list', { name: 'Suggested clips' })).getAllByRole('listitem');
    expect(within(clips[0]!).getByRole('meter', { name: 'Speech' }).getAttribute('value')).toBe('100');
    // The second clip (36–60 s) has no words in it: no captions box.
    expect(within(clips[1]!).queryByRole('checkbox', { name: 'Captions' })).toBeNull();
    fireEvent.click(within(clips[0]!).getByRole('checkbox', { name: 'Captions' }));
    fireEvent.click(within(clips[0]!).getByRole('button', { name: 'Export 16:9' }));
    await waitFor(() => expect(api.callsTo('POST /api/video-editor/exports')).toHaveLength(1));
    const exported = api.callsTo('POST /api/video-editor/exports')[0];
    // The clip starts at 6 s: the words at 10–14 s are captions at 4–8 s of the clip.
    expect((exported?.body as { captions?: unknown } | undefined)?.captions).toEqual({
      name: 'clip-1.srt',
      text: '1\n00:00:04,000 --> 00:00:08,000\nthis is the speech\n',
    });
  });
});

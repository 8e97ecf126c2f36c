import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PlannedStreamsList } from './planned-streams-list';
import { ScheduleStreamForm } from './schedule-stream-form';

const video = (id: string, name: string, durationSeconds: number) => ({
  id,
  name,
  mimeType: 'video/mp4',
  kind: 'video',
  sizeBytes: 1000,
  width: 1280,
  height: 720,
  durationSeconds,
  url: `/media/${id}`,
  thumbnailUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('ScheduleStreamForm with a library video', () => {
  it('plans a pre-recorded stream: the chosen video, looping', async () => {
    const api = fakeApi({
      'GET /api/streaming/destinations': { destinations: [], privateAddressesAllowed: false },
      'GET /api/media?kind=video': {
        items: [video('v1', 'Intro.mp4', 30), video('v2', 'Replay.mp4', 3600)],
        usage: { usedBytes: 0, storageBytes: null, maxFileSizeBytes: 1, plan: null, diskFreeBytes: null },
      },
      'POST /api/scheduled-streams': (call) => ({
        status: 201,
        body: { id: 'p1', ...(call.body as object) },
      }),
      '*': {},
    });
    renderWithProviders(<ScheduleStreamForm />);
    await userEvent.type(screen.getByLabelText('Title'), 'Night replay');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Stream a video from the library' }));
    const select = await screen.findByLabelText('Video');
    expect(screen.getByRole('option', { name: 'Replay.mp4 (1:00:00)' })).toBeTruthy();
    await userEvent.selectOptions(select, 'v2');
    await userEvent.click(screen.getByRole('switch', { name: 'Loop the video' }));
    expect(screen.getByText(/goes live by itself at the planned time/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Stream' }));
    await waitFor(() => expect(api.callsTo('POST /api/scheduled-streams')).toHaveLength(1));
    expect(api.callsTo('POST /api/scheduled-streams')[0]?.body).toMatchObject({
      title: 'Night replay',
      source: { kind: 'media', mediaId: 'v2', loop: true },
    });
  });
});

describe('PlannedStreamsList with pre-recorded streams', () => {
  it('says a library video goes live by itself, and why one could not start', async () => {
    const base = {
      description: '',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      timezone: 'UTC',
      destinationIds: [],
      remindedAt: null,
      dismissedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    fakeApi({
      'GET /api/scheduled-streams': {
        streams: [
          {
            ...base,
            id: 'a',
            title: 'Loop',
            source: { kind: 'media', mediaId: 'v1', loop: true },
            autoStart: null,
          },
          {
            ...base,
            id: 'b',
            title: 'Failed',
            source: { kind: 'media', mediaId: 'v2', loop: false },
            autoStart: {
              startedAt: base.scheduledAt,
              sessionId: null,
              error: 'You are already live. End the current stream first.',
            },
          },
        ],
      },
      '*': {},
    });
    renderWithProviders(<PlannedStreamsList onEdit={() => {}} />);
    expect(await screen.findByText('A library video, looping: goes live by itself.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The video could not start: You are already live. End the current stream first.',
    );
  });
});

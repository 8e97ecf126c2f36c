import { STREAM_INGEST, STREAMING_MESSAGES, type StreamSession } from '@relaycast/shared/streaming';
import { describe, expect, it } from 'vitest';
import {
  type BroadcastEvent,
  type BroadcastState,
  broadcastReducer,
  INITIAL_BROADCAST,
  isBroadcasting,
  isDroppedConnection,
  messageForClose,
} from './broadcast-state';

function session(overrides: Partial<StreamSession> = {}): StreamSession {
  return {
    id: 's1',
    title: 'Launch',
    source: 'browser',
    status: 'starting',
    reason: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: null,
    settings: { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264', format: 'flv' },
    ingestHealth: null,
    ingestPace: null,
    destinations: [],
    ingestPath: '/api/streaming/sessions/s1/ingest',
    ...overrides,
  };
}

function run(...events: BroadcastEvent[]): BroadcastState {
  return events.reduce(broadcastReducer, INITIAL_BROADCAST);
}

describe('broadcastReducer', () => {
  it('goes idle → preparing → connecting → live on the happy path', () => {
    const created = session();
    expect(run({ type: 'start' })).toEqual({ phase: 'preparing' });
    expect(run({ type: 'start' }, { type: 'session-created', session: created })).toEqual({
      phase: 'connecting',
      session: created,
    });
    const live = run({ type: 'start' }, { type: 'session-created', session: created }, { type: 'ready' });
    expect(live.phase).toBe('live');
    expect(isBroadcasting(live)).toBe(true);
  });

  it('reconnects after a dropped socket (decision 0101): live → reconnecting → live, still broadcasting', () => {
    const live = run({ type: 'start' }, { type: 'session-created', session: session() }, { type: 'ready' });
    const reconnecting = broadcastReducer(live, { type: 'reconnecting' });
    expect(reconnecting).toEqual({ phase: 'reconnecting', session: session() });
    expect(isBroadcasting(reconnecting)).toBe(true);
    const slate = { since: '2026-01-01T00:01:00.000Z', endsAt: '2026-01-01T00:03:00.000Z' };
    const onSlate = broadcastReducer(reconnecting, {
      type: 'status',
      session: session({ status: 'live', slate }),
    });
    expect(onSlate.phase === 'reconnecting' && onSlate.session.slate).toEqual(slate);
    expect(broadcastReducer(onSlate, { type: 'ready' }).phase).toBe('live');
    expect(broadcastReducer(onSlate, { type: 'end-requested' }).phase).toBe('ending');
    expect(broadcastReducer(INITIAL_BROADCAST, { type: 'reconnecting' })).toBe(INITIAL_BROADCAST);
  });

  it('tells a dropped connection from the close codes the server sends on purpose', () => {
    expect(isDroppedConnection(1006)).toBe(true);
    expect(isDroppedConnection(1001)).toBe(true);
    expect(isDroppedConnection(STREAM_INGEST.closeCodes.normal)).toBe(false);
    expect(isDroppedConnection(STREAM_INGEST.closeCodes.notLive)).toBe(false);
    expect(isDroppedConnection(STREAM_INGEST.closeCodes.ingestFailed)).toBe(false);
  });

  it('treats a live status as ready and keeps the newest session figures', () => {
    const state = run(
      { type: 'start' },
      { type: 'session-created', session: session() },
      { type: 'status', session: session({ status: 'live' }) },
    );
    expect(state).toEqual({ phase: 'live', session: session({ status: 'live' }) });
    const updated = broadcastReducer(state, {
      type: 'status',
      session: session({ status: 'live', title: 'Updated' }),
    });
    expect(updated.phase === 'live' && updated.session.title).toBe('Updated');
  });

  it('ends cleanly after End Stream, whatever code the socket closes with', () => {
    const ending = run(
      { type: 'start' },
      { type: 'session-created', session: session() },
      { type: 'ready' },
      { type: 'end-requested' },
    );
    expect(ending.phase).toBe('ending');
    expect(broadcastReducer(ending, { type: 'closed', code: 1006, reason: '' })).toEqual({
      phase: 'idle',
      error: null,
      lastSession: session(),
    });
  });

  it('returns to idle with the server reason when the session fails', () => {
    const state = run(
      { type: 'start' },
      { type: 'session-created', session: session() },
      { type: 'status', session: session({ status: 'failed', reason: 'ffmpeg crashed' }) },
    );
    expect(state).toMatchObject({ phase: 'idle', error: 'ffmpeg crashed' });
    expect(isBroadcasting(state)).toBe(false);
  });

  it('explains an unexpected close by its code', () => {
    const state = run(
      { type: 'start' },
      { type: 'session-created', session: session() },
      { type: 'closed', code: STREAM_INGEST.closeCodes.busy, reason: '' },
    );
    expect(state).toMatchObject({ phase: 'idle', error: STREAMING_MESSAGES.ingestAlreadyConnected });
  });

  it('ignores events that do not apply to the current phase', () => {
    expect(run({ type: 'ready' })).toEqual(INITIAL_BROADCAST);
    expect(run({ type: 'status', session: session({ status: 'live' }) })).toEqual(INITIAL_BROADCAST);
    expect(run({ type: 'end-requested' })).toEqual(INITIAL_BROADCAST);
    expect(run({ type: 'start' }, { type: 'start' })).toEqual({ phase: 'preparing' });
  });

  it('reports a failure while preparing (a denied camera, say) and allows another try', () => {
    const failed = run({ type: 'start' }, { type: 'failed', message: 'No camera was found.' });
    expect(failed).toEqual({ phase: 'idle', error: 'No camera was found.', lastSession: null });
    expect(broadcastReducer(failed, { type: 'start' })).toEqual({ phase: 'preparing' });
  });
});

describe('messageForClose', () => {
  it('maps the ingest close codes to the contract messages', () => {
    const codes = STREAM_INGEST.closeCodes;
    expect(messageForClose(codes.unauthorized, '')).toBe(STREAMING_MESSAGES.unauthorized);
    expect(messageForClose(codes.notFound, '')).toBe(STREAMING_MESSAGES.sessionNotFound);
    expect(messageForClose(codes.notLive, '')).toBe(STREAMING_MESSAGES.sessionNotLive);
    expect(messageForClose(codes.ingestFailed, '')).toBe(STREAMING_MESSAGES.ingestFailed);
    expect(messageForClose(codes.ingestFailed, 'Encoder exited')).toBe('Encoder exited');
    expect(messageForClose(1006, '')).toMatch(/connection to the server was lost/);
  });
});

import { STREAM_INGEST, STREAMING_MESSAGES, type StreamSession } from '@relaycast/shared/streaming';
import { i18n } from '@/i18n';

/**
 * The browser side of going live, as a reducer: idle → preparing (devices, session) → connecting (socket
 * open, recorder running, waiting for the encoder) → live → ending → idle. Any failure returns to idle with
 * the message to show.
 */
export type BroadcastState =
  | { phase: 'idle'; error: string | null; lastSession: StreamSession | null }
  | { phase: 'preparing' }
  | { phase: 'connecting'; session: StreamSession }
  | { phase: 'live'; session: StreamSession }
  /** The socket dropped without End Stream: the server shows the slate while the studio reconnects (decision 0101). */
  | { phase: 'reconnecting'; session: StreamSession }
  | { phase: 'ending'; session: StreamSession };

export type BroadcastEvent =
  | { type: 'start' }
  | { type: 'session-created'; session: StreamSession }
  | { type: 'ready' }
  | { type: 'status'; session: StreamSession }
  | { type: 'server-error'; message: string }
  | { type: 'end-requested' }
  | { type: 'closed'; code: number; reason: string }
  | { type: 'reconnecting' }
  | { type: 'failed'; message: string };

export const INITIAL_BROADCAST: BroadcastState = { phase: 'idle', error: null, lastSession: null };

/** Close codes the server sends on purpose (End Stream, a refusal): anything else is a dropped connection. */
export function isDroppedConnection(code: number): boolean {
  return !(Object.values(STREAM_INGEST.closeCodes) as number[]).includes(code);
}

/** The message for a socket the server closed before End Stream, by its close code. */
export function messageForClose(code: number, reason: string): string {
  const codes = STREAM_INGEST.closeCodes;
  switch (code) {
    case codes.unauthorized:
      return STREAMING_MESSAGES.unauthorized;
    case codes.notFound:
      return STREAMING_MESSAGES.sessionNotFound;
    case codes.busy:
      return STREAMING_MESSAGES.ingestAlreadyConnected;
    case codes.notLive:
      return STREAMING_MESSAGES.sessionNotLive;
    case codes.ingestFailed:
      return reason || STREAMING_MESSAGES.ingestFailed;
    default: {
      const t = i18n.getFixedT(null, 'streaming');
      return (
        reason || t('The connection to the server was lost, so the stream ended. Go live again to resume.')
      );
    }
  }
}

function sessionOf(state: BroadcastState): StreamSession | null {
  return 'session' in state ? state.session : null;
}

export function broadcastReducer(state: BroadcastState, event: BroadcastEvent): BroadcastState {
  switch (event.type) {
    case 'start':
      return state.phase === 'idle' ? { phase: 'preparing' } : state;
    case 'session-created':
      return state.phase === 'preparing' ? { phase: 'connecting', session: event.session } : state;
    case 'ready':
      return state.phase === 'connecting' || state.phase === 'reconnecting'
        ? { phase: 'live', session: state.session }
        : state;
    case 'reconnecting':
      return state.phase === 'connecting' || state.phase === 'live'
        ? { phase: 'reconnecting', session: state.session }
        : state;
    case 'status': {
      if (state.phase === 'idle' || state.phase === 'preparing') return state;
      if (event.session.status === 'ended') {
        return { phase: 'idle', error: null, lastSession: event.session };
      }
      if (event.session.status === 'failed') {
        return {
          phase: 'idle',
          error: event.session.reason ?? STREAMING_MESSAGES.ingestFailed,
          lastSession: event.session,
        };
      }
      // The encoder may report live before its 'ready' message is handled; either means media flows.
      if (state.phase === 'connecting' && event.session.status === 'live') {
        return { phase: 'live', session: event.session };
      }
      return { ...state, session: event.session };
    }
    case 'server-error':
      if (state.phase === 'idle') return state;
      return { phase: 'idle', error: event.message, lastSession: sessionOf(state) };
    case 'end-requested':
      return state.phase === 'connecting' || state.phase === 'live' || state.phase === 'reconnecting'
        ? { phase: 'ending', session: state.session }
        : state;
    case 'closed':
      if (state.phase === 'idle') return state;
      if (state.phase === 'ending' || event.code === STREAM_INGEST.closeCodes.normal) {
        return { phase: 'idle', error: null, lastSession: sessionOf(state) };
      }
      return {
        phase: 'idle',
        error: messageForClose(event.code, event.reason),
        lastSession: sessionOf(state),
      };
    case 'failed':
      return { phase: 'idle', error: event.message, lastSession: sessionOf(state) };
  }
}

export function isBroadcasting(state: BroadcastState): boolean {
  return state.phase !== 'idle';
}

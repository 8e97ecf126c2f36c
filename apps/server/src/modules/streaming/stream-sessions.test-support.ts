import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { StreamOwner } from './destinations.service';
import { insertSession } from './stream-sessions.service';

/** A stream session just started from OBS, with no destination: what the event tests take live and end. */
export async function insertStartingSession(
  db: Db,
  owner: StreamOwner,
  title = 'Launch day',
): Promise<string> {
  const id = randomUUID();
  await insertSession(db, {
    id,
    owner,
    title,
    source: 'obs',
    settings: { resolution: '720p', bitrateKbps: 2500, fps: 30, encoder: 'x264', format: 'flv' },
    scheduledStreamId: null,
    destinations: [],
  });
  return id;
}

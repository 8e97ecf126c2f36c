import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STREAM_INGEST, STREAMING_MESSAGES, type StreamSession } from '@relaycast/shared/streaming';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import {
  createTestApp,
  createTestDatabase,
  TEST_ORIGIN,
  type TestApp,
  type TestDatabase,
  testDriver,
} from '../../../test/test-app';
import type { Database } from '../../db/client';
import { openDatabase } from '../../db/client';
import { nodes, notifications, streamSessions } from '../../db/schema/index';
import { heartbeatNode, listNodes, type NodeIdentity, registerNode } from '../nodes/nodes.service';
import { closeLeftOpen, failLapsedStreams, pickStreamingNode, swapRunNodeId } from './stream-placement';
import { insertSession } from './stream-sessions.service';

/**
 * Live streams on a streaming node of several (docs/decisions/0113-streaming-nodes.md), on both drivers: a
 * streaming node (the relay on) and an API node (no relay) on one database, each listening. A stream started
 * through the API node runs on the streaming node with a lease; its status, its stop, the OBS address and the
 * studio's socket reach it through the API node; the heartbeat renews the lease and a lapsed lease fails the
 * stream with the reason the studio shows. Over 300 lines on purpose: the cases share one pair of listening nodes,
 * whose start (two apps, a relay) costs more than the cases.
 */

let testDb: TestDatabase;
let apiDatabase: Database;
let streaming: TestApp;
let api: TestApp;
let apiUrl: string;
let ada: SignedInUser;

const relayConfig = {
  enabled: true,
  host: '127.0.0.1',
  port: 0,
  reconnectGraceMs: 1_000,
  slateGraceMs: 0,
  slateImage: null,
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Two pools on PostgreSQL, as two processes; PGlite's one embedded database is shared.
  apiDatabase =
    testDriver === 'postgres'
      ? await openDatabase({ driver: 'postgres', url: testDb.url ?? '' })
      : testDb.database;
  const common = { host: '127.0.0.1', allowPrivateAddresses: true };
  streaming = await createTestApp({ database: testDb.database, config: { ...common, rtmp: relayConfig } });
  api = await createTestApp({ database: apiDatabase, config: common });
  await streaming.app.listen({ host: '127.0.0.1', port: 0 });
  apiUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
  ada = await signInAsNewUser(streaming, { name: 'Ada' });
  const destination = await ada.send('POST', '/api/streaming/destinations', {
    platform: 'custom',
    name: 'Sink',
    rtmpUrl: 'rtmp://127.0.0.1:9/app',
    streamKey: 'sink-key',
  });
  expect(destination.statusCode, destination.body).toBe(201);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await streaming?.close();
  if (apiDatabase && apiDatabase !== testDb?.database) await apiDatabase.close();
  await testDb?.cleanup();
});

/** A request to the API node, as the web app sends it. */
function throughApi(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method,
    url,
    headers: body === undefined ? { cookie: ada.cookie, origin: TEST_ORIGIN } : ada.headers,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function sessionRow(id: string) {
  const [row] = await streaming.db.select().from(streamSessions).where(eq(streamSessions.id, id));
  return row;
}

/** A node of another machine that streams, in the table only (`seenSecondsAgo` since its last heartbeat). */
async function otherStreamingNode(seenSecondsAgo = 0): Promise<NodeIdentity> {
  const node: NodeIdentity = {
    id: randomUUID(),
    role: 'api',
    hostname: 'stream-box',
    pid: 4242,
    version: '0.1.0',
    mediaStore: 's3:media',
    streaming: true,
    // Nothing listens on port 9 of this machine: the node is gone.
    internalUrl: 'http://127.0.0.1:9',
    rtmpPort: 1935,
  };
  await registerNode(streaming.db, node);
  await streaming.db
    .update(nodes)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${seenSecondsAgo})` })
    .where(eq(nodes.id, node.id));
  return node;
}

async function forgetNode(id: string) {
  await streaming.db.delete(nodes).where(eq(nodes.id, id));
}

describe('a stream placed on the streaming node, reached through the API node', () => {
  it('records the node and a lease, and answers the status, the OBS address, the lock and the stop', async () => {
    const started = await throughApi('POST', '/api/streaming/sessions', { title: 'Placed' });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as StreamSession;
    expect(session.status).toBe('starting');
    // It runs in the streaming node's engine, recorded there with a lease of about 30 s.
    expect(streaming.app.streamEngine.overlay(session.id)).not.toBeNull();
    const row = await sessionRow(session.id);
    expect(row?.nodeId).toBe(streaming.app.node.id);
    const leaseLeft = (row?.leaseExpiresAt?.getTime() ?? 0) - Date.now();
    expect(leaseLeft).toBeGreaterThan(20_000);

    const live = await throughApi('GET', '/api/streaming/live');
    expect(live.json().session).toMatchObject({ id: session.id, title: 'Placed', status: 'starting' });
    const ingest = await throughApi('GET', '/api/streaming/ingest');
    expect(ingest.json()).toMatchObject({
      rtmpUrl: `rtmp://localhost:${streaming.app.streamEngine.relay?.port}/live`,
      relayRunning: true,
    });
    // Destinations stay as they are while the stream runs on any node.
    const [destination] = (await throughApi('GET', '/api/streaming/destinations')).json().destinations;
    const patched = await throughApi('PATCH', `/api/streaming/destinations/${destination.id}`, { name: 'x' });
    expect(patched.statusCode).toBe(409);
    // One stream per user, whichever node is asked.
    expect((await throughApi('POST', '/api/streaming/sessions', {})).statusCode).toBe(409);

    const stopped = await throughApi('POST', `/api/streaming/sessions/${session.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().status).toBe('ended');
    expect((await throughApi('GET', '/api/streaming/live')).json().session).toBeNull();
    expect((await sessionRow(session.id))?.status).toBe('ended');
  });

  it("passes the studio's socket on to the streaming node and back", async () => {
    const session = (await throughApi('POST', '/api/streaming/sessions', {})).json() as StreamSession;
    const socket = new WebSocket(`${apiUrl.replace('http', 'ws')}${session.ingestPath}`, {
      headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
    });
    const messages: { type: string; session?: StreamSession }[] = [];
    const closed = new Promise<number>((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        messages.push(message);
        if (message.type === 'ready') socket.send(JSON.stringify({ type: 'end' }));
      });
      socket.on('close', (code) => resolve(code));
      socket.on('error', reject);
    });
    expect(await closed).toBe(STREAM_INGEST.closeCodes.normal);
    // "ready" came from the streaming node's engine, then the final status after End Stream.
    expect(messages[0]?.type).toBe('ready');
    expect(messages.at(-1)).toMatchObject({ type: 'status', session: { id: session.id, status: 'ended' } });
    expect((await sessionRow(session.id))?.status).toBe('ended');
  });

  it('renews the leases of its streams with its heartbeat', async () => {
    const session = (await throughApi('POST', '/api/streaming/sessions', {})).json() as StreamSession;
    await streaming.db
      .update(streamSessions)
      .set({ leaseExpiresAt: sql`now() + interval '1 second'` })
      .where(eq(streamSessions.id, session.id));
    await heartbeatNode(api.db, api.app.node);
    expect((await sessionRow(session.id))?.leaseExpiresAt?.getTime() ?? 0).toBeLessThan(Date.now() + 2_000);
    await heartbeatNode(streaming.db, streaming.app.node);
    expect((await sessionRow(session.id))?.leaseExpiresAt?.getTime() ?? 0).toBeGreaterThan(
      Date.now() + 20_000,
    );
    // A live lease is not lapsed.
    expect(await failLapsedStreams(streaming.db)).toBe(0);
    await throughApi('POST', `/api/streaming/sessions/${session.id}/stop`);
  });
});

describe('a streaming node that died', () => {
  it('fails its streams once their lease lapses, with the reason the studio shows', async () => {
    const dead = await otherStreamingNode(60);
    const id = randomUUID();
    await insertSession(streaming.db, {
      id,
      owner: { userId: ada.userId, workspaceId: ada.workspaceId },
      title: 'On a dead node',
      source: 'obs',
      settings: { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264', format: 'flv' },
      scheduledStreamId: null,
      destinations: [],
      nodeId: dead.id,
    });
    // Before the sweep: the status shows no stream, a stop says the node stopped, the socket is refused so.
    expect((await throughApi('GET', '/api/streaming/live')).json().session).toBeNull();
    const stop = await throughApi('POST', `/api/streaming/sessions/${id}/stop`);
    expect(stop.statusCode).toBe(503);
    expect(stop.json().message).toBe(STREAMING_MESSAGES.nodeStopped);
    const refusal = await new Promise<{ code: number; message: string }>((resolve, reject) => {
      const socket = new WebSocket(`${apiUrl.replace('http', 'ws')}/api/streaming/sessions/${id}/ingest`, {
        headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
      });
      let message = '';
      socket.on('message', (data) => {
        message = JSON.parse(String(data)).message;
      });
      socket.on('close', (code) => resolve({ code, message }));
      socket.on('error', reject);
    });
    expect(refusal).toEqual({
      code: STREAM_INGEST.closeCodes.ingestFailed,
      message: STREAMING_MESSAGES.nodeStopped,
    });

    // Its lease has not lapsed yet: the sweep leaves it; then it lapses.
    expect(await failLapsedStreams(streaming.db)).toBe(0);
    await streaming.db
      .update(streamSessions)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(streamSessions.id, id));
    expect(await failLapsedStreams(api.db)).toBe(1);
    expect(await failLapsedStreams(streaming.db)).toBe(0);
    expect(await sessionRow(id)).toMatchObject({ status: 'failed', reason: STREAMING_MESSAGES.nodeStopped });
    const notices = await streaming.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, ada.userId), eq(notifications.kind, 'stream_failed')));
    expect(notices).toEqual([{ body: STREAMING_MESSAGES.nodeStopped }]);
    await forgetNode(dead.id);
  });
});

describe('a streaming node restarted on its data folder', () => {
  it("closes its previous run's streams and forgets that run's row, never another node's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-restart-'));
    const previous = await otherStreamingNode(0);
    swapRunNodeId(dir, previous.id);
    const other = await otherStreamingNode(0);
    const owner = { userId: ada.userId, workspaceId: ada.workspaceId };
    const settings = {
      resolution: '720p',
      bitrateKbps: 3000,
      fps: 30,
      encoder: 'x264',
      format: 'flv',
    } as const;
    const mine = randomUUID();
    const theirs = randomUUID();
    for (const [id, nodeId] of [
      [mine, previous.id],
      [theirs, other.id],
    ] as const) {
      await insertSession(streaming.db, {
        ...{
          id,
          owner,
          title: 'Left open',
          source: 'obs',
          settings,
          scheduledStreamId: null,
          destinations: [],
        },
        nodeId,
      });
    }
    const warnings: string[] = [];
    const newId = randomUUID();
    await closeLeftOpen({
      db: streaming.db,
      config: { dataDir: dir },
      nodeId: newId,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    expect(await sessionRow(mine)).toMatchObject({
      status: 'ended',
      reason: 'The server stopped during this stream.',
    });
    expect((await sessionRow(theirs))?.status).toBe('starting');
    expect(await streaming.db.select().from(nodes).where(eq(nodes.id, previous.id))).toEqual([]);
    expect(warnings).toEqual(['closed streams left open by a previous run']);
    // The next start finds this run's id.
    expect(swapRunNodeId(dir, randomUUID())).toBe(newId);
    await streaming.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, theirs));
    await forgetNode(other.id);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('placement', () => {
  it('picks the live streaming node with the fewest streams, never a dead or non-streaming one', async () => {
    const self = streaming.app.node.id;
    expect(await pickStreamingNode(streaming.db, self)).toMatchObject({ id: self });
    // From the API node too: it does not stream.
    expect((await pickStreamingNode(api.db, api.app.node.id))?.id).toBe(self);
    const idle = await otherStreamingNode(0);
    const dead = await otherStreamingNode(120);
    // The streaming node now carries one stream; the idle node none: a new stream goes there.
    const busy = (await throughApi('POST', '/api/streaming/sessions', {})).json() as StreamSession;
    expect((await pickStreamingNode(api.db, api.app.node.id))?.id).toBe(idle.id);
    // /admin's list says which nodes stream and how many streams each carries, and where each is reached.
    const listed = await listNodes(api.db);
    expect(listed.find((node) => node.id === self)).toMatchObject({ streaming: true, streams: 1 });
    expect(listed.find((node) => node.id === api.app.node.id)).toMatchObject({
      streaming: false,
      streams: 0,
    });
    const [row] = await api.db.select().from(nodes).where(eq(nodes.id, self));
    expect(row?.internalUrl).toBe(`http://127.0.0.1:${(streaming.app.server.address() as AddressInfo).port}`);
    expect(row?.rtmpPort).toBe(streaming.app.streamEngine.relay?.port);
    await throughApi('POST', `/api/streaming/sessions/${busy.id}/stop`);
    // On a tie, the node asking keeps the stream (one-process installs never forward).
    expect((await pickStreamingNode(streaming.db, self))?.id).toBe(self);
    expect((await pickStreamingNode(api.db, api.app.node.id))?.id).not.toBe(dead.id);
    await forgetNode(idle.id);
    await forgetNode(dead.id);
  });
});

import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { promisify } from 'node:util';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { AccountProxy } from '@relaycast/shared/proxies';
import type { LiveStatus, StreamPlatformId } from '@relaycast/shared/streaming';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { TEST_TLS_CERT, TEST_TLS_KEY } from '../../../../test/tls-fixture';
import { accountProxies, socialAccounts } from '../../../db/schema/index';
import { addressPolicy } from '../../../lib/address-policy';
import { type FakeProxy, startHttpProxy, startSocks5Proxy } from '../../../lib/proxy-connect.fake';
import { encryptSecret } from '../../../lib/secrets';
import { DestinationEgress } from './destination-egress';
import { FFMPEG, freePort, probe, startSink, waitFor } from './streaming.test-support';

/**
 * Live streams through the account's proxy (docs/decisions/0099-live-streams-through-proxies.md): the RTMP push
 * of a destination whose account has a proxy goes through a local SOCKS5 or HTTP CONNECT proxy started here (the
 * ingest's name is one only the proxy resolves, so nothing could reach it directly), rtmps with TLS done by the
 * server inside the tunnel, and a dead proxy fails the destination with its reason, the account paused.
 */

const run = promisify(execFile);
let t: TestApp;
let ada: SignedInUser;
let dir: string;
let clip: string;
const closers: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  t = await createTestApp({
    config: {
      rtmp: {
        enabled: true,
        host: '127.0.0.1',
        port: 0,
        reconnectGraceMs: 1_000,
        slateGraceMs: 0,
        slateImage: null,
      },
      // The proxies and the fake platforms listen on 127.0.0.1.
      allowPrivateAddresses: true,
    },
  });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-proxied-egress-'));
  clip = path.join(dir, 'clip.flv');
  // A 2 s FLV stands in for the relay's stream (the egress copies whatever its input is).
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
    ...['-f', 'lavfi', '-i', 'sine=sample_rate=48000', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-g', '15', '-c:a', 'aac', '-f', 'flv', clip],
  ]);
}, 90_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function addAccount(platform: PlatformId): Promise<string> {
  const id = randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    workspaceId: ada.workspaceId,
    platform,
    platformAccountId: `acct-${id.slice(0, 8)}`,
    handle: `ada-${platform}`,
    status: 'connected',
    accessTokenEncrypted: encryptSecret('token', t.config.appSecret),
  });
  return id;
}

async function setProxy(accountId: string, proxy: { type: string; port: number; password?: string }) {
  const response = await ada.send('PUT', `/api/accounts/${accountId}/proxy`, {
    host: '127.0.0.1',
    username: proxy.password ? 'ada' : '',
    ...proxy,
  });
  expect(response.statusCode).toBe(200);
}

async function proxyRow(accountId: string) {
  const [row] = await t.db.select().from(accountProxies).where(eq(accountProxies.accountId, accountId));
  return row;
}

function egressFor(platform: StreamPlatformId, rtmpUrl: string, policy = addressPolicy(true)) {
  const egress = new DestinationEgress(
    { db: t.db, config: t.config, workspaceId: ada.workspaceId, policy },
    { platform, rtmpUrl, streamKey: 'key0' },
    clip,
  );
  closers.push(() => egress.close());
  return egress;
}

/**
 * Runs the egress's ffmpeg (the arguments its last preflight prepared) to its end: its exit code, with what it
 * printed when it failed (the failure's message says why, where a bare exit code 1 said nothing).
 */
async function push(args: string[]): Promise<{ code: number | null; errors: string }> {
  const child = spawn(FFMPEG, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, errors };
}

async function expectPushed(args: string[]): Promise<void> {
  const { code, errors } = await push(args);
  expect(code, `ffmpeg's push failed: ${errors}`).toBe(0);
}

async function started<T extends FakeProxy | Server>(value: Promise<T> | T): Promise<T> {
  const server = await value;
  closers.push(() =>
    'connects' in server ? server.close() : new Promise((resolve) => server.close(resolve)),
  );
  return server;
}

describe('a destination whose account has a proxy', () => {
  it('pushes RTMP through a SOCKS5 proxy with credentials, the tcUrl the platform’s own', async () => {
    const port = await freePort();
    const sink = await startSink(port, path.join(dir, 'socks.flv'), 'key0');
    const socks = await started(
      startSocks5Proxy({ username: 'ada', password: 'pw-1', hosts: { 'ingest.test': '127.0.0.1' } }),
    );
    const account = await addAccount('youtube');
    await setProxy(account, { type: 'socks5', port: socks.port, password: 'pw-1' });
    const egress = egressFor('youtube', `rtmp://ingest.test:${port}/app`);

    expect(await egress.preflight()).toBeNull();
    const args = egress.currentArgs();
    expect(args.slice(-3, -1)).toEqual(['-rtmp_tcurl', `rtmp://ingest.test:${port}/app`]);
    expect(args.at(-1)).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/app\/key0$/);
    await expectPushed(args);
    await sink.exited;

    expect((await probe(sink.file)).videoCodec).toBe('h264');
    expect(socks.connects).toEqual([`ingest.test:${port}`]);
    expect(egress.bridgedConnections).toBe(1);
    expect((await proxyRow(account))?.status).toBe('working');
  }, 20_000);

  it('pushes rtmps through an HTTP CONNECT proxy, TLS done by the server and the certificate checked', async () => {
    const port = await freePort();
    const sink = await startSink(port, path.join(dir, 'tls.flv'), 'key0');
    const names: (string | false | null)[] = [];
    const ingest = await started(
      createTlsServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, (secure) => {
        names.push(secure.servername);
        const plain = connect({ host: '127.0.0.1', port });
        secure.pipe(plain).pipe(secure);
        plain.on('error', () => secure.destroy());
        secure.on('error', () => plain.destroy());
      }).listen(0, '127.0.0.1'),
    );
    await new Promise((resolve) => (ingest.listening ? resolve(null) : ingest.once('listening', resolve)));
    const ingestPort = (ingest.address() as AddressInfo).port;
    const proxy = await started(startHttpProxy({ hosts: { 'public.test': '127.0.0.1' } }));
    await setProxy(await addAccount('facebook'), { type: 'http', port: proxy.port });
    const egress = egressFor('facebook', `rtmps://public.test:${ingestPort}/app`, {
      allowPrivate: true,
      ca: TEST_TLS_CERT,
    });

    expect(await egress.preflight()).toBeNull();
    expect(egress.currentArgs()).toContain(`rtmps://public.test:${ingestPort}/app`);
    await expectPushed(egress.currentArgs());
    await sink.exited;

    expect((await probe(sink.file)).videoCodec).toBe('h264');
    expect(proxy.connects).toEqual([`public.test:${ingestPort}`]);
    expect(names).toEqual(['public.test']);
  }, 20_000);

  it('refuses a certificate that is not the ingest’s, without streaming', async () => {
    const proxy = await started(startHttpProxy({ hosts: { 'other.test': '127.0.0.1' } }));
    const ingest = await started(
      createTlsServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, (s) => s.destroy()).listen(0, '127.0.0.1'),
    );
    await new Promise((resolve) => (ingest.listening ? resolve(null) : ingest.once('listening', resolve)));
    await setProxy(await addAccount('instagram'), { type: 'http', port: proxy.port });
    const egress = egressFor(
      'instagram',
      `rtmps://other.test:${(ingest.address() as AddressInfo).port}/app`,
      {
        allowPrivate: true,
        ca: TEST_TLS_CERT,
      },
    );
    await expect(egress.preflight()).rejects.toThrow(/secure \(RTMPS\) connection to other\.test/);
    expect(egress.bridgedConnections).toBe(0);
  });

  it('fails on a dead proxy with its reason, pauses the account, and never reaches the ingest', async () => {
    let reached = 0;
    const ingest = await started(
      createServer((socket) => {
        reached += 1;
        socket.destroy();
      }),
    );
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    const account = await addAccount('linkedin');
    await setProxy(account, { type: 'socks5', port: await freePort() });
    const egress = egressFor('linkedin', `rtmp://127.0.0.1:${(ingest.address() as AddressInfo).port}/app`);

    await expect(egress.preflight()).rejects.toThrow(/SOCKS5 proxy 127\.0\.0\.1:\d+ could not/);
    const row = await proxyRow(account);
    expect(row?.status).toBe('down');
    expect(row?.lastError).toMatch(/SOCKS5 proxy/);
    await expect(egress.preflight()).rejects.toThrow(/^Paused: the proxy is not working/);
    expect(reached).toBe(0);
    expect(egress.bridgedConnections).toBe(0);
  });

  it('refuses a destination of a platform with several accounts, one behind a proxy', async () => {
    await addAccount('tiktok');
    await setProxy(await addAccount('tiktok'), { type: 'socks5', port: await freePort() });
    const egress = egressFor('tiktok', 'rtmp://127.0.0.1:1935/app');
    expect(await egress.preflight()).toMatch(/several TikTok accounts/);
    // A platform without accounts (custom RTMP) goes out directly, as before.
    const direct = egressFor('custom', 'rtmp://127.0.0.1:1935/app');
    expect(await direct.preflight()).toBeNull();
    expect(direct.currentArgs().at(-1)).toBe('rtmp://127.0.0.1:1935/app/key0');
  });
});

describe('a live stream with proxied destinations', () => {
  async function live() {
    return ((await ada.get('/api/streaming/live')).json() as LiveStatus).session;
  }

  it('streams one destination through its proxy and shows the other’s dead proxy as the reason', async () => {
    const port = await freePort();
    const sink = await startSink(port, path.join(dir, 'live.flv'), 'key0');
    const socks = await started(startSocks5Proxy({ hosts: { 'live-ingest.test': '127.0.0.1' } }));
    const bob = await signInAsNewUser(t, { name: 'Bob' });
    const addFor = async (platform: PlatformId) => {
      const id = randomUUID();
      await t.db.insert(socialAccounts).values({
        id,
        workspaceId: bob.workspaceId,
        platform,
        platformAccountId: id,
        handle: `bob-${platform}`,
      });
      return id;
    };
    for (const [platform, proxyPort] of [
      ['youtube', socks.port],
      ['facebook', await freePort()],
    ] as const) {
      const put = await bob.send('PUT', `/api/accounts/${await addFor(platform)}/proxy`, {
        type: 'socks5',
        host: '127.0.0.1',
        port: proxyPort,
      });
      expect(put.statusCode).toBe(200);
    }
    for (const [platform, rtmpUrl] of [
      ['youtube', `rtmp://live-ingest.test:${port}/app`],
      ['facebook', `rtmp://127.0.0.1:${await freePort()}/app`],
    ]) {
      const res = await bob.send('POST', '/api/streaming/destinations', {
        platform,
        rtmpUrl,
        streamKey: 'key0',
      });
      expect(res.statusCode).toBe(201);
    }
    const ingest = (await bob.get('/api/streaming/ingest')).json() as { streamKey: string };
    const obs = spawn(
      FFMPEG,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', clip],
        ...['-c', 'copy', '-f', 'flv'],
        `rtmp://127.0.0.1:${t.app.streamEngine.relay?.port}/live/${ingest.streamKey}`,
      ],
      { stdio: 'ignore' },
    );
    const obsDone = new Promise((resolve) => obs.on('close', resolve));
    const liveOf = async () => ((await bob.get('/api/streaming/live')).json() as LiveStatus).session;
    await waitFor(
      async () => (await liveOf())?.destinations[1]?.reason?.includes('SOCKS5 proxy') ?? false,
      8_000,
      'the dead proxy as the destination’s reason',
    );
    const status = await liveOf();
    expect(['retrying', 'failed']).toContain(status?.destinations[1]?.state);
    await waitFor(
      async () => (await liveOf())?.destinations[0]?.state === 'live',
      20_000,
      'the proxied destination to go live',
    );
    // The clip loops until the proxied destination is live (ffmpeg starts slowly on a busy machine).
    obs.kill('SIGINT');
    await obsDone;
    await sink.exited;
    expect((await probe(sink.file)).videoCodec).toBe('h264');
    expect(socks.connects).toEqual([`live-ingest.test:${port}`]);
    const proxies = (await bob.get('/api/accounts/proxies')).json() as { proxies: AccountProxy[] };
    expect(proxies.proxies.map((p) => p.status).sort()).toEqual(['down', 'working']);
    await waitFor(async () => (await liveOf()) === null, 10_000, 'the stream to end');
    expect(await live()).toBeNull();
    expect(t.app.streamEngine.activePids()).toEqual([]);
  }, 40_000);
});

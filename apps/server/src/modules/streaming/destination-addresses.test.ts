import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { addressPolicy } from '../../lib/address-policy';
import { destinationRefusal } from './destination-address';

/**
 * A stream destination's RTMP URL is where ffmpeg connects: inside the server's network it would make the
 * destination's status a port scanner (docs/decisions/0014-outbound-address-policy.md). Refused unless ALLOW_PRIVATE_ADDRESSES.
 */

let strict: TestApp;
let open: TestApp;
let ada: SignedInUser;
let grace: SignedInUser;

beforeAll(async () => {
  strict = await createTestApp();
  open = await createTestApp({ config: { allowPrivateAddresses: true } });
  ada = await signInAsNewUser(strict, { name: 'Ada' });
  grace = await signInAsNewUser(open, { name: 'Grace' });
});
afterAll(async () => {
  await strict.close();
  await open.close();
});

function send(t: TestApp, member: SignedInUser, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: member.cookie, origin: TEST_ORIGIN },
    payload: payload as Record<string, unknown>,
  });
}

const destination = (rtmpUrl: string) => ({
  platform: 'custom',
  name: 'Sink',
  rtmpUrl,
  streamKey: 'key-1234',
});

describe('stream destination addresses', () => {
  it.each([
    ['rtmp://127.0.0.1:1935/x', '127.0.0.1'],
    ['rtmp://169.254.169.254:80/x', '169.254.169.254'],
    ['rtmp://10.0.0.1:6379/x', '10.0.0.1'],
    ['rtmp://[::1]/x', '::1'],
    ['rtmp://2130706433/x', '127.0.0.1'],
    ['rtmps://0x7f.1:443/x', '127.0.0.1'],
  ])('refuses %s when saved, saying why, and saves nothing', async (rtmpUrl, address) => {
    const response = await send(strict, ada, 'POST', '/api/streaming/destinations', destination(rtmpUrl));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PRIVATE_ADDRESS',
      message: ADDRESS_MESSAGES.privateAddress(address),
    });
    const list = await strict.app.inject({
      url: '/api/streaming/destinations',
      headers: { cookie: ada.cookie },
    });
    expect(list.json()).toEqual({ destinations: [], privateAddressesAllowed: false });
  });

  it('refuses an edit that moves a destination inside the network, leaving it as it was', async () => {
    const created = await send(
      strict,
      ada,
      'POST',
      '/api/streaming/destinations',
      destination('rtmp://8.8.8.8/app'),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const moved = await send(strict, ada, 'PATCH', `/api/streaming/destinations/${id}`, {
      rtmpUrl: 'rtmp://192.168.1.1:22/x',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(ADDRESS_MESSAGES.privateAddress('192.168.1.1'));
    const list = await strict.app.inject({
      url: '/api/streaming/destinations',
      headers: { cookie: ada.cookie },
    });
    expect(list.json().destinations.map((d: { rtmpUrl: string }) => d.rtmpUrl)).toEqual([
      'rtmp://8.8.8.8/app',
    ]);
  });

  it('accepts them all when the administrator allows private addresses', async () => {
    for (const rtmpUrl of [
      'rtmp://127.0.0.1:1935/x',
      'rtmp://169.254.169.254:80/x',
      'rtmp://10.0.0.1:6379/x',
      'rtmp://[::1]/x',
    ]) {
      const response = await send(open, grace, 'POST', '/api/streaming/destinations', destination(rtmpUrl));
      expect({ rtmpUrl, status: response.statusCode }).toEqual({ rtmpUrl, status: 201 });
    }
    const list = await open.app.inject({
      url: '/api/streaming/destinations',
      headers: { cookie: grace.cookie },
    });
    expect(list.json().privateAddressesAllowed).toBe(true);
    expect(list.json().destinations).toHaveLength(4);
  });

  it('checks names by what they resolve to (the check the engine runs before each ffmpeg spawn)', async () => {
    const resolvingTo = (address: string) => ({
      allowPrivate: false,
      resolve: async () => [{ address, family: 4 as const }],
    });
    expect(await destinationRefusal('rtmp://ingest.example/app', resolvingTo('10.9.8.7'))).toBe(
      ADDRESS_MESSAGES.privateAddress('10.9.8.7'),
    );
    expect(await destinationRefusal('rtmp://ingest.example/app', resolvingTo('93.184.216.34'))).toBeNull();
    expect(await destinationRefusal('rtmp://127.0.0.1/app', addressPolicy(true))).toBeNull();
  });
});

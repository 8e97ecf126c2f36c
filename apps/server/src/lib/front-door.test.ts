import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installFrontDoor } from './front-door';

/** The front door on a bare HTTP server: fast paths first, the original handler for the rest, a clean close. */

async function listening(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the front door', () => {
  it('answers what a fast path takes and hands the rest to the handler it wrapped', async () => {
    const bare = await listening((_request, response) => response.end('handler'));
    const door = installFrontDoor(bare.server);
    door.add((request, response) => {
      if (request.url !== '/fast') return false;
      response.end('fast');
      return true;
    });
    try {
      expect(await (await fetch(`${bare.url}/fast`)).text()).toBe('fast');
      expect(await (await fetch(`${bare.url}/other`)).text()).toBe('handler');
      expect(door.taken).toBe(1);
    } finally {
      await bare.stop();
    }
  });

  it('waits, on close, for the requests it took, and sends every later one to the handler', async () => {
    const bare = await listening((_request, response) => response.end('handler'));
    const door = installFrontDoor(bare.server);
    let finish: () => void = () => {};
    let reached: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      reached = resolve;
    });
    door.add((_request, response) => {
      const done = door.begin();
      finish = () => {
        response.end('late');
        done();
      };
      reached();
      return true;
    });
    try {
      const pending = fetch(`${bare.url}/slow`).then((response) => response.text());
      await arrived;
      let closed = false;
      const closing = door.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(closed).toBe(false);
      expect(await (await fetch(`${bare.url}/slow`)).text()).toBe('handler');
      finish();
      await closing;
      expect(closed).toBe(true);
      expect(await pending).toBe('late');
      expect(door.taken).toBe(1);
    } finally {
      await bare.stop();
    }
  });

  it('refuses a server whose handler it cannot tell (no listener, or several)', () => {
    expect(() => installFrontDoor(createServer())).toThrow(/one 'request' listener/);
    const twice = createServer(() => {});
    twice.on('request', () => {});
    expect(() => installFrontDoor(twice)).toThrow(/found 2/);
  });
});

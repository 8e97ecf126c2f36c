import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import {
  type AddressPolicy,
  isPrivateAddress,
  type ResolvedAddress,
  type Resolver,
} from '../src/lib/address-policy';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './tls-fixture';

/**
 * Two local listeners on the same port for address-policy tests: an "internal" service on 127.0.0.1 (what an
 * attacker wants to reach; it records every TCP connection and HTTP request) and a "public" HTTPS server on
 * 127.0.0.2 (certificate for public.test, bsky.test and mastodon.test). The test policy counts exactly
 * 127.0.0.2 on that port as public; everything else follows the production rule, so nothing is weakened.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type FixtureHandler = (request: RecordedRequest, response: http.ServerResponse) => void;

export interface AddressFixtures {
  port: number;
  internal: { connections: number; requests: RecordedRequest[] };
  external: { requests: RecordedRequest[]; handle: FixtureHandler };
  /** A resolver answering from a table; a list of lists answers call by call (the last one repeats). */
  resolver(table: Record<string, string[] | string[][]>): Resolver & { calls: string[] };
  /** The production rule, except that the public fixture (127.0.0.2 on `port`) counts as public. */
  policy(resolve: Resolver): AddressPolicy;
  close(): Promise<void>;
}

function recording(into: RecordedRequest[], handle: () => FixtureHandler) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      into.push(recorded);
      handle()(recorded, response);
    });
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

const toAddress = (address: string): ResolvedAddress => ({
  address,
  family: address.includes(':') ? 6 : 4,
});

export async function startAddressFixtures(): Promise<AddressFixtures> {
  const internal = { connections: 0, requests: [] as RecordedRequest[] };
  const external = {
    requests: [] as RecordedRequest[],
    handle: ((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    }) as FixtureHandler,
  };
  const internalServer = http.createServer(
    recording(internal.requests, () => (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"internal":true}');
    }),
  );
  internalServer.on('connection', () => {
    internal.connections += 1;
  });
  const externalServer = https.createServer(
    { cert: TEST_TLS_CERT, key: TEST_TLS_KEY },
    recording(external.requests, () => external.handle),
  );
  const port = await listen(internalServer, 0, '127.0.0.1');
  await listen(externalServer, port, '127.0.0.2');

  return {
    port,
    internal,
    external,
    resolver(table) {
      const calls: string[] = [];
      const counts = new Map<string, number>();
      const resolve = async (hostname: string) => {
        calls.push(hostname);
        const entry = table[hostname];
        if (!entry) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        const call = counts.get(hostname) ?? 0;
        counts.set(hostname, call + 1);
        const answers = Array.isArray(entry[0]) ? (entry as string[][]) : [entry as string[]];
        return (answers[Math.min(call, answers.length - 1)] ?? []).map(toAddress);
      };
      return Object.assign(resolve, { calls });
    },
    policy(resolve) {
      return {
        allowPrivate: false,
        resolve,
        isBlocked: (address, checkedPort) =>
          !(address === '127.0.0.2' && checkedPort === port) && isPrivateAddress(address),
        ca: TEST_TLS_CERT,
      };
    },
    async close() {
      for (const server of [internalServer, externalServer]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

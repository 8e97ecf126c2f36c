import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

/**
 * Local stand-ins for what an account's proxy talks to (lib/proxy-connect.ts), for tests: an HTTP proxy that
 * tunnels CONNECT, a SOCKS5 proxy (RFC 1928, user/password RFC 1929), and an address echo like the one
 * "Check proxy" asks (PROXY_CHECK_URL). Each proxy records the targets it connected to.
 */

export interface FakeProxy {
  host: string;
  port: number;
  /** "host:port" of every target the proxy connected to, oldest first. */
  connects: string[];
  /** The local ports of the proxy's connections to targets: a target sees requests through the proxy from these. */
  localPorts: Set<number>;
  /** Closes the proxy and every tunnel it holds. */
  close(): Promise<void>;
}

export interface FakeProxyOptions {
  username?: string;
  password?: string;
  /** An HTTPS proxy: CONNECT over TLS with this certificate. */
  tls?: { cert: string; key: string };
  /** Names the proxy resolves itself (a target's name never needs the test machine's DNS). */
  hosts?: Record<string, string>;
}

/** Local ports of every fake proxy's upstream connections, by the list of targets each proxy records. */
const upstreamPorts = new WeakMap<string[], Set<number>>();

function listen(server: Server, sockets: Set<Socket>, connects: string[]): Promise<FakeProxy> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        host: '127.0.0.1',
        port,
        connects,
        localPorts: portsOf(connects),
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

function portsOf(connects: string[]): Set<number> {
  const ports = upstreamPorts.get(connects) ?? new Set<number>();
  upstreamPorts.set(connects, ports);
  return ports;
}

function pipeTo(
  client: Socket,
  connects: string[],
  target: { host: string; port: number; hosts?: Record<string, string> },
  onOpen: (upstream: Socket) => void,
): void {
  const { host, port, hosts } = target;
  const upstream = connect({ host: hosts?.[host] ?? host, port }, () => {
    if (upstream.localPort) portsOf(connects).add(upstream.localPort);
    connects.push(`${host}:${port}`);
    onOpen(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
}

/** An HTTP (or, with `tls`, HTTPS) proxy that only tunnels (CONNECT), asking for Basic credentials when given some. */
export function startHttpProxy(options: FakeProxyOptions = {}): Promise<FakeProxy> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const expected =
    options.username !== undefined
      ? `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`
      : undefined;
  const refuse = (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(405).end('CONNECT only');
  };
  const server = options.tls ? createHttpsServer(options.tls, refuse) : createHttpServer(refuse);
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    if (expected && request.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    const target = request.url ?? '';
    const separator = target.lastIndexOf(':');
    const host = target.slice(0, separator).replace(/^\[|\]$/g, '');
    const port = Number(target.slice(separator + 1));
    pipeTo(client, connects, { host, port, hosts: options.hosts }, (upstream) => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });
  return listen(server, sockets, connects);
}

/** Reads exactly the bytes asked for from a socket that may deliver them in pieces. */
function reader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: { size: number; resolve: (bytes: Buffer) => void } | null = null;
  const flush = () => {
    if (waiting && buffered.length >= waiting.size) {
      const { size, resolve } = waiting;
      waiting = null;
      const bytes = buffered.subarray(0, size);
      buffered = buffered.subarray(size);
      resolve(bytes);
    }
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    flush();
  };
  socket.on('data', onData);
  return {
    read: (size: number) =>
      new Promise<Buffer>((resolve) => {
        waiting = { size, resolve };
        flush();
      }),
    /** Stops reading; answers what arrived beyond the handshake. */
    release: () => {
      socket.off('data', onData);
      return buffered;
    },
  };
}

async function socksTarget(read: (size: number) => Promise<Buffer>): Promise<{ host: string; port: number }> {
  const [, command, , type] = await read(4);
  if (command !== 1) throw new Error('only CONNECT');
  let host: string;
  if (type === 1) host = [...(await read(4))].join('.');
  else if (type === 3) host = (await read((await read(1))[0] ?? 0)).toString('latin1');
  else host = ((await read(16)).toString('hex').match(/.{4}/g) ?? []).join(':');
  const port = (await read(2)).readUInt16BE(0);
  return { host, port };
}

async function socksHandshake(client: Socket, options: FakeProxyOptions, connects: string[]): Promise<void> {
  const { read, release } = reader(client);
  const [version, count] = await read(2);
  const methods = [...(await read(count ?? 0))];
  const needsAuth = options.username !== undefined;
  const method = needsAuth ? 2 : 0;
  if (version !== 5 || !methods.includes(method)) {
    client.end(Buffer.from([5, 0xff]));
    return;
  }
  client.write(Buffer.from([5, method]));
  if (needsAuth) {
    await read(1);
    const username = (await read((await read(1))[0] ?? 0)).toString('utf8');
    const password = (await read((await read(1))[0] ?? 0)).toString('utf8');
    const ok = username === options.username && password === (options.password ?? '');
    if (!ok) {
      client.end(Buffer.from([1, 1]));
      return;
    }
    client.write(Buffer.from([1, 0]));
  }
  const { host, port } = await socksTarget(read);
  pipeTo(client, connects, { host, port, hosts: options.hosts }, (upstream) => {
    client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
    const early = release();
    if (early.length > 0) upstream.write(early);
    upstream.pipe(client);
    client.pipe(upstream);
  });
}

/** A SOCKS5 proxy (CONNECT only), asking for a user name and password when given some. */
export function startSocks5Proxy(options: FakeProxyOptions = {}): Promise<FakeProxy> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    client.on('error', () => undefined);
    socksHandshake(client, options, connects).catch(() => client.destroy());
  });
  return listen(server, sockets, connects);
}

export interface FakeAddressEcho {
  url: string;
  /** How many requests it answered. */
  requests: number;
  close(): Promise<void>;
}

/** Answers `{"ip": <the address that connected>}`, like a public address echo; on `port`, or any free one. */
export function startAddressEcho(port = 0): Promise<FakeAddressEcho> {
  const echo = { url: '', requests: 0, close: async () => undefined } as FakeAddressEcho;
  const server = createHttpServer((request, response) => {
    echo.requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ip: request.socket.remoteAddress }));
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      echo.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      echo.close = () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve(echo);
    });
  });
}

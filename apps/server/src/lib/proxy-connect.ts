import { isIP, connect as netConnect, type Socket } from 'node:net';
import { type TLSSocket, connect as tlsConnect } from 'node:tls';
import type { Agent } from 'undici';
import { type AddressPolicy, checkHost, PrivateAddressError, UnresolvableHostError } from './address-policy';

/**
 * Connections through an account's proxy (docs/proxies.md, decision 0084). Every connection to a target goes
 * through the proxy: HTTP and HTTPS proxies by a CONNECT tunnel, SOCKS5 proxies by a CONNECT request with the
 * target's name (the proxy resolves it). The proxy's own host follows the outbound-address policy (resolved
 * once, refused inside the server's network unless ALLOW_PRIVATE_ADDRESSES, connected to the address checked).
 * Any failure before the tunnel stands is a ProxyFailure: nothing reached the target, and nothing is ever
 * retried without the proxy.
 */

export const PROXY_PROTOCOLS = ['http', 'https', 'socks5'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];

export interface ProxyEndpoint {
  type: ProxyProtocol;
  host: string;
  port: number;
  username?: string;
  password?: string;
}

/** Network code of a failure of the proxy itself (platforms/http.ts counts it as "never sent"). */
export const PROXY_FAILURE_CODE = 'EPROXY';

/** The proxy could not be reached, refused the credentials or refused the tunnel; `message` says which. */
export class ProxyFailure extends Error {
  readonly code = PROXY_FAILURE_CODE;
  constructor(message: string) {
    super(message);
    this.name = 'ProxyFailure';
  }
}

/** The ProxyFailure behind an error fetch threw (fetch wraps the connector's error as its cause), if any. */
export function proxyFailureOf(error: unknown): ProxyFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (current instanceof ProxyFailure) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const HANDSHAKE_TIMEOUT_MS = 10_000;

export function describeProxy(proxy: Pick<ProxyEndpoint, 'type' | 'host' | 'port'>): string {
  return `${proxy.type.toUpperCase()} proxy ${proxy.host}:${proxy.port}`;
}

async function checkedProxyAddress(proxy: ProxyEndpoint, policy: AddressPolicy): Promise<string> {
  try {
    return (await checkHost(proxy.host, proxy.port, policy)).address;
  } catch (error) {
    if (error instanceof PrivateAddressError || error instanceof UnresolvableHostError) {
      throw new ProxyFailure(error.message);
    }
    throw error;
  }
}

function openSocket(proxy: ProxyEndpoint, address: string, ca: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // An HTTPS proxy's certificate is verified against its name (the socket goes to the checked address).
    const socket: Socket =
      proxy.type === 'https'
        ? tlsConnect({
            host: address,
            port: proxy.port,
            servername: isIP(proxy.host) ? undefined : proxy.host,
            ALPNProtocols: ['http/1.1'],
            ...(ca ? { ca } : {}),
          })
        : netConnect({ host: address, port: proxy.port });
    const ready = proxy.type === 'https' ? 'secureConnect' : 'connect';
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => socket.destroy(new Error('no answer (timed out)')));
    socket.once(ready, () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ProxyFailure(
          `The ${describeProxy(proxy)} could not be reached (${error.code ?? error.message}).`,
        ),
      );
    });
  });
}

/** Sends CONNECT host:port and waits for the proxy's status line; answers the socket of the tunnel. */
function httpTunnel(socket: Socket, proxy: ProxyEndpoint, host: string, port: number): Promise<Socket> {
  const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
  if (proxy.username || proxy.password) {
    const token = Buffer.from(`${proxy.username ?? ''}:${proxy.password ?? ''}`).toString('base64');
    lines.push(`Proxy-Authorization: Basic ${token}`);
  }
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const fail = (message: string) => {
      socket.destroy();
      reject(new ProxyFailure(message));
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) {
        if (received.length > 16_384) fail(`The ${describeProxy(proxy)} sent an unreadable answer.`);
        return;
      }
      socket.off('data', onData);
      socket.off('error', onError);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received.subarray(0, end).toString('latin1'))?.[1]);
      if (status === 200) {
        const rest = received.subarray(end + 4);
        if (rest.length > 0) socket.unshift(rest);
        resolve(socket);
      } else if (status === 407) {
        fail(`The ${describeProxy(proxy)} refused the user name or password (407).`);
      } else {
        fail(`The ${describeProxy(proxy)} refused to connect to ${host} (${status || 'no status'}).`);
      }
    };
    const onError = (error: NodeJS.ErrnoException) =>
      fail(`The ${describeProxy(proxy)} closed the connection (${error.code ?? error.message}).`);
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('end', () => fail(`The ${describeProxy(proxy)} closed the connection.`));
  });
}

async function socksTunnel(
  proxy: ProxyEndpoint,
  address: string,
  host: string,
  port: number,
): Promise<Socket> {
  const { SocksClient } = await import('socks');
  try {
    const { socket } = await SocksClient.createConnection({
      command: 'connect',
      timeout: HANDSHAKE_TIMEOUT_MS,
      proxy: {
        host: address,
        port: proxy.port,
        type: 5,
        ...(proxy.username || proxy.password
          ? { userId: proxy.username ?? '', password: proxy.password ?? '' }
          : {}),
      },
      destination: { host, port },
    });
    return socket;
  } catch (error) {
    const reason = (error as Error).message;
    if (/authentication/i.test(reason)) {
      throw new ProxyFailure(`The ${describeProxy(proxy)} refused the user name or password.`);
    }
    throw new ProxyFailure(`The ${describeProxy(proxy)} could not connect to ${host} (${reason}).`);
  }
}

/** A socket to host:port through the proxy; TLS to the target (https:) is layered on it by the caller. */
export async function openTunnel(
  proxy: ProxyEndpoint,
  policy: AddressPolicy,
  target: { host: string; port: number },
): Promise<Socket> {
  const address = await checkedProxyAddress(proxy, policy);
  const host = target.host.replace(/^\[|\]$/g, '');
  if (proxy.type === 'socks5') return socksTunnel(proxy, address, host, target.port);
  const socket = await openSocket(proxy, address, policy.ca);
  const tunnel = await httpTunnel(socket, proxy, host, target.port);
  tunnel.setTimeout(0);
  return tunnel;
}

/**
 * TLS to the target inside a tunnel, its certificate verified against `servername` (`ca`: tests' own authority).
 * ALPN `http/1.1` for platform APIs; none for RTMPS (ffmpeg offers none either).
 */
export function secureTunnel(
  socket: Socket,
  servername: string,
  ca: string | undefined,
  alpn: string[] | undefined = ['http/1.1'],
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const tls = tlsConnect({
      socket,
      // The certificate is checked against `host`; SNI carries names only (RFC 6066).
      host: servername,
      servername: isIP(servername) ? undefined : servername,
      ...(alpn ? { ALPNProtocols: alpn } : {}),
      ...(ca ? { ca } : {}),
    });
    tls.once('secureConnect', () => {
      tls.removeAllListeners('error');
      resolve(tls);
    });
    tls.once('error', reject);
  });
}

/**
 * An undici Agent whose every connection goes through the proxy. `policy.ca` (tests) is trusted for the
 * target's certificate; the proxy's and the target's certificates are always verified.
 */
export async function createProxyAgent(proxy: ProxyEndpoint, policy: AddressPolicy): Promise<Agent> {
  const { Agent } = await import('undici');
  return new Agent({
    connect(options, callback) {
      const isHttps = options.protocol === 'https:';
      const port = Number(options.port) || (isHttps ? 443 : 80);
      openTunnel(proxy, policy, { host: options.hostname, port })
        .then((socket): Promise<Socket> | Socket =>
          isHttps
            ? secureTunnel(socket, options.servername || options.hostname.replace(/^\[|\]$/g, ''), policy.ca)
            : socket,
        )
        .then(
          (socket) => callback(null, socket),
          (error: Error) => callback(error, null),
        );
    },
  });
}

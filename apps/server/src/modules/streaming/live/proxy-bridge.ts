import { type AddressInfo, createServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * The local end of a live destination that goes through its account's proxy
 * (docs/decisions/0099-live-streams-through-proxies.md). ffmpeg cannot push RTMP through a SOCKS or CONNECT
 * proxy, so it pushes plain RTMP to this listener on 127.0.0.1 (an ephemeral port, loopback only), and the
 * bridge carries the bytes over an upstream the server opened through the proxy (TLS inside it for rtmps).
 *
 * The upstream is opened *before* ffmpeg starts (`prepare`, the supervisor's preflight): a dead proxy is known,
 * with its reason, before anything runs, and ffmpeg never has a way out but the tunnel. Each prepared upstream
 * serves exactly one connection; a connection with none waiting, or a second one at the same time, is closed.
 */

/** An upstream nobody connected to within this time is closed (ffmpeg reads the relay first: a few seconds). */
const UNCLAIMED_MS = 30_000;

export interface ProxyBridge {
  readonly port: number;
  /**
   * Opens the upstream for the next connection (closing any earlier one: a new attempt means the last one is
   * over). Throws what `open` threw.
   */
  prepare(open: () => Promise<Duplex>): Promise<void>;
  /** Connections carried so far. */
  readonly carried: number;
  close(): Promise<void>;
}

export async function startProxyBridge(): Promise<ProxyBridge> {
  let pending: { upstream: Duplex; timer: NodeJS.Timeout } | null = null;
  let active: { client: Socket; upstream: Duplex } | null = null;
  let carried = 0;
  let closed = false;

  const dropPending = () => {
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.upstream.destroy();
    pending = null;
  };
  const dropActive = () => {
    active?.client.destroy();
    active?.upstream.destroy();
    active = null;
  };

  const server = createServer((client) => {
    const waiting = pending;
    if (!waiting || active || closed) {
      client.destroy();
      return;
    }
    clearTimeout(waiting.timer);
    pending = null;
    const { upstream } = waiting;
    const pair = { client, upstream };
    active = pair;
    carried += 1;
    client.setNoDelay(true);
    const end = () => {
      client.destroy();
      upstream.destroy();
      if (active === pair) active = null;
    };
    for (const side of [client, upstream]) {
      side.removeAllListeners('error');
      side.on('error', end);
      side.once('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    get carried() {
      return carried;
    },
    async prepare(open) {
      dropPending();
      dropActive();
      const upstream = await open();
      if (closed) {
        upstream.destroy();
        throw new Error('The stream ended.');
      }
      dropPending();
      const timer = setTimeout(dropPending, UNCLAIMED_MS);
      timer.unref();
      upstream.on('error', () => {
        if (pending?.upstream === upstream) dropPending();
      });
      upstream.once('close', () => {
        if (pending?.upstream === upstream) dropPending();
      });
      pending = { upstream, timer };
    },
    close() {
      closed = true;
      dropPending();
      dropActive();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

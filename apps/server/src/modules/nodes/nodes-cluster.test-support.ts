import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeRequest } from '../../platforms/testing/server.fake';
import { tcpSockets } from '../streaming/live/streaming.test-support';

/**
 * Several server processes on one database, as an install with several nodes runs them (docs/scaling.md): each
 * a child process of the server through tsx with its own ROLE, and a small round-robin load balancer in front of
 * the API nodes. Used by nodes-cluster.test.ts (PostgreSQL only).
 */

const SERVER_ENTRY = path.resolve(__dirname, '../../server.ts');

export interface ServerNode {
  child: ChildProcess;
  /** The port it listens on, once it said it is ready. */
  port: number;
}

/** Starts `server.ts` with `env` (PORT=0: the port it got is read from its ready line) and waits until it is ready. */
export function startNode(env: Record<string, string>, cleanup: (() => void)[]): Promise<ServerNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-node-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Killed at the end whatever happened: when another node of a Promise.all failed to start, the ones that did
  // were never handed back to be stopped and kept running after the test.
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2_000);
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Relaycast is ready on http:\/\/localhost:(\d+)/.exec(output);
      if (ready) {
        child.stdout?.resume();
        output = '';
        resolve({ child, port: Number(ready[1]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`a node exited (${code}) before it was ready: ${errors}`)));
  });
}

/** Stops a node (SIGTERM, SIGKILL after 15 s); nothing when it already exited. */
export async function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export interface LoadBalancer {
  url: string;
  /** Requests forwarded to each backend, in the order of `ports`. */
  forwarded: number[];
  close(): Promise<void>;
}

/** A round-robin HTTP load balancer over `ports` on 127.0.0.1 (node:http, one request each in turn). */
export async function startLoadBalancer(ports: number[]): Promise<LoadBalancer> {
  const forwarded = ports.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next++ % ports.length;
    forwarded[index] = (forwarded[index] ?? 0) + 1;
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[index], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The local ports of a process's TCP sockets (Linux: its socket fds matched with /proc/net/tcp by inode). */
export function socketPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // The fd closed meanwhile.
    }
  }
  return new Set(tcpSockets().flatMap((socket) => (inodes.has(socket.inode) ? [socket.localPort] : [])));
}

/**
 * The worker with a publish call in flight at the platform fake now (a request received less than `withinMs`
 * ago, still held by the fake's latency), found by the port its request came from; undefined when none has.
 */
export function workerWithCallInFlight(
  requests: readonly FakeRequest[],
  workers: readonly ServerNode[],
  withinMs: number,
): ServerNode | undefined {
  const since = Date.now() - withinMs;
  const ports = new Set(
    requests.filter((request) => request.receivedAt.getTime() > since).map((request) => request.remotePort),
  );
  return workers.find(
    (worker) =>
      worker.child.pid !== undefined && [...socketPortsOf(worker.child.pid)].some((port) => ports.has(port)),
  );
}

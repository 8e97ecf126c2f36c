import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

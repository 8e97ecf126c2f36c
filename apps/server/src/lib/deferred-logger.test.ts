import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { DeferredChildLogger, deferredChildLoggers } from './deferred-logger';

/** A pino logger at `level` writing its lines (parsed, without their time) to `lines`. */
function collectingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const { time: _time, ...rest } = JSON.parse(line);
        lines.push(rest);
      }
      done();
    },
  });
  return { logger: pino({ level }, stream) as unknown as FastifyBaseLogger, lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("a request's deferred logger", () => {
  it('makes no pino child for lines below the level, and writes a line above it as pino would', async () => {
    const { logger, lines } = collectingLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const request = deferredChildLoggers.call(
      undefined as never,
      logger,
      { reqId: 'req-1' },
      {},
      undefined as never,
    );
    const workspace = request.child({ workspaceId: 'ws-1' });
    workspace.info('incoming request');
    request.debug({ detail: 1 }, 'not written');
    expect(child).not.toHaveBeenCalled();
    expect(workspace.level).toBe('warn');

    workspace.warn({ attempt: 2 }, 'slow upstream');
    request.error('refused');
    child.mockRestore();
    const { logger: plain, lines: plainLines } = collectingLogger('warn');
    const plainRequest = plain.child({ reqId: 'req-1' });
    plainRequest.child({ workspaceId: 'ws-1' }).warn({ attempt: 2 }, 'slow upstream');
    plainRequest.error('refused');
    await flush();
    expect(lines).toEqual(plainLines);
    expect(lines[0]).toMatchObject({ reqId: 'req-1', workspaceId: 'ws-1', attempt: 2, msg: 'slow upstream' });
    expect((workspace as unknown as DeferredChildLogger).bindings()).toEqual({
      reqId: 'req-1',
      workspaceId: 'ws-1',
    });
  });

  it("is pino's own child when the route sets a level, and the logger's own child when it cannot tell levels", () => {
    const { logger } = collectingLogger('info');
    const withLevel = deferredChildLoggers.call(
      undefined as never,
      logger,
      { reqId: 'r' },
      { level: 'debug' },
      undefined as never,
    );
    expect(withLevel).not.toBeInstanceOf(DeferredChildLogger);
    expect(withLevel.level).toBe('debug');

    const made = { info() {}, child: vi.fn() };
    const bare = { ...made, child: vi.fn(() => made) } as unknown as FastifyBaseLogger;
    expect(deferredChildLoggers.call(undefined as never, bare, { reqId: 'r' }, {}, undefined as never)).toBe(
      made,
    );
  });

  it('follows a level set on it', async () => {
    const { logger, lines } = collectingLogger('warn');
    const request = deferredChildLoggers.call(
      undefined as never,
      logger,
      { reqId: 'r' },
      {},
      undefined as never,
    );
    request.level = 'info';
    request.info('now written');
    logger.info('the server still at warn');
    await flush();
    expect(lines).toEqual([
      { level: 30, pid: process.pid, hostname: expect.any(String), reqId: 'r', msg: 'now written' },
    ]);
  });
});

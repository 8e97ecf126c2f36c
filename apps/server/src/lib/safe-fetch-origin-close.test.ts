import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = path.join(import.meta.dirname, 'safe-fetch-origin-close.test-support.ts');

/**
 * An origin that closes its connection while the response body waits unread must be that request's business:
 * the assertion undici threw from the socket's `end` handler (docs/decisions/0057-outbound-fetch-crash-and-supervision.md) was
 * uncaught and ended the process, so the fetch runs in a child process and the test asserts the child lives.
 */
describe('safe fetch when the origin closes the connection under backpressure', () => {
  it("completes every whole response, fails a truncated one as that request's error, and survives", async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(stderr).not.toContain('AssertionError');
    expect(code).toBe(0);
    const results = JSON.parse(stdout) as Record<string, { bytes?: number; error?: string }>;
    for (const [key, result] of Object.entries(results)) {
      const [framing, size] = key.split(' ');
      if (framing === 'short') expect(result, key).toEqual({ error: expect.any(String) });
      else expect(result, key).toEqual({ bytes: Number(size) });
    }
  });
});

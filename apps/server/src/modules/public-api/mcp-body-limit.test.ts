import { request as httpRequest } from 'node:http';
import { PLANS } from '@relaycast/shared/plans';
import { API_KEY_MESSAGES } from '@relaycast/shared/public-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MCP_READ_ONLY_BODY_LIMIT, MCP_UPLOAD_MAX_BYTES, mcpBodyLimit } from './mcp';

/**
 * The MCP endpoint reads a key's body only up to what the key may send (decision 0060): an attack run sent
 * 33 MB bodies with a read-only key four times and the server grew from 244 to 490 MB. Each request here is
 * sent over a real socket and never finished: only an answer given before the body is complete arrives.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function keyOf(member: SignedInUser, scopes: string[]) {
  const res = await member.send('POST', '/api/api-keys', { name: 'Assistant', scopes });
  expect(res.statusCode).toBe(201);
  return (res.json() as { secret: string }).secret;
}

interface Answer {
  status: number;
  message: string;
  connection: string | undefined;
}

/** Sends the headers and the first bytes of a body, never the rest, and resolves with the server's answer. */
function sendUnfinished(headers: Record<string, string>, firstBytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(`${base}/api/v1/mcp`),
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const { message } = JSON.parse(text) as { message: string };
          resolve({ status: response.statusCode ?? 0, message, connection: response.headers.connection });
          request.destroy();
        });
      },
    );
    request.on('error', reject);
    request.setTimeout(10_000, () => reject(new Error('no answer before the body was complete')));
    request.write(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(firstBytes)}`);
  });
}

const MB = 1024 * 1024;

describe('the MCP endpoint’s body limit', () => {
  it('refuses a read-only key’s large body by its declared length, before reading it', async () => {
    const ada = await signInAsNewUser(t);
    const key = await keyOf(ada, ['read']);
    const answer = await sendUnfinished(
      { authorization: `Bearer ${key}`, 'content-length': String(33 * MB) },
      1024,
    );
    expect(answer).toEqual({
      status: 413,
      message: API_KEY_MESSAGES.readOnlyBodyTooLarge,
      connection: 'close',
    });
  });

  it('cuts a read-only key’s chunked body off once it passes the read-only cap', async () => {
    const ada = await signInAsNewUser(t);
    const key = await keyOf(ada, ['read']);
    const answer = await sendUnfinished(
      { authorization: `Bearer ${key}`, 'transfer-encoding': 'chunked' },
      MCP_READ_ONLY_BODY_LIMIT + 1024,
    );
    expect(answer).toEqual({
      status: 413,
      message: API_KEY_MESSAGES.readOnlyBodyTooLarge,
      connection: 'close',
    });
  });

  it('answers 401 to a request without a key, or with a wrong one, before its body', async () => {
    const declared = { 'content-length': String(33 * MB) };
    expect(await sendUnfinished(declared, 1024)).toEqual({
      status: 401,
      message: API_KEY_MESSAGES.missing,
      connection: 'close',
    });
    expect(await sendUnfinished({ ...declared, authorization: `Bearer rc_${'B'.repeat(43)}` }, 1024)).toEqual(
      {
        status: 401,
        message: API_KEY_MESSAGES.invalid,
        connection: 'close',
      },
    );
  });

  it('lets a write key send the base64 of its plan’s largest file, and no more', async () => {
    const ada = await signInAsNewUser(t);
    const key = await keyOf(ada, ['read', 'write']);
    const limit = mcpBodyLimit({ scopes: ['read', 'write'], workspace: { plan: null } as never }, t.config);
    const answer = await sendUnfinished(
      { authorization: `Bearer ${key}`, 'content-length': String(limit + 1) },
      1024,
    );
    expect(answer).toEqual({ status: 413, message: API_KEY_MESSAGES.mcpBodyTooLarge, connection: 'close' });
  });

  it('follows the plan’s file limit, within the MCP cap', () => {
    for (const plan of PLANS) {
      const file = Math.min(plan.maxFileSizeBytes, MCP_UPLOAD_MAX_BYTES);
      const limit = mcpBodyLimit(
        { scopes: ['read', 'write'], workspace: { plan: plan.id } as never },
        { ...t.config, billingMode: 'managed' },
      );
      expect({ plan: plan.id, limit }).toEqual({
        plan: plan.id,
        limit: Math.ceil((file * 4) / 3) + 64 * 1024,
      });
    }
    expect(mcpBodyLimit({ scopes: ['read'], workspace: { plan: null } as never }, t.config)).toBe(
      MCP_READ_ONLY_BODY_LIMIT,
    );
    // A self-hosted install: the operator's file limit (MAX_UPLOAD_MB), within the MCP cap.
    const install = { ...t.config, billingMode: 'self-hosted' as const };
    const small = {
      ...install,
      installLimits: { ...install.installLimits, maxFileSizeBytes: 3 * 1024 * 1024 },
    };
    const write = { scopes: ['read', 'write'], workspace: { plan: null } as never };
    expect(mcpBodyLimit(write, small)).toBe(Math.ceil((3 * 1024 * 1024 * 4) / 3) + 64 * 1024);
    expect(mcpBodyLimit(write, install)).toBe(Math.ceil((MCP_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024);
  });
});

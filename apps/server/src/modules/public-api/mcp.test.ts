import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { API_KEY_MESSAGES } from '@relaycast/shared/public-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles, posts } from '../../db/schema/index';
import { type MediaFixtures, makeMediaFixtures } from '../media/media.test-support';
import { MCP_UPLOAD_MAX_BYTES, multipartOf } from './mcp';

/** The MCP endpoint (docs/public-api.md): the public API's operations as tools, called by the MCP SDK's own client. */

let t: TestApp;
let base: string;
let fixtures: MediaFixtures;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  fixtures = makeMediaFixtures();
});
afterAll(async () => {
  fixtures.cleanup();
  await t.close();
});

async function keyOf(member: SignedInUser, scopes: string[]) {
  const res = await member.send('POST', '/api/api-keys', { name: 'Assistant', scopes });
  expect(res.statusCode).toBe(201);
  return (res.json() as { secret: string }).secret;
}

async function connect(secret: string) {
  const client = new Client({ name: 'relaycast-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/api/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  return client;
}

describe('the MCP endpoint', () => {
  it('lists the public API’s operations as tools and drafts a post in the key’s workspace', async () => {
    const ada = await signInAsNewUser(t);
    const client = await connect(await keyOf(ada, ['read', 'write']));
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['listPosts', 'createPost', 'getPost', 'listAccounts', 'reschedulePost']),
      );
      expect(names).toContain('uploadMedia');
      const create = tools.find((tool) => tool.name === 'createPost')!;
      expect(JSON.stringify(create.inputSchema)).toContain('"platforms"');

      const created = await client.callTool({
        name: 'createPost',
        arguments: { body: { content: 'Drafted by an assistant', platforms: ['mastodon'], action: 'draft' } },
      });
      expect(created.isError).toBe(false);
      const post = JSON.parse((created.content as { text: string }[])[0]!.text) as { id: string };
      const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
      expect(row).toMatchObject({ workspaceId: ada.workspaceId, content: 'Drafted by an assistant' });

      const read = await client.callTool({ name: 'getPost', arguments: { id: post.id } });
      expect((read.content as { text: string }[])[0]!.text).toContain('Drafted by an assistant');
      const invalid = await client.callTool({ name: 'createPost', arguments: { body: { content: 'x' } } });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('keeps the key’s scope: a read key lists but cannot create', async () => {
    const ada = await signInAsNewUser(t);
    const client = await connect(await keyOf(ada, ['read']));
    try {
      expect((await client.callTool({ name: 'listPosts', arguments: {} })).isError).toBe(false);
      const refused = await client.callTool({
        name: 'createPost',
        arguments: { body: { content: 'Nope', platforms: ['mastodon'], action: 'draft' } },
      });
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0]!.text).toContain(API_KEY_MESSAGES.readOnly);
      expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ada.workspaceId))).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('uploads an image given in base64 into the key’s media library, and refuses what is not a file', async () => {
    const ada = await signInAsNewUser(t);
    const client = await connect(await keyOf(ada, ['read', 'write']));
    try {
      const upload = (await client.listTools()).tools.find((tool) => tool.name === 'uploadMedia')!;
      expect(upload.inputSchema.required).toEqual(['filename', 'contentType', 'dataBase64']);
      const uploaded = await client.callTool({
        name: 'uploadMedia',
        arguments: {
          filename: 'red "square".png',
          contentType: 'image/png',
          dataBase64: fixtures.png.toString('base64'),
        },
      });
      expect(uploaded.isError).toBe(false);
      const item = JSON.parse((uploaded.content as { text: string }[])[0]!.text) as { id: string };
      const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, item.id));
      expect(row).toMatchObject({ workspaceId: ada.workspaceId });

      const notBase64 = await client.callTool({
        name: 'uploadMedia',
        arguments: { filename: 'x.png', contentType: 'image/png', dataBase64: '<script>' },
      });
      expect(notBase64.isError).toBe(true);
      expect((notBase64.content as { text: string }[])[0]!.text).toBe(
        'dataBase64 must be the file in base64.',
      );
      const notMedia = await client.callTool({
        name: 'uploadMedia',
        arguments: {
          filename: 'notes.txt',
          contentType: 'text/plain',
          dataBase64: Buffer.from('hello').toString('base64'),
        },
      });
      expect(notMedia.isError).toBe(true);
      expect(
        await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, ada.workspaceId)),
      ).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('builds the upload body safely and refuses a file over the MCP limit', () => {
    const made = multipartOf({
      filename: 'a"\r\nX-Evil: 1.png',
      contentType: 'image/png',
      dataBase64: 'AAAA',
    });
    if (typeof made === 'string') throw new Error(made);
    expect(made.body.toString()).toContain('filename="a___X-Evil: 1.png"');
    expect(multipartOf({ filename: 'a.png', contentType: 'image/png\r\nX: 1', dataBase64: 'AAAA' })).toBe(
      'contentType must be a MIME type such as image/png.',
    );
    const big = Buffer.alloc(MCP_UPLOAD_MAX_BYTES + 3).toString('base64');
    expect(multipartOf({ filename: 'big.mp4', contentType: 'video/mp4', dataBase64: big })).toMatch(
      /^The file is over 25 MB/,
    );
  });

  it('refuses a request without a valid key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_KEY_MESSAGES.missing);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp',
      headers: { authorization: `Bearer rc_${'B'.repeat(43)}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(API_KEY_MESSAGES.invalid);
  });
});

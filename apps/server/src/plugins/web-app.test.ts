import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'relaycast-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Relaycast</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    t = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for app routes, public and protected', async () => {
    for (const url of ['/', '/login', '/dashboard', '/blog/some-post', '/reset-password?token=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the app with status 404 for unknown paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset to a browser that accepts brotli', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('still answers unknown /api paths with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

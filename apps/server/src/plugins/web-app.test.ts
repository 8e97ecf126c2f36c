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

describe('the prerendered home page', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'relaycast-dist-'));
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'home.html'), '<!doctype html><div id="root"><h1>Drawn</h1></div>');
    t = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function home(headers: Record<string, string>) {
    const res = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('cookie, accept-language');
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.body.includes('<h1>Drawn</h1>') ? 'prerendered' : 'empty';
  }

  it('goes to English visitors who are not signed in, and to browsers that name no language we have', async () => {
    expect(await home({})).toBe('prerendered');
    expect(await home({ 'accept-language': 'en-GB,en;q=0.9,fr;q=0.8' })).toBe('prerendered');
    expect(await home({ 'accept-language': 'ja-JP, zh;q=0.5' })).toBe('prerendered');
    // German is not wanted at all (q=0): the first language we have is English.
    expect(await home({ 'accept-language': 'de;q=0, en;q=0.5' })).toBe('prerendered');
  });

  it('not to a browser whose first language we have is another one, unless English was chosen', async () => {
    expect(await home({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toBe('empty');
    expect(await home({ 'accept-language': 'ja, fr-CA;q=0.9, en;q=0.1' })).toBe('empty');
    // By quality, not by order.
    expect(await home({ 'accept-language': 'en;q=0.2, es;q=0.9' })).toBe('empty');
    expect(await home({ cookie: 'relaycast.language=fr' })).toBe('empty');
    expect(await home({ cookie: 'relaycast.language=en', 'accept-language': 'de' })).toBe('prerendered');
    // A cookie that names no language of ours is ignored.
    expect(await home({ cookie: 'relaycast.language=xx', 'accept-language': 'es' })).toBe('empty');
  });

  it('not to a signed-in visitor, whose home page links to the dashboard', async () => {
    expect(await home({ cookie: 'relaycast.session_token=abc.def' })).toBe('empty');
    expect(await home({ cookie: 'a=1; __Secure-relaycast.session_token=abc.def' })).toBe('empty');
  });

  it('and only the home page: every other route is the app as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Drawn');
  });
});

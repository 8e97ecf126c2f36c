import type { Post } from '@relaycast/shared/posts';
import type { ShortLinkPostOptions, ShortLinkSettingsView } from '@relaycast/shared/short-links';
import { describe, expect, it } from 'vitest';
import { signInAsNewUser, useTestApp } from '../../../test/auth-requests';

/**
 * The composer's short-link choice saved with the post, and a post's text counted with the short links that
 * will replace its addresses (docs/decisions/0080-short-links.md, "2026-11-26: the composer").
 */

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });

const LONG = `https://example.com/${'a'.repeat(320)}`;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function setMode(mode: 'always' | 'ask' | 'never') {
  const response = await s.ada.send('PUT', '/api/short-links/settings', { mode, campaign: '' });
  expect(response.statusCode, response.body).toBe(200);
}

function postBody(content: string, shortLinks?: ShortLinkPostOptions) {
  return {
    content,
    platforms: ['bluesky'],
    action: 'schedule',
    scheduledAt: inAnHour(),
    ...(shortLinks ? { shortLinks } : {}),
  };
}

describe('short links: the composer’s choice', () => {
  it('tells the composer where links made at publish are served', async () => {
    const settings = (await s.ada.get('/api/short-links/settings')).json() as ShortLinkSettingsView;
    expect(settings.baseUrl).toBe(s.t.config.shortLinkBaseUrl ?? s.t.config.publicUrl);
  });

  it('saves the switch and the campaign with the post, and keeps them when a save leaves them out', async () => {
    await setMode('ask');
    const created = await s.ada.send(
      'POST',
      '/api/posts',
      postBody('Read https://example.com/a', { shorten: true, campaign: 'Spring sale' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json() as Post;
    expect((await s.ada.get(`/api/short-links/posts/${post.id}`)).json()).toEqual({
      shorten: true,
      campaign: 'Spring sale',
    });
    const edited = await s.ada.send('PUT', `/api/posts/${post.id}`, postBody('Read https://example.com/b'));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await s.ada.get(`/api/short-links/posts/${post.id}`)).json()).toEqual({
      shorten: true,
      campaign: 'Spring sale',
    });
    const off = await s.ada.send(
      'PUT',
      `/api/posts/${post.id}`,
      postBody('Read https://example.com/b', { shorten: false, campaign: '' }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await s.ada.get(`/api/short-links/posts/${post.id}`)).json()).toEqual({
      shorten: false,
      campaign: '',
    });
  });

  it('refuses a campaign that is too long with the message, not a 500', async () => {
    const response = await s.ada.send(
      'POST',
      '/api/posts',
      postBody('Read https://example.com/a', { shorten: true, campaign: 'x'.repeat(81) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Keep the campaign name under 80 characters.');
  });
});

describe('short links: a post’s length', () => {
  it('counts a long address as its short link when the post’s links are shortened', async () => {
    const text = `Hello ${LONG}`;
    await setMode('never');
    const refused = await s.ada.send('POST', '/api/posts', postBody(text, { shorten: true, campaign: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Bluesky allows at most 300 characters');
    await setMode('ask');
    expect((await s.ada.send('POST', '/api/posts', postBody(text))).statusCode).toBe(400);
    const chosen = await s.ada.send('POST', '/api/posts', postBody(text, { shorten: true, campaign: '' }));
    expect(chosen.statusCode, chosen.body).toBe(201);
    await setMode('always');
    expect((await s.ada.send('POST', '/api/posts', postBody(text))).statusCode).toBe(201);
    const declined = await s.ada.send('POST', '/api/posts', postBody(text, { shorten: false, campaign: '' }));
    expect(declined.statusCode).toBe(400);
  });

  it('counts a short address made longer by its short link, using the post’s stored choice', async () => {
    await setMode('ask');
    const base = s.t.config.shortLinkBaseUrl ?? s.t.config.publicUrl;
    const address = 'http://a.bc';
    // Exactly 300 as typed; over once the address becomes `<base>/xxxxxxx` (longer than 11 characters).
    const text = `${'a'.repeat(300 - address.length - 1)} ${address}`;
    expect(`${base}/xxxxxxx`.length).toBeGreaterThan(address.length);
    const created = await s.ada.send('POST', '/api/posts', postBody(text));
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json() as Post;
    const on = await s.ada.send('PUT', `/api/short-links/posts/${post.id}`, { shorten: true, campaign: '' });
    expect(on.statusCode).toBe(200);
    const again = await s.ada.send('PUT', `/api/posts/${post.id}`, postBody(text));
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Bluesky allows at most 300 characters');
  });

  it('counts the same way when the calendar moves the post', async () => {
    await setMode('ask');
    const created = await s.ada.send(
      'POST',
      '/api/posts',
      postBody(`Hello ${LONG}`, { shorten: true, campaign: '' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json() as Post;
    const moved = await s.ada.send('PATCH', `/api/posts/${post.id}/schedule`, {
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await s.ada.send('PUT', `/api/short-links/posts/${post.id}`, { shorten: false, campaign: '' });
    const refused = await s.ada.send('PATCH', `/api/posts/${post.id}/schedule`, {
      scheduledAt: new Date(Date.now() + 10_800_000).toISOString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Bluesky allows at most 300 characters');
  });

  it('counts an address found only in a platform’s own text or in a thread part as its short link', async () => {
    await setMode('always');
    // The main text has no address: the base must still be read for the override's and the part's.
    const override = await s.ada.send('POST', '/api/posts', {
      ...postBody('No address here'),
      overrides: { bluesky: `Hello ${LONG}` },
    });
    expect(override.statusCode, override.body).toBe(201);
    await setMode('never');
    const refused = await s.ada.send('POST', '/api/posts', {
      ...postBody('No address here'),
      overrides: { bluesky: `Hello ${LONG}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Bluesky allows at most 300 characters');
    await setMode('always');
    const part = await s.ada.send('POST', '/api/posts', {
      ...postBody('No address here'),
      threadParts: [`Part two ${LONG}`],
    });
    expect(part.statusCode, part.body).toBe(201);
  });

  it('never reads another workspace’s mode or post choice', async () => {
    await setMode('always');
    const bob = await signInAsNewUser(s.t, { name: 'Bob Two' });
    const response = await bob.send('POST', '/api/posts', postBody(`Hello ${LONG}`));
    expect(response.statusCode).toBe(400);
  });
});

import { SHORT_LINK_MESSAGES, type ShortLink } from '@relaycast/shared/short-links';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { shortLinkCodes, shortLinks } from '../../db/schema/index';

/** Custom codes ("back-halves") and codes never reused (docs/decisions/0080-short-links.md, "Custom codes"). */

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });

const visit = (code: string) => s.t.app.inject({ method: 'GET', url: `/${code}` });

/** A code no other test of this run takes. */
const fresh = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe('short links: custom codes', () => {
  it('makes a link under the code the user typed, served at /<code>', async () => {
    const code = fresh('Summer_Sale');
    const response = await s.ada.send('POST', '/api/short-links', { target: 'https://example.com/s', code });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json() as ShortLink;
    expect(link.code).toBe(code);
    expect(link.shortUrl).toBe(`${s.t.config.publicUrl}/${code}`);
    const redirect = await visit(code);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/s');
  });

  it('refuses a code taken in another workspace with a clear message', async () => {
    const code = fresh('promo');
    expect(
      (await s.ada.send('POST', '/api/short-links', { target: 'https://a.example/', code })).statusCode,
    ).toBe(201);
    const taken = await s.bob.send('POST', '/api/short-links', { target: 'https://b.example/', code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: SHORT_LINK_MESSAGES.codeTaken });
    expect((await visit(code)).headers.location).toBe('https://a.example/');
  });

  it('refuses a bad shape or a path of the app with the shared messages, never a 500', async () => {
    const cases: [string, string][] = [
      ['abc', SHORT_LINK_MESSAGES.codeTooShort],
      ['x'.repeat(51), SHORT_LINK_MESSAGES.codeTooLong],
      ['has space', SHORT_LINK_MESSAGES.codeCharacters],
      ['a/b/c', SHORT_LINK_MESSAGES.codeCharacters],
      ['pricing', SHORT_LINK_MESSAGES.codeReserved],
      ['Links', SHORT_LINK_MESSAGES.codeReserved],
      ['api', SHORT_LINK_MESSAGES.codeTooShort],
      ['assets', SHORT_LINK_MESSAGES.codeReserved],
      ['invite', SHORT_LINK_MESSAGES.codeReserved],
      ['metrics', SHORT_LINK_MESSAGES.codeReserved],
    ];
    for (const [code, message] of cases) {
      const response = await s.ada.send('POST', '/api/short-links', { target: 'https://example.com/', code });
      expect(response.statusCode, code).toBe(400);
      expect((response.json() as { message: string }).message, code).toBe(message);
    }
  });

  it('never gives a code out again once its link is gone, random or custom', async () => {
    const custom = fresh('gone');
    const made = await s.ada.send('POST', '/api/short-links', {
      target: 'https://example.com/',
      code: custom,
    });
    const random = (
      await s.ada.send('POST', '/api/short-links', { target: 'https://example.com/r' })
    ).json() as ShortLink;
    // A link's row removed (as a deleted workspace takes its links): its code stays reserved.
    await s.t.db.delete(shortLinks).where(eq(shortLinks.id, (made.json() as ShortLink).id));
    await s.t.db.delete(shortLinks).where(eq(shortLinks.id, random.id));
    expect((await visit(custom)).statusCode).toBe(404);
    for (const code of [custom, random.code]) {
      const again = await s.bob.send('POST', '/api/short-links', { target: 'https://other.example/', code });
      expect(again.statusCode, code).toBe(409);
      expect(again.json()).toMatchObject({ message: SHORT_LINK_MESSAGES.codeTaken });
    }
    const reserved = await s.t.db.select().from(shortLinkCodes).where(eq(shortLinkCodes.code, random.code));
    expect(reserved).toHaveLength(1);
  });

  it('still sends the pages of the app to the web app', async () => {
    for (const url of ['/pricing', '/links', '/calendar', '/api']) {
      expect((await s.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

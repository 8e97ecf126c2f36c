import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalyticsOverview } from '@relaycast/shared/analytics';
import type { TopPostsPage } from '@relaycast/shared/analytics-page';
import { type CreatedReportLink, REPORT_MESSAGES } from '@relaycast/shared/analytics-report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { analyticsReportLinks, workspaceMembers, workspaces } from '../../db/schema/index';
import { insertAccount } from '../engagement/engagement.test-support';
import { insertDays, insertPublishedPost } from './analytics.test-support';

/** Read-only report links: create, list, revoke, expiry, the public reads, another workspace's ids. */

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
const MARCH = { range: 'custom', from: '2026-03-01', to: '2026-03-31' } as const;

function tokenOf(link: CreatedReportLink): string {
  return link.path.replace('/r/', '');
}

function publicGet(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function share(member: SignedInUser, body: unknown = { filters: MARCH }) {
  return member.send('POST', '/api/analytics/report-links', body);
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Reports' });
  bob = await signInAsNewUser(t, { name: 'Bob Reports' });
  const instagram = await insertAccount(t, ada.workspaceId, 'instagram', { handle: 'ada.ig' });
  await insertDays(t, ada.workspaceId, instagram, 'instagram', {
    '2026-03-02': { followers: 1000, views: 500, likes: 40, comments: 5, shares: 3, saves: 2 },
    '2026-03-03': { followers: 1010, views: 700, likes: 60, comments: 7, shares: 4, saves: 1 },
  });
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'Ada spring menu',
    publishedAt: '2026-03-05T10:00:00Z',
    views: 1000,
    likes: 80,
  });
  const bobAccount = await insertAccount(t, bob.workspaceId, 'instagram', { handle: 'bob.ig' });
  await insertPublishedPost(t, bob.workspaceId, bobAccount, 'instagram', {
    text: 'Bob secret post',
    publishedAt: '2026-03-06T10:00:00Z',
    views: 9999,
  });
});

afterAll(async () => {
  await t.close();
});

describe('report links', () => {
  it('shares the filters read-only: the public reads show that workspace only, with no session', async () => {
    const created = await share(ada, { filters: MARCH, expiresInDays: 30 });
    expect(created.statusCode).toBe(201);
    const link = created.json<CreatedReportLink>();
    expect(link.path).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
    expect(link.filters).toMatchObject(MARCH);
    const days = (new Date(link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Only the hash is stored.
    const [row] = await t.db.select().from(analyticsReportLinks).where(eq(analyticsReportLinks.id, link.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokenOf(link));

    const meta = await publicGet(`/api/reports/${tokenOf(link)}`);
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toBe('no-store');
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, ada.workspaceId));
    // The white-label header: whose report it is (no logo set).
    expect(meta.json()).toEqual({
      filters: MARCH,
      expiresAt: link.expiresAt,
      demo: false,
      workspace: { name: workspace!.name, logoUrl: null },
    });

    const overview = await publicGet(`/api/reports/${tokenOf(link)}/overview`);
    expect(overview.statusCode).toBe(200);
    const body = overview.json<AnalyticsOverview>();
    expect(body.range).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(body.cards.totalFollowers.value).toBe(1010);
    expect(body.cards.comments.value).toBe(12);

    const top = await publicGet(`/api/reports/${tokenOf(link)}/top-posts?sort=views`);
    expect(top.statusCode).toBe(200);
    const texts = top.json<TopPostsPage>().items.map((item) => item.text);
    expect(texts).toEqual(['Ada spring menu']);
    expect(top.body).not.toContain('Bob secret post');
  });

  it('lists active links to every member, and revoking says "revoked" on the public reads', async () => {
    const link = (await share(ada)).json<CreatedReportLink>();
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const list = await ada.get('/api/analytics/report-links');
    expect(list.statusCode).toBe(200);
    expect(list.json().canManage).toBe(true);
    expect(list.json().links.map((l: { id: string }) => l.id)).toContain(link.id);
    expect(list.body).not.toContain(tokenOf(link));

    const revoked = await ada.send('DELETE', `/api/analytics/report-links/${link.id}`);
    expect(revoked.statusCode).toBe(204);
    for (const url of ['', '/overview', '/top-posts']) {
      const res = await publicGet(`/api/reports/${tokenOf(link)}${url}`);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(REPORT_MESSAGES.revoked);
      expect(res.body).not.toContain('Ada');
    }
    const after = await ada.get('/api/analytics/report-links');
    expect(after.json().links.map((l: { id: string }) => l.id)).not.toContain(link.id);
    // Revoking twice is a 404 (nothing left to revoke).
    expect((await ada.send('DELETE', `/api/analytics/report-links/${link.id}`)).statusCode).toBe(404);
  });

  it('says "expired" after the expiry and no longer lists the link', async () => {
    const link = (await share(ada, { filters: MARCH, expiresInDays: 1 })).json<CreatedReportLink>();
    await t.db
      .update(analyticsReportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(analyticsReportLinks.id, link.id));
    const res = await publicGet(`/api/reports/${tokenOf(link)}/overview`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: REPORT_MESSAGES.expired });
    const list = await ada.get('/api/analytics/report-links');
    expect(list.json().links.map((l: { id: string }) => l.id)).not.toContain(link.id);
  });

  it('answers 404 to guessed, malformed and hostile tokens', async () => {
    const guess = 'A'.repeat(43);
    for (const token of [guess, 'short', '%00abc', 'x'.repeat(200), '..%2F..%2Fetc']) {
      const res = await publicGet(`/api/reports/${token}/overview`);
      // 404 for a well-formed guess, 400 or 414 from the input guard for the rest: never a 5xx, never data.
      expect([400, 404, 414]).toContain(res.statusCode);
      expect(res.body).not.toContain('cards');
    }
    const res = await publicGet(`/api/reports/${guess}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(REPORT_MESSAGES.notFound);
  });

  it("shows a workspace's logo only when the image is in the value itself, never an address to fetch", async () => {
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const link = (await share(ada)).json<CreatedReportLink>();
    const brandOf = async () => (await publicGet(`/api/reports/${tokenOf(link)}`)).json().workspace;
    try {
      await t.db.update(workspaces).set({ logo }).where(eq(workspaces.id, ada.workspaceId));
      expect((await brandOf()).logoUrl).toBe(logo);
      // The server's Chromium prints this page: it must not be sent to an address a workspace chose.
      for (const address of [
        'http://169.254.169.254/latest/meta-data',
        'https://example.com/logo.png',
        'data:text/html,<b>x</b>',
      ]) {
        await t.db.update(workspaces).set({ logo: address }).where(eq(workspaces.id, ada.workspaceId));
        expect((await brandOf()).logoUrl).toBeNull();
      }
    } finally {
      await t.db.update(workspaces).set({ logo: null }).where(eq(workspaces.id, ada.workspaceId));
    }
  });

  it('refuses a "Prepared for" line that is too long or more than one line, before printing anything', async () => {
    for (const client of ['x'.repeat(101), 'Acme\nInjected', 'Acme\u0007']) {
      const res = await ada.get(`/api/analytics/report.pdf?range=7d&client=${encodeURIComponent(client)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REPORT_MESSAGES.clientInvalid);
    }
    // A NUL is refused before any route, with the server's own message.
    expect((await ada.get('/api/analytics/report.pdf?range=7d&client=Acme%00')).statusCode).toBe(400);
    expect(
      await t.db.select().from(analyticsReportLinks).where(eq(analyticsReportLinks.purpose, 'print')),
    ).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    const badExpiry = await share(ada, { filters: MARCH, expiresInDays: 3 });
    expect(badExpiry.statusCode).toBe(400);
    expect(badExpiry.body).toContain(REPORT_MESSAGES.expiryChoice);
    const reversed = await share(ada, {
      filters: { range: 'custom', from: '2026-03-31', to: '2026-03-01' },
    });
    expect(reversed.statusCode).toBe(400);
    const noDates = await share(ada, { filters: { range: 'custom' } });
    expect(noDates.statusCode).toBe(400);
    const hugeAccounts = await share(ada, { filters: { range: '7d', accounts: 'a'.repeat(5000) } });
    expect(hugeAccounts.statusCode).toBe(400);
  });

  it("keeps another workspace's links out of reach: revoke is a 404, lists are separate", async () => {
    const link = (await share(ada)).json<CreatedReportLink>();
    const attempt = await bob.send('DELETE', `/api/analytics/report-links/${link.id}`);
    expect(attempt.statusCode).toBe(404);
    expect((await bob.get('/api/analytics/report-links')).json().links).toEqual([]);
    expect((await publicGet(`/api/reports/${tokenOf(link)}`)).statusCode).toBe(200);
  });

  it('lets only owners and admins create and revoke; members see the list', async () => {
    const link = (await share(ada)).json<CreatedReportLink>();
    await t.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(eq(workspaceMembers.userId, bob.userId));
    const list = await bob.get('/api/analytics/report-links');
    expect(list.json().canManage).toBe(false);
    const refused = await share(bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: REPORT_MESSAGES.adminOnly });
    const revoke = await bob.send('DELETE', `/api/analytics/report-links/${link.id}`);
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json()).toMatchObject({ code: 'FORBIDDEN', message: REPORT_MESSAGES.adminOnly });
  });

  it('needs a session for everything but the public reads', async () => {
    expect((await publicGet('/api/analytics/report-links')).statusCode).toBe(401);
    expect((await publicGet('/api/analytics/report.pdf?range=7d')).statusCode).toBe(401);
  });
});

describe('PDF report', () => {
  it('answers 503 with the install advice when Chromium is missing', async () => {
    const noChromium = await createTestApp({ config: { chromiumPath: '/nonexistent/chromium' } });
    try {
      const member = await signInAsNewUser(noChromium, { name: 'Ada NoChromium' });
      const res = await member.get('/api/analytics/report.pdf?range=7d');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(REPORT_MESSAGES.pdfNeedsChromium);
      const [left] = await noChromium.db.select().from(analyticsReportLinks);
      expect(left).toBeUndefined();
    } finally {
      await noChromium.close();
    }
  });

  it('prints the report page with Chromium into a multi-page PDF', async () => {
    // A stand-in for the built web app: a page that reads the print link's overview like the real one does.
    const dist = mkdtempSync(path.join(tmpdir(), 'relaycast-report-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><body><main id="out"></main><script src="/report.js"></script></body></html>`,
    );
    writeFileSync(
      path.join(dist, 'report.js'),
      `const token = location.pathname.split('/').pop();
       Promise.all([fetch('/api/reports/' + token).then((r) => r.json()), fetch('/api/reports/' + token + '/overview').then((r) => r.json())]).then(([report, o]) => {
         const out = document.getElementById('out');
         const header = document.createElement('h1');
         header.textContent = report.workspace.name + ' prepared for ' + report.filters.client;
         out.append(header);
         for (let i = 0; i < 120; i++) {
           const p = document.createElement('p');
           p.textContent = 'Total followers ' + o.cards.totalFollowers.value + ' line ' + i;
           out.append(p);
         }
         out.setAttribute('data-report-ready', 'true');
       });`,
    );
    const web = await createTestApp({ config: { webDistDir: dist, chromiumPath: '/usr/bin/chromium' } });
    try {
      await web.app.listen({ host: '127.0.0.1', port: 0 });
      const member = await signInAsNewUser(web, { name: 'Ada Pdf' });
      await web.db
        .update(workspaces)
        .set({ name: 'Northwind Social' })
        .where(eq(workspaces.id, member.workspaceId));
      const res = await member.get(
        `/api/analytics/report.pdf?range=7d&client=${encodeURIComponent('Café Zoë')}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="relaycast-analytics-.+\.pdf"$/,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = res.rawPayload.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
      expect(pages.length).toBeGreaterThan(1);
      // The page read whose report it is and who it is for from the print link, not from its address.
      expect(pdfText(res.rawPayload)).toContain('Northwind Social prepared for Café Zoë');
      // The print link is gone once printed.
      expect(await web.db.select().from(analyticsReportLinks)).toEqual([]);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  }, 90_000);
});

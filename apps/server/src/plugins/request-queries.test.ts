import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../test/auth-requests';
import { readsWhileKept } from '../../test/kept-reads';
import { createQueryLoggedApp, type QueryLog } from '../../test/query-log';
import type { TestApp } from '../../test/test-app';
import { notifications, postMedia, posts, postTargets, sessions } from '../db/schema/index';
import { tableWrites } from '../db/table-writes';
import { SESSION_TABLES } from '../modules/auth/session-lookup';
import { insertMedia } from '../modules/posts/posts.test-support';

/**
 * The quick performance check of `npm test` (docs/decisions/0017-request-path-performance.md): statements per
 * API call, which a noisy machine cannot blur. An extra lookup per request or an N+1 in the calendar fails here.
 */

let t: TestApp & { queries: QueryLog };
beforeAll(async () => {
  t = await createQueryLoggedApp();
});
afterAll(() => t.close());

/** The per-request session statement (kept between requests on PGlite, so counted apart). */
const SESSION_READ = /^select "sessions"\."expires_at"/;

const RANGE = { from: '2026-03-01T00:00:00.000Z', to: '2026-03-22T00:00:00.000Z' };
const rangeUrl = `/api/posts?from=${encodeURIComponent(RANGE.from)}&to=${encodeURIComponent(RANGE.to)}`;

/** `count` scheduled posts inside RANGE, each with an image and a target per platform, written directly. */
async function seedPosts(member: SignedInUser, count: number) {
  const mediaId = await insertMedia(t, member.workspaceId, {
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    sizeBytes: 1000,
  });
  const start = new Date(RANGE.from).getTime();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    workspaceId: member.workspaceId,
    authorId: member.userId,
    content: `Post ${i}`,
    platforms: ['mastodon', 'bluesky'],
    status: 'scheduled' as const,
    scheduledAt: new Date(start + (i + 1) * 3_600_000),
  }));
  await t.db.insert(posts).values(rows);
  await t.db.insert(postMedia).values(rows.map((row) => ({ postId: row.id, mediaId, position: 0 })));
  await t.db.insert(postTargets).values(
    rows.flatMap((row) =>
      row.platforms.map((platform) => ({
        id: randomUUID(),
        workspaceId: member.workspaceId,
        postId: row.id,
        platform,
        status: 'needs_account' as const,
        dueAt: row.scheduledAt,
      })),
    ),
  );
}

async function statementsOf(member: SignedInUser, url: string) {
  let status = 0;
  const statements = await t.queries.during(async () => {
    status = (await member.get(url)).statusCode;
  });
  expect(status, url).toBe(200);
  return statements;
}

describe('statements per API request', () => {
  it('lists the notifications and counts the unread ones in one statement', async () => {
    const ada = await signInAsNewUser(t, { name: 'Notified' });
    await t.db.insert(notifications).values(
      [null, new Date()].map((readAt, i) => ({
        id: randomUUID(),
        userId: ada.userId,
        workspaceId: ada.workspaceId,
        kind: 'post_failed',
        title: `Note ${i}`,
        body: '',
        readAt,
      })),
    );
    let body: { unreadCount?: number; notifications?: unknown[] } = {};
    const statements = await t.queries.during(async () => {
      body = (await ada.get('/api/notifications')).json();
    });
    expect(statements.filter((statement) => !SESSION_READ.test(statement))).toHaveLength(1);
    expect(body.notifications).toHaveLength(2);
    expect(body.unreadCount).toBe(1);
  });

  it('finds the session, its user and the workspace in one statement', async () => {
    const ada = await signInAsNewUser(t);
    const statements = await statementsOf(ada, '/api/workspaces/current');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "sessions"/);
    // The answer is kept until a session, user, workspace or membership is written (db/table-writes.ts): the
    // next request reads nothing. On PostgreSQL, once the process is known to hear the other processes' writes.
    const again = await readsWhileKept(tableWrites(t.db, SESSION_TABLES), () =>
      statementsOf(ada, '/api/workspaces/current'),
    );
    expect(again).toHaveLength(0);
  });

  it('answers the profile with one statement more than the session lookup', async () => {
    const ada = await signInAsNewUser(t);
    const statements = await statementsOf(ada, '/api/me');
    expect(statements.filter((statement) => !SESSION_READ.test(statement))).toHaveLength(1);
  });

  it('reads the calendar range in the same number of statements for 3 posts and for 150', async () => {
    const few = await signInAsNewUser(t, { name: 'Few Posts' });
    const many = await signInAsNewUser(t, { name: 'Many Posts' });
    await seedPosts(few, 3);
    await seedPosts(many, 150);
    const fewStatements = await statementsOf(few, rangeUrl);
    const manyStatements = await statementsOf(many, rangeUrl);
    const manyBody = (await many.get(rangeUrl)).json();
    expect(manyBody.posts).toHaveLength(150);
    expect(manyBody.posts[149].media).toHaveLength(1);
    expect(manyBody.posts[149].targets).toHaveLength(2);
    expect(manyBody.posts[149].targets[0]).toMatchObject({
      platform: 'bluesky',
      status: 'needs_account',
      accountId: null,
      accountHandle: null,
      attempts: 0,
      dueAt: manyBody.posts[149].scheduledAt,
      publishedAt: null,
    });
    // the session, then the posts with their media and targets in one statement
    expect(fewStatements).toHaveLength(2);
    expect(manyStatements).toHaveLength(fewStatements.length);
  });

  it('saves a post without labels with no statement for them: two more to create with labels, three to edit', async () => {
    const ada = await signInAsNewUser(t, { name: 'Label Counter' });
    const label = (await ada.send('POST', '/api/labels', { name: 'Counted' })).json() as { id: string };
    const draft = (content: string, labelIds?: string[]) => ({
      content,
      platforms: ['mastodon'],
      action: 'draft',
      ...(labelIds ? { labelIds } : {}),
    });
    const count = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
      let status = 0;
      const run = await t.queries.during(async () => {
        status = (await ada.send(method, url, body)).statusCode;
      });
      expect(status, url).toBeLessThan(300);
      return run.length;
    };
    const plain = await count('POST', '/api/posts', draft('Plain'));
    // docs/decisions/0112-post-labels.md: one read of the named labels and one insert.
    expect(await count('POST', '/api/posts', draft('Labelled', [label.id]))).toBe(plain + 2);
    const post = (await ada.send('POST', '/api/posts', draft('To edit'))).json() as { id: string };
    const edit = await count('PUT', `/api/posts/${post.id}`, draft('Edited'));
    // The same edit with a label set: the post's labels deleted, the named ones read, then inserted.
    expect(await count('PUT', `/api/posts/${post.id}`, draft('Edited again', [label.id]))).toBe(edit + 3);
  });
});

describe('the fast session lookup', () => {
  it('refuses a session cookie whose signature was altered, without a query', async () => {
    const ada = await signInAsNewUser(t);
    const [name, value] = ada.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf('.');
    // Another first character of the signature: still well-formed, no longer the server's.
    const altered = decoded[dot + 1] === 'A' ? 'B' : 'A';
    const forged = `${name}=${encodeURIComponent(`${decoded.slice(0, dot + 1)}${altered}${decoded.slice(dot + 2)}`)}`;
    const statements = await t.queries.during(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: forged } });
      expect(res.statusCode).toBe(401);
    });
    expect(statements).toHaveLength(0);
  });

  it('hands a session due for its daily extension to Better Auth, which extends it', async () => {
    const ada = await signInAsNewUser(t);
    const token = decodeURIComponent(ada.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    // Extended two days ago: past the one-day update age.
    const twoDaysOld = new Date(Date.now() + 28 * 24 * 3_600_000);
    await t.db.update(sessions).set({ expiresAt: twoDaysOld }).where(eq(sessions.token, token));
    const res = await ada.get('/api/workspaces/current');
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(ada.workspaceId);
    const [row] = await t.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);
  });

  it('refuses an expired session', async () => {
    const ada = await signInAsNewUser(t);
    const token = decodeURIComponent(ada.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect((await ada.get('/api/me')).statusCode).toBe(401);
  });
});

describe('statements per save', () => {
  const post = (content: string, scheduledAt: string) => ({
    content,
    platforms: ['mastodon', 'bluesky', 'threads'],
    action: 'schedule',
    scheduledAt,
    timezone: 'UTC',
  });

  it('moves a post’s pending targets in one statement, however many there are', async () => {
    const ada = await signInAsNewUser(t, { name: 'Many Targets' });
    const created = await ada.send('POST', '/api/posts', post('Hello', '2027-03-01T10:00:00.000Z'));
    expect(created.statusCode).toBe(201);
    let status = 0;
    const statements = await t.queries.during(async () => {
      const edited = await ada.send(
        'PUT',
        `/api/posts/${created.json().id}`,
        post('Hello again', '2027-03-01T11:00:00.000Z'),
      );
      status = edited.statusCode;
    });
    expect(status).toBe(200);
    const targetWrites = statements.filter((statement) =>
      /^update "?post_targets"? set "?status/.test(statement),
    );
    expect(targetWrites).toHaveLength(1);
    const targets = await t.db
      .select({ dueAt: postTargets.dueAt, status: postTargets.status })
      .from(postTargets)
      .where(eq(postTargets.postId, created.json().id));
    expect(targets).toHaveLength(3);
    for (const target of targets) {
      expect(target.dueAt?.toISOString()).toBe('2027-03-01T11:00:00.000Z');
      expect(target.status).toBe('needs_account');
    }
  });

  it('creates a post without links in 5 statements, edits it in 9 and moves it in 7 (the session read aside)', async () => {
    const ada = await signInAsNewUser(t, { name: 'Save Count' });
    const body = (content: string, scheduledAt: string) => ({
      ...post(content, scheduledAt),
      timezone: 'Europe/Paris',
    });
    let id = '';
    const created = await t.queries.during(async () => {
      const response = await ada.send('POST', '/api/posts', body('Hello', '2027-03-01T10:00:00.000Z'));
      expect(response.statusCode).toBe(201);
      id = response.json().id;
    });
    const edited = await t.queries.during(async () => {
      const response = await ada.send(
        'PUT',
        `/api/posts/${id}`,
        body('Hello again', '2027-03-01T11:00:00.000Z'),
      );
      expect(response.statusCode).toBe(200);
    });
    const moved = await t.queries.during(async () => {
      const response = await ada.send('PATCH', `/api/posts/${id}/schedule`, {
        scheduledAt: '2027-03-02T10:00:00.000Z',
      });
      expect(response.statusCode).toBe(200);
    });
    // Without BEGIN and COMMIT, which the PostgreSQL driver reports and PGlite's does not, and the session read.
    const counted = (save: string[]) =>
      save.filter((statement) => !/^(begin|commit)\b/i.test(statement) && !SESSION_READ.test(statement))
        .length;
    expect([counted(created), counted(edited), counted(moved)]).toEqual([5, 9, 7]);
    // No address to shorten in the texts: the short-link settings are not read (the count is the same either way).
    for (const save of [created, edited, moved]) {
      expect(save.filter((statement) => /short_link_settings/.test(statement))).toHaveLength(0);
    }
    // The targets and the accounts in one read; no job per target (the due-target pump finds them, decision 0121).
    for (const save of [edited, moved]) {
      expect(
        save.filter((statement) => /"social_accounts" a where a.workspace_id/.test(statement)),
      ).toHaveLength(1);
      expect(save.filter((statement) => /^select [^;]* from "post_targets"/.test(statement))).toHaveLength(0);
      expect(save.filter((statement) => /set job_id/.test(statement))).toHaveLength(0);
    }
    // The stored alt texts are read once per edit.
    expect(
      edited.filter((statement) => /from "post_media"/.test(statement) && /^select/.test(statement)),
    ).toHaveLength(1);
    const targets = await t.db
      .select({ jobId: postTargets.jobId })
      .from(postTargets)
      .where(eq(postTargets.postId, id));
    expect(targets).toHaveLength(3);
    for (const target of targets) expect(target.jobId).toBeNull();
  });

  it('reads the short-link choice, the media with their alt text and the part media once each per save', async () => {
    const ada = await signInAsNewUser(t, { name: 'Few Reads' });
    const mediaId = await insertMedia(t, ada.workspaceId, {
      name: 'a.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
    });
    const body = {
      // An address to shorten: the save reads the workspace's mode and the post's choice.
      content: 'One https://example.com/harbour',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: '2027-03-01T10:00:00.000Z',
      timezone: 'UTC',
      mediaIds: [mediaId],
      altTexts: { [mediaId]: 'A harbour' },
      threadParts: ['Two'],
    };
    const created = await ada.send('POST', '/api/posts', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const during = async (run: () => Promise<{ statusCode: number }>) => {
      let status = 0;
      const statements = await t.queries.during(async () => {
        status = (await run()).statusCode;
      });
      expect(status).toBe(200);
      return (pattern: RegExp) => statements.filter((statement) => pattern.test(statement)).length;
    };
    const moved = await during(() =>
      ada.send('PATCH', `/api/posts/${id}/schedule`, { scheduledAt: '2027-03-02T10:00:00.000Z' }),
    );
    // The save's own read (the workspace's mode with the post's stored choice); the click journal's timer may
    // write short_link_* tables in the same window on a busy machine, so only this table is counted.
    expect(moved(/short_link_settings/)).toBe(1);
    // The files and their alt texts in one read (the post_media rows are not read again for the alt texts).
    expect(moved(/^select [^;]*"alt_text"[^;]* from "post_media"/)).toBe(1);
    // The alt texts left out: each file keeps its stored one.
    const { altTexts: _altTexts, ...withoutAltTexts } = body;
    const edited = await during(() =>
      ada.send('PUT', `/api/posts/${id}`, { ...withoutAltTexts, content: 'One again https://example.com/a' }),
    );
    expect(edited(/short_link_settings/)).toBe(1);
    expect(edited(/^select [^;]* from "post_thread_media"/)).toBe(1);
    const stored = await ada.get(`/api/posts/${id}`);
    expect(stored.json().media.map((item: { altText?: string }) => item.altText)).toEqual(['A harbour']);
  });
});

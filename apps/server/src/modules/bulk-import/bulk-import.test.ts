/**
 * Bulk import through the routes (docs/bulk-import.md): the preview saves nothing, the import lands whole or not
 * at all, the same file twice is noticed, another workspace's accounts and files are unknown, roles apply.
 */
import { randomUUID } from 'node:crypto';
import { BULK_IMPORT_MESSAGES } from '@relaycast/shared/bulk-import';
import { ERRORS } from '@relaycast/shared/errors';
import type { PlatformId } from '@relaycast/shared/platforms';
import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { forbiddenMessage } from '@relaycast/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { bulkImports, posts, socialAccounts } from '../../db/schema/index';
import { encryptSecret } from '../../lib/secrets';
import { joined } from '../approvals/approvals.test-support';
import { insertMedia } from '../posts/posts.test-support';

const s = useTestApp({ olive: 'Olive Owner', bob: 'Bob Elsewhere' });
let contributor: SignedInUser;
let viewer: SignedInUser;

async function addAccount(workspaceId: string, platform: PlatformId, handle: string): Promise<string> {
  const id = randomUUID();
  await s.t.db.insert(socialAccounts).values({
    id,
    workspaceId,
    platform,
    platformAccountId: `acct-${id.slice(0, 8)}`,
    handle,
    status: 'connected',
    accessTokenEncrypted: encryptSecret('token', s.t.config.appSecret),
  });
  return id;
}

beforeAll(async () => {
  await addAccount(s.olive.workspaceId, 'mastodon', '@olive@example.social');
  await addAccount(s.olive.workspaceId, 'bluesky', 'olive.bsky.social');
  await addAccount(s.bob.workspaceId, 'bluesky', 'bob.bsky.social');
  await insertMedia(s.t, s.olive.workspaceId, {
    name: 'spring.jpg',
    mimeType: 'image/jpeg',
    sizeBytes: 1000,
  });
  contributor = await joined({ t: s.t, owner: s.olive }, 'contributor', 'Cora Contributor');
  viewer = await joined({ t: s.t, owner: s.olive }, 'viewer', 'Vic Viewer');
}, 60_000);

const year = new Date().getUTCFullYear() + 1;
const csvOf = (...lines: string[]) => ['text,date,time,timezone,accounts,media', ...lines].join('\n');
const GOOD_AND_BAD = csvOf(
  `Spring is here,${year}-03-02,09:30,Europe/Paris,mastodon,spring.jpg`,
  `Past post,2020-01-01,09:30,,mastodon,`,
  `Queued one,,,,bluesky,`,
  `Queued two,,,,bluesky;@olive@example.social,`,
  `Unknown account,${year}-03-02,10:00,,@nobody,`,
);

const preview = (who: SignedInUser, body: Record<string, unknown>) =>
  who.send('POST', '/api/bulk-import/preview', { timeZone: 'Europe/Paris', ...body });
const importAs = (who: SignedInUser, body: Record<string, unknown>) =>
  who.send('POST', '/api/bulk-import', { timeZone: 'Europe/Paris', ...body });

async function postsOf(workspaceId: string) {
  return s.t.db.select().from(posts).where(eq(posts.workspaceId, workspaceId));
}

describe('POST /api/bulk-import/preview', () => {
  it('lists every row with its exact problems and saves nothing', async () => {
    const res = await preview(s.olive, { csv: GOOD_AND_BAD });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.alreadyImported).toBe(false);
    expect(body.rows.map((row: { line: number; problems: string[] }) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, [POST_MESSAGES.scheduleInPast]],
      [4, []],
      [5, []],
      [6, [BULK_IMPORT_MESSAGES.unknownAccount('@nobody')]],
    ]);
    expect(body.rows[0].scheduledAt).toBe(`${year}-03-02T08:30:00.000Z`);
    expect(await postsOf(s.olive.workspaceId)).toEqual([]);
  });

  it('answers a clear message for a file it cannot use, never a 500', async () => {
    const noText = await preview(s.olive, { csv: 'body\nhello' });
    expect(noText.statusCode).toBe(200);
    expect(noText.json().problems[0]).toBe(BULK_IMPORT_MESSAGES.noTextColumn);
    const huge = await preview(s.olive, { csv: `text\n${'a'.repeat(2 * 1024 * 1024 + 10)}` });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().problems).toEqual([BULK_IMPORT_MESSAGES.tooLarge]);
    const notText = await preview(s.olive, { csv: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().code).toBe('VALIDATION_ERROR');
  });

  it("does not know another workspace's accounts or files", async () => {
    const res = await preview(s.bob, {
      csv: csvOf(`Hi,${year}-03-02,09:30,,olive.bsky.social;bob.bsky.social,spring.jpg`),
    });
    expect(res.json().rows[0].problems).toEqual([
      BULK_IMPORT_MESSAGES.unknownAccount('olive.bsky.social'),
      BULK_IMPORT_MESSAGES.unknownMedia('spring.jpg'),
    ]);
    const imported = await importAs(s.bob, {
      csv: csvOf(`Hi,${year}-03-02,09:30,,olive.bsky.social,`),
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toBe(BULK_IMPORT_MESSAGES.nothingToImport);
    expect(await postsOf(s.olive.workspaceId)).toEqual([]);
  });
});

describe('POST /api/bulk-import', () => {
  it('lands whole or not at all', async () => {
    await s.t.db.execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.content = 'Boom' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await s.t.db.execute(
      sql.raw(
        'create trigger refuse_boom before insert on posts for each row execute function refuse_boom()',
      ),
    );
    const csv = csvOf(`First,${year}-04-01,09:00,,mastodon,`, `Boom,${year}-04-02,09:00,,mastodon,`);
    const res = await importAs(s.olive, { csv });
    expect(res.statusCode).toBe(500);
    await s.t.db.execute(sql.raw('drop trigger refuse_boom on posts'));
    await s.t.db.execute(sql.raw('drop function refuse_boom()'));
    expect(await postsOf(s.olive.workspaceId)).toEqual([]);
    expect(await s.t.db.select().from(bulkImports)).toEqual([]);
  });

  it('imports the good rows as scheduled posts, queued rows on distinct slots, and skips the bad ones', async () => {
    const res = await importAs(s.olive, { csv: GOOD_AND_BAD });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result.skippedLines).toEqual([3, 6]);
    expect(result.postIds).toHaveLength(3);
    const made: Post[] = await Promise.all(
      result.postIds.map(async (id: string) => (await s.olive.get(`/api/posts/${id}`)).json()),
    );
    expect(made.map((post) => post.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    expect(made[0]?.scheduledAt).toBe(`${year}-03-02T08:30:00.000Z`);
    expect(made[0]?.media.map((file) => file.name)).toEqual(['spring.jpg']);
    expect(made[2]?.targets.map((target) => target.platform).sort()).toEqual(['bluesky', 'mastodon']);
    expect(new Set(made.map((post) => post.scheduledAt)).size).toBe(3);
  });

  it('imports each file’s alt text and the first comment with the post', async () => {
    const csv = [
      'text,accounts,media,alt text,first comment,date,time',
      `"Described, with a comment",mastodon,spring.jpg,"Blossom on a branch","More in the thread",${year}-04-02,09:30`,
    ].join('\n');
    const res = await importAs(s.olive, { csv, mode: 'drafts' });
    expect(res.statusCode, res.body).toBe(201);
    const [id] = res.json().postIds as string[];
    const post = (await s.olive.get(`/api/posts/${id}`)).json() as Post;
    expect(post.media.map((file) => [file.name, file.altText])).toEqual([
      ['spring.jpg', 'Blossom on a branch'],
    ]);
    expect(post.firstComment).toBe('More in the thread');
  });

  it('notices the same file twice: 409 unless confirmed', async () => {
    expect((await preview(s.olive, { csv: GOOD_AND_BAD })).json().alreadyImported).toBe(true);
    const again = await importAs(s.olive, { csv: GOOD_AND_BAD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'BULK_IMPORT_REPEATED_FILE',
      message: ERRORS.BULK_IMPORT_REPEATED_FILE.message,
    });
    // Confirmed, as scheduled posts: the repeat guard now refuses every row (the same text is planned).
    const guarded = await importAs(s.olive, { csv: GOOD_AND_BAD, confirmRepeatedFile: true });
    expect(guarded.statusCode).toBe(400);
    const rows = (await preview(s.olive, { csv: GOOD_AND_BAD })).json().rows;
    expect(rows[0].problems).toEqual([BULK_IMPORT_MESSAGES.repeatOfPost('@olive@example.social')]);
    expect(rows[2].problems).toEqual([BULK_IMPORT_MESSAGES.repeatOfPost('olive.bsky.social')]);
    const drafts = await importAs(s.olive, { csv: GOOD_AND_BAD, mode: 'drafts', confirmRepeatedFile: true });
    expect(drafts.statusCode, drafts.body).toBe(201);
    expect(drafts.json().postIds).toHaveLength(4);
  });

  it("sends a contributor's rows to approval and refuses a viewer", async () => {
    const csv = csvOf(`From Cora,${year}-05-01,09:00,,mastodon,`);
    const res = await importAs(contributor, { csv });
    expect(res.statusCode, res.body).toBe(201);
    const post: Post = (await contributor.get(`/api/posts/${res.json().postIds[0]}`)).json();
    expect(post.status).toBe('awaiting_approval');
    const refused = await importAs(viewer, { csv: csvOf(`From Vic,${year}-05-01,09:00,,mastodon,`) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('viewer', 'write'));
    expect((await preview(viewer, { csv })).statusCode).toBe(403);
  });
});

describe('/api/v1/bulk-import', () => {
  it('imports with a read-and-write API key and refuses a read-only one', async () => {
    const keyOf = async (scopes: string[]) => {
      const res = await s.olive.send('POST', '/api/api-keys', { name: `Import ${scopes}`, scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().secret as string;
    };
    const withKey = (secret: string, url: string, body: unknown) =>
      s.t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const csv = csvOf(`From the API,${year}-06-01,09:00,UTC,mastodon,`);
    const readOnly = await withKey(await keyOf(['read']), '/api/v1/bulk-import', { csv });
    expect(readOnly.statusCode).toBe(403);
    const secret = await keyOf(['read', 'write']);
    const checked = await withKey(secret, '/api/v1/bulk-import/preview', { csv });
    expect(checked.json().rows[0].problems).toEqual([]);
    const res = await withKey(secret, '/api/v1/bulk-import', { csv });
    expect(res.statusCode, res.body).toBe(201);
    const post: Post = (await s.olive.get(`/api/posts/${res.json().postIds[0]}`)).json();
    expect(post).toMatchObject({ status: 'scheduled', scheduledAt: `${year}-06-01T09:00:00.000Z` });
  });
});

/**
 * A bulk import's `labels` and `link` columns (docs/bulk-import.md, docs/labels.md): labels matched whatever
 * their case, new ones created in the import's transaction (none when it fails), the workspace's limit checked
 * in the preview; the link put on its own line of the post's text, a bad one refused with its message.
 */
import { randomUUID } from 'node:crypto';
import { BULK_IMPORT_MESSAGES } from '@relaycast/shared/bulk-import';
import { LABEL_LIMITS, type Label } from '@relaycast/shared/labels';
import type { Post } from '@relaycast/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { labels, socialAccounts } from '../../db/schema/index';
import { encryptSecret } from '../../lib/secrets';

const s = useTestApp({ olive: 'Olive Owner', bob: 'Bob Elsewhere' });
let launch: Label;

beforeAll(async () => {
  for (const who of [s.olive, s.bob]) {
    const id = randomUUID();
    await s.t.db.insert(socialAccounts).values({
      id,
      workspaceId: who.workspaceId,
      platform: 'mastodon',
      platformAccountId: `acct-${id.slice(0, 8)}`,
      handle: `@${who === s.olive ? 'olive' : 'bob'}@example.social`,
      status: 'connected',
      accessTokenEncrypted: encryptSecret('token', s.t.config.appSecret),
    });
  }
  launch = (await s.olive.send('POST', '/api/labels', { name: 'Launch', color: 'green' })).json();
}, 60_000);

const year = new Date().getUTCFullYear() + 1;
const csvOf = (...lines: string[]) => ['text,link,date,time,accounts,labels', ...lines].join('\n');
const send = (who: SignedInUser, path: string, csv: string) =>
  who.send('POST', path, { timeZone: 'UTC', csv });
const labelsOf = async (workspaceId: string) =>
  (await s.t.db.select().from(labels).where(eq(labels.workspaceId, workspaceId)))
    .map((row) => row.name)
    .sort();

describe('the labels and link columns', () => {
  it('preview: the link joins the text on its own line, labels are listed, a bad link is refused, nothing saved', async () => {
    const csv = csvOf(
      `Spring is here,https://example.com/spring,${year}-03-02,09:30,mastodon,launch;Spring`,
      `Read https://example.com/a,https://example.com/a,${year}-03-03,09:30,mastodon,`,
      `Bad link,example.com/spring,${year}-03-04,09:30,mastodon,Spring`,
    );
    const res = await send(s.olive, '/api/bulk-import/preview', csv);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows[0]).toMatchObject({
      content: 'Spring is here\nhttps://example.com/spring',
      link: 'https://example.com/spring',
      labels: ['launch', 'Spring'],
      problems: [],
      notes: [],
    });
    expect(rows[1]).toMatchObject({ content: 'Read https://example.com/a', problems: [] });
    expect(rows[2].problems).toEqual([BULK_IMPORT_MESSAGES.badLink('example.com/spring')]);
    expect(await labelsOf(s.olive.workspaceId)).toEqual(['Launch']);
  });

  it('import: matches labels whatever the case, creates each new one once, and the posts carry them', async () => {
    const csv = csvOf(
      `First,https://example.com/one,${year}-05-01,09:00,mastodon,LAUNCH;Summer`,
      `Second,,${year}-05-02,09:00,mastodon,summer`,
      `Third,not a link,${year}-05-03,09:00,mastodon,Never`,
    );
    const res = await send(s.olive, '/api/bulk-import', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().skippedLines).toEqual([4]);
    expect(await labelsOf(s.olive.workspaceId)).toEqual(['Launch', 'Summer']);
    const [first, second] = await Promise.all(
      (res.json().postIds as string[]).map(
        async (id) => (await s.olive.get(`/api/posts/${id}`)).json() as Post,
      ),
    );
    expect(first?.content).toBe('First\nhttps://example.com/one');
    expect(first?.labels?.map((item) => item.name)).toEqual(['Launch', 'Summer']);
    expect(first?.labels?.[0]).toEqual(launch);
    expect(second?.labels?.map((item) => item.name)).toEqual(['Summer']);
  });

  it('creates no label when the import fails: it lands whole or not at all', async () => {
    await s.t.db.execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.content = 'Boom' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await s.t.db.execute(
      sql.raw(
        'create trigger refuse_boom before insert on posts for each row execute function refuse_boom()',
      ),
    );
    const csv = csvOf(
      `Fine,,${year}-06-01,09:00,mastodon,Autumn`,
      `Boom,,${year}-06-02,09:00,mastodon,Winter`,
    );
    const res = await send(s.olive, '/api/bulk-import', csv);
    await s.t.db.execute(sql.raw('drop trigger refuse_boom on posts'));
    await s.t.db.execute(sql.raw('drop function refuse_boom()'));
    expect(res.statusCode).toBe(500);
    expect(await labelsOf(s.olive.workspaceId)).toEqual(['Launch', 'Summer']);
  });

  it('refuses in the preview the row whose new label would pass the workspace’s limit', async () => {
    const have = (await labelsOf(s.bob.workspaceId)).length;
    await s.t.db.insert(labels).values(
      Array.from({ length: LABEL_LIMITS.maxLabels - 1 - have }, (_, n) => ({
        id: randomUUID(),
        workspaceId: s.bob.workspaceId,
        name: `Old ${n}`,
        color: 'gray' as const,
      })),
    );
    const csv = csvOf(
      `One,,${year}-07-01,09:00,mastodon,Launch`,
      `Two,,${year}-07-02,09:00,mastodon,launch;old 3`,
      `Three,,${year}-07-03,09:00,mastodon,Extra`,
    );
    const res = await send(s.bob, '/api/bulk-import/preview', csv);
    expect(res.json().rows.map((row: { problems: string[] }) => row.problems)).toEqual([
      [],
      [],
      [BULK_IMPORT_MESSAGES.labelLimitReached('Extra', LABEL_LIMITS.maxLabels)],
    ]);
    // Bob's "Launch" is his own new label: Olive's is neither used nor changed.
    const imported = await send(s.bob, '/api/bulk-import', csv);
    expect(imported.statusCode, imported.body).toBe(201);
    const bobs = await s.t.db.select().from(labels).where(eq(labels.workspaceId, s.bob.workspaceId));
    expect(bobs).toHaveLength(LABEL_LIMITS.maxLabels);
    expect(bobs.find((row) => row.name === 'Launch')?.id).not.toBe(launch.id);
    const [post] = (imported.json().postIds as string[]).slice(0, 1);
    expect((await s.bob.get(`/api/posts/${post}`)).json().labels.map((item: Label) => item.name)).toEqual([
      'Launch',
    ]);
  });
});

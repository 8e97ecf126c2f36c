import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  COMPOSER_LIBRARY_LIMITS,
  COMPOSER_LIBRARY_MESSAGES,
  type SignatureList,
  type Template,
} from '@relaycast/shared/composer-library';
import { POST_MESSAGES } from '@relaycast/shared/posts';
import { forbiddenMessage } from '@relaycast/shared/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { composerSignatures, composerTemplates } from '../../db/schema/index';
import { joined } from '../approvals/approvals.test-support';
import { uploadFile } from '../media/media.test-support';
import { insertAccount } from '../publishing/publishing.test-support';

/** The composer library (docs/composer-library.md): CRUD, limits, isolation between workspaces and roles. */

const s = useTestApp({ ada: 'Ada', eve: 'Eve' });
const M = COMPOSER_LIBRARY_MESSAGES;
const BASE = '/api/composer-library';
let png: Buffer;
let contributor: SignedInUser;
let viewer: SignedInUser;

beforeAll(async () => {
  png = execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'color=c=red:s=32x32'],
    ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
  ]);
  contributor = await joined({ t: s.t, owner: s.ada }, 'contributor', 'Cora');
  viewer = await joined({ t: s.t, owner: s.ada }, 'viewer', 'Vic');
}, 60_000);

async function uploadPng(user: SignedInUser): Promise<string> {
  const response = await uploadFile(s.t.app, user.cookie, 'pic.png', png);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const signatures = async (user: SignedInUser) =>
  ((await user.get(`${BASE}/signatures`)).json() as SignatureList).signatures;

describe('signatures', () => {
  it('creates, lists, updates and deletes a signature', async () => {
    const created = await s.ada.send('POST', `${BASE}/signatures`, { name: ' Sign-off ', text: '— Ada' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Sign-off', text: '— Ada', isAutoAppend: false });
    const id = created.json().id as string;
    const updated = await s.ada.send('PUT', `${BASE}/signatures/${id}`, { name: 'Short', text: '-A' });
    expect(updated.json()).toMatchObject({ name: 'Short', text: '-A' });
    expect((await signatures(s.ada)).map((x) => x.id)).toContain(id);
    expect((await s.ada.send('DELETE', `${BASE}/signatures/${id}`)).statusCode).toBe(204);
    expect((await signatures(s.ada)).map((x) => x.id)).not.toContain(id);
  });

  it('keeps one signature appended automatically per workspace', async () => {
    const first = (
      await s.ada.send('POST', `${BASE}/signatures`, { name: 'A', text: 'a', isAutoAppend: true })
    ).json();
    const second = (
      await s.ada.send('POST', `${BASE}/signatures`, { name: 'B', text: 'b', isAutoAppend: true })
    ).json();
    const auto = (await signatures(s.ada)).filter((x) => x.isAutoAppend).map((x) => x.id);
    expect(auto).toEqual([second.id]);
    await s.ada.send('PUT', `${BASE}/signatures/${first.id}`, { name: 'A', text: 'a', isAutoAppend: true });
    expect((await signatures(s.ada)).filter((x) => x.isAutoAppend).map((x) => x.id)).toEqual([first.id]);
  });

  it('refuses malformed bodies with clear messages and changes nothing', async () => {
    const before = (await signatures(s.ada)).length;
    const cases: [unknown, string][] = [
      [{ name: '', text: 'x' }, M.nameRequired],
      [{ name: 'x'.repeat(COMPOSER_LIBRARY_LIMITS.maxName + 1), text: 'x' }, M.nameTooLong],
      [{ name: 'x', text: '   ' }, M.signatureTextRequired],
      [{ name: 'x', text: 'y'.repeat(COMPOSER_LIBRARY_LIMITS.maxSignatureText + 1) }, M.signatureTextTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await s.ada.send('POST', `${BASE}/signatures`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(
      (await s.ada.send('POST', `${BASE}/signatures`, { name: 'x', text: 'y', extra: 1 })).statusCode,
    ).toBe(400);
    expect((await signatures(s.ada)).length).toBe(before);
  });

  it('stops at the limit per workspace', async () => {
    const have = (await signatures(s.eve)).length;
    const rows = Array.from({ length: COMPOSER_LIBRARY_LIMITS.maxSignatures - have }, (_, i) => ({
      id: randomUUID(),
      workspaceId: s.eve.workspaceId,
      name: `S${i}`,
      text: 'x',
    }));
    await s.t.db.insert(composerSignatures).values(rows);
    const refused = await s.eve.send('POST', `${BASE}/signatures`, { name: 'One more', text: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.tooManySignatures);
  });
});

describe('hashtag groups', () => {
  it('normalizes and deduplicates hashtags, updates and deletes', async () => {
    const created = await s.ada.send('POST', `${BASE}/hashtag-groups`, {
      name: 'Launch',
      hashtags: ['launch', '#Launch', '#launch', 'été_2026'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().hashtags).toEqual(['#launch', '#Launch', '#été_2026']);
    const id = created.json().id as string;
    const updated = await s.ada.send('PUT', `${BASE}/hashtag-groups/${id}`, { name: 'L', hashtags: ['a'] });
    expect(updated.json()).toMatchObject({ name: 'L', hashtags: ['#a'] });
    expect((await s.ada.send('DELETE', `${BASE}/hashtag-groups/${id}`)).statusCode).toBe(204);
  });

  it('refuses a group without hashtags or with a hashtag that is not one word', async () => {
    for (const [hashtags, message] of [
      [[], M.hashtagsRequired],
      [['two words'], M.hashtagInvalid],
      [['#'], M.hashtagInvalid],
      [Array.from({ length: COMPOSER_LIBRARY_LIMITS.maxHashtags + 1 }, (_, i) => `t${i}`), M.tooManyHashtags],
    ] as const) {
      const response = await s.ada.send('POST', `${BASE}/hashtag-groups`, { name: 'G', hashtags });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('templates', () => {
  it('saves the composer state and starts from it, leaving out deleted files and removed accounts', async () => {
    const kept = await uploadPng(s.ada);
    const deleted = await uploadPng(s.ada);
    const account = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    const created = await s.ada.send('POST', `${BASE}/templates`, {
      name: 'Weekly tip',
      state: {
        content: 'Tip of the week',
        platforms: ['mastodon', 'bluesky'],
        overrides: { bluesky: 'Short tip', twitter: 'not chosen' },
        accounts: { mastodon: [account, 'gone-account'] },
        mediaIds: [kept, deleted],
        shortLinks: { shorten: true, campaign: 'tips' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Weekly tip', excerpt: 'Tip of the week', mediaCount: 2 });
    const id = created.json().id as string;
    expect((await s.ada.send('DELETE', `/api/media/${deleted}`)).statusCode).toBe(204);

    const template = (await s.ada.get(`${BASE}/templates/${id}`)).json() as Template;
    expect(template.content).toBe('Tip of the week');
    expect(template.overrides).toEqual({ bluesky: 'Short tip' });
    expect(template.accounts).toEqual({ mastodon: [account] });
    expect(template.media.map((m) => m.id)).toEqual([kept]);
    expect(template.media[0]?.url).toBe(`/api/media/${kept}/file`);
    expect(template.droppedMediaCount).toBe(1);
    expect(template.shortLinks).toEqual({ shorten: true, campaign: 'tips' });
    const list = (await s.ada.get(`${BASE}/templates`)).json().templates as { id: string }[];
    expect(list.map((x) => x.id)).toContain(id);
  });

  it("refuses another workspace's files and unknown platforms", async () => {
    const eveFile = await uploadPng(s.eve);
    const foreign = await s.ada.send('POST', `${BASE}/templates`, {
      name: 'T',
      state: { content: 'x', mediaIds: [eveFile] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(POST_MESSAGES.mediaNotFound);
    const platform = await s.ada.send('POST', `${BASE}/templates`, {
      name: 'T',
      state: { content: 'x', platforms: ['myspace'] },
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().message).toContain(M.unknownPlatform);
    const noName = await s.ada.send('POST', `${BASE}/templates`, { state: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain(M.nameRequired);
  });

  it('stops at the limit per workspace', async () => {
    const have = (await s.eve.get(`${BASE}/templates`)).json().templates.length as number;
    const rows = Array.from({ length: COMPOSER_LIBRARY_LIMITS.maxTemplates - have }, (_, i) => ({
      id: randomUUID(),
      workspaceId: s.eve.workspaceId,
      name: `T${i}`,
      state: { content: '', platforms: [], overrides: {}, accounts: {}, mediaIds: [] },
    }));
    await s.t.db.insert(composerTemplates).values(rows);
    const refused = await s.eve.send('POST', `${BASE}/templates`, { name: 'One more', state: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.tooManyTemplates);
  });
});

describe('isolation and roles', () => {
  it("answers 404 for another workspace's ids and changes nothing", async () => {
    const sig = (await s.ada.send('POST', `${BASE}/signatures`, { name: 'Mine', text: 'mine' })).json();
    const group = (await s.ada.send('POST', `${BASE}/hashtag-groups`, { name: 'G', hashtags: ['a'] })).json();
    const tpl = (
      await s.ada.send('POST', `${BASE}/templates`, { name: 'T', state: { content: 'x' } })
    ).json();
    const attempts = [
      s.eve.send('PUT', `${BASE}/signatures/${sig.id}`, { name: 'Stolen', text: 'x', isAutoAppend: true }),
      s.eve.send('DELETE', `${BASE}/signatures/${sig.id}`),
      s.eve.send('PUT', `${BASE}/hashtag-groups/${group.id}`, { name: 'Stolen', hashtags: ['x'] }),
      s.eve.send('DELETE', `${BASE}/hashtag-groups/${group.id}`),
      s.eve.get(`${BASE}/templates/${tpl.id}`),
      s.eve.send('PUT', `${BASE}/templates/${tpl.id}`, { name: 'Stolen', state: {} }),
      s.eve.send('DELETE', `${BASE}/templates/${tpl.id}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    expect((await signatures(s.ada)).find((x) => x.id === sig.id)?.name).toBe('Mine');
    expect((await s.ada.get(`${BASE}/templates/${tpl.id}`)).json().name).toBe('T');
    expect((await s.eve.get(`${BASE}/hashtag-groups`)).json().hashtagGroups).toEqual([]);
  });

  it('lets a contributor write and a viewer only read', async () => {
    const made = await contributor.send('POST', `${BASE}/hashtag-groups`, { name: 'Cora', hashtags: ['c'] });
    expect(made.statusCode, made.body).toBe(201);
    const refused = await viewer.send('POST', `${BASE}/signatures`, { name: 'V', text: 'v' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('viewer', 'write'));
    const read = await viewer.get(`${BASE}/hashtag-groups`);
    expect(read.json().hashtagGroups.map((g: { name: string }) => g.name)).toContain('Cora');
  });

  it('refuses an id that is too long with 400', async () => {
    expect((await s.ada.get(`${BASE}/templates/${'x'.repeat(65)}`)).statusCode).toBe(400);
  });
});

/**
 * Post labels through the routes (docs/labels.md): create, list, rename, recolour, delete; the workspace's limit
 * and unique names whatever the case; another workspace's ids are unknown; roles apply.
 */
import { randomUUID } from 'node:crypto';
import { LABEL_LIMITS, LABEL_MESSAGES, type Label } from '@relaycast/shared/labels';
import { forbiddenMessage } from '@relaycast/shared/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { labels } from '../../db/schema/index';
import { joined } from '../approvals/approvals.test-support';

const s = useTestApp({ ada: 'Ada', eve: 'Eve' });
let contributor: SignedInUser;
let viewer: SignedInUser;

beforeAll(async () => {
  contributor = await joined({ t: s.t, owner: s.ada }, 'contributor', 'Cora');
  viewer = await joined({ t: s.t, owner: s.ada }, 'viewer', 'Vic');
}, 60_000);

const list = async (user: SignedInUser) => ((await user.get('/api/labels')).json().labels ?? []) as Label[];

describe('/api/labels', () => {
  it('creates, lists by name, renames, recolours and deletes a label', async () => {
    const created = await s.ada.send('POST', '/api/labels', { name: '  Spring   sale ', color: 'green' });
    expect(created.statusCode, created.body).toBe(201);
    const label = created.json() as Label;
    expect(label).toMatchObject({ name: 'Spring sale', color: 'green' });
    const plain = await s.ada.send('POST', '/api/labels', { name: 'autumn' });
    expect(plain.json()).toMatchObject({ name: 'autumn', color: 'blue' });
    expect((await list(s.ada)).map((item) => item.name)).toEqual(['autumn', 'Spring sale']);

    const renamed = await s.ada.send('PATCH', `/api/labels/${label.id}`, { name: 'Summer sale' });
    expect(renamed.json()).toMatchObject({ id: label.id, name: 'Summer sale', color: 'green' });
    const recoloured = await s.ada.send('PATCH', `/api/labels/${label.id}`, { color: 'pink' });
    expect(recoloured.json()).toMatchObject({ name: 'Summer sale', color: 'pink' });
    // Renaming to its own name in another case is allowed; to another label's name is not.
    expect((await s.ada.send('PATCH', `/api/labels/${label.id}`, { name: 'SUMMER sale' })).statusCode).toBe(
      200,
    );
    const clash = await s.ada.send('PATCH', `/api/labels/${label.id}`, { name: 'Autumn' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(LABEL_MESSAGES.nameTaken('autumn'));

    expect((await s.ada.send('DELETE', `/api/labels/${label.id}`)).statusCode).toBe(204);
    expect((await list(s.ada)).map((item) => item.name)).toEqual(['autumn']);
    expect((await s.ada.send('DELETE', `/api/labels/${label.id}`)).statusCode).toBe(404);
  });

  it('refuses a name taken in another case, a bad name or colour, with exact messages', async () => {
    await s.ada.send('POST', '/api/labels', { name: 'Launch' });
    const same = await s.ada.send('POST', '/api/labels', { name: 'LAUNCH' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(LABEL_MESSAGES.nameTaken('Launch'));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, LABEL_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(LABEL_LIMITS.maxName + 1) }, LABEL_MESSAGES.nameTooLong],
      [{ name: 'a;b' }, LABEL_MESSAGES.nameHasSeparator],
      [{ name: 'Ok', color: 'chartreuse' }, LABEL_MESSAGES.unknownColor],
    ];
    for (const [body, message] of cases) {
      const refused = await s.ada.send('POST', '/api/labels', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await s.ada.send('PATCH', '/api/labels/nope', {})).statusCode).toBe(400);
  });

  it('stops at the workspace’s limit', async () => {
    const have = (await list(s.eve)).length;
    await s.t.db.insert(labels).values(
      Array.from({ length: LABEL_LIMITS.maxLabels - have }, (_, n) => ({
        id: randomUUID(),
        workspaceId: s.eve.workspaceId,
        name: `L${n}`,
        color: 'gray' as const,
      })),
    );
    const refused = await s.eve.send('POST', '/api/labels', { name: 'One more' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LABEL_MESSAGES.tooMany);
    expect((await list(s.eve)).length).toBe(LABEL_LIMITS.maxLabels);
    await s.t.db.delete(labels);
  });

  it('answers 404 for another workspace’s label and changes nothing', async () => {
    const mine = (await s.ada.send('POST', '/api/labels', { name: 'Private', color: 'red' })).json() as Label;
    expect((await s.eve.send('PATCH', `/api/labels/${mine.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await s.eve.send('DELETE', `/api/labels/${mine.id}`)).statusCode).toBe(404);
    expect(await list(s.eve)).toEqual([]);
    expect((await list(s.ada)).find((item) => item.id === mine.id)).toEqual(mine);
    // The same name in another workspace is another label.
    expect((await s.eve.send('POST', '/api/labels', { name: 'private' })).statusCode).toBe(201);
  });

  it('lets a contributor create, not rename or delete; a viewer only reads', async () => {
    const made = await contributor.send('POST', '/api/labels', { name: 'Cora’s' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const rename = await contributor.send('PATCH', `/api/labels/${id}`, { name: 'Renamed' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe(forbiddenMessage('contributor', 'publish'));
    expect((await contributor.send('DELETE', `/api/labels/${id}`)).statusCode).toBe(403);
    const refused = await viewer.send('POST', '/api/labels', { name: 'Vic' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('viewer', 'write'));
    expect((await list(viewer)).map((item) => item.name)).toContain('Cora’s');
  });
});

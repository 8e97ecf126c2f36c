/**
 * Posts and their labels (docs/labels.md): set on create and edit, kept when the body leaves them out, read
 * with the post and on the calendar, filtered by, copied by duplicate; another workspace's label is never
 * attached; deleting a label leaves its posts.
 */
import { LABEL_LIMITS, LABEL_MESSAGES, type Label } from '@relaycast/shared/labels';
import type { Post, PostInput } from '@relaycast/shared/posts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { postLabels } from '../../db/schema/index';
import { created, hoursFromNow } from './posts.test-support';

const s = useTestApp({ ada: 'Ada', eve: 'Eve' });
let launch: Label;
let promo: Label;
let evesLabel: Label;

async function label(user: SignedInUser, name: string, color = 'blue'): Promise<Label> {
  const res = await user.send('POST', '/api/labels', { name, color });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  launch = await label(s.ada, 'Launch', 'green');
  promo = await label(s.ada, 'promo', 'red');
  evesLabel = await label(s.eve, 'Eve only');
}, 60_000);

const draft = (extra: Partial<PostInput> = {}): PostInput => ({
  content: 'Labelled post',
  platforms: ['mastodon'],
  action: 'draft',
  ...extra,
});
const names = (post: Post) => (post.labels ?? []).map((item) => item.name);

describe('a post’s labels', () => {
  it('are set on create, read back by name, replaced on edit and kept when the edit leaves them out', async () => {
    const post = await created(s.ada, draft({ labelIds: [promo.id, launch.id, launch.id] }));
    expect(post.labels).toEqual([launch, promo]);
    const read = (await s.ada.get(`/api/posts/${post.id}`)).json() as Post;
    expect(names(read)).toEqual(['Launch', 'promo']);

    const edited = await s.ada.send('PUT', `/api/posts/${post.id}`, draft({ labelIds: [promo.id] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(names(edited.json())).toEqual(['promo']);
    const untouched = await s.ada.send('PUT', `/api/posts/${post.id}`, draft({ content: 'New text' }));
    expect(names(untouched.json())).toEqual(['promo']);
    const cleared = await s.ada.send('PUT', `/api/posts/${post.id}`, draft({ labelIds: [] }));
    expect(cleared.json().labels).toEqual([]);
  });

  it('are an empty list for a post without any', async () => {
    const post = await created(s.ada, draft());
    expect(post.labels).toEqual([]);
  });

  it('refuse another workspace’s label or an unknown id, attaching nothing', async () => {
    for (const ids of [[evesLabel.id], [launch.id, 'no-such-label']]) {
      const refused = await s.ada.send(
        'POST',
        '/api/posts',
        draft({ content: `x ${ids[0]}`, labelIds: ids }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(LABEL_MESSAGES.unknownOnPost);
    }
    const post = await created(s.ada, draft({ labelIds: [launch.id] }));
    const stolen = await s.ada.send('PUT', `/api/posts/${post.id}`, draft({ labelIds: [evesLabel.id] }));
    expect(stolen.statusCode).toBe(400);
    expect(names((await s.ada.get(`/api/posts/${post.id}`)).json())).toEqual(['Launch']);
    const rows = await s.t.db.select().from(postLabels).where(eq(postLabels.labelId, evesLabel.id));
    expect(rows).toEqual([]);
  });

  it('refuse more labels than a post takes', async () => {
    const ids = Array.from({ length: LABEL_LIMITS.maxPerPost + 1 }, (_, n) => `id-${n}`);
    const refused = await s.ada.send('POST', '/api/posts', draft({ labelIds: ids }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LABEL_MESSAGES.tooManyOnPost);
  });

  it('show on the calendar’s range and filter it, and the filter ignores another workspace’s label', async () => {
    const at = hoursFromNow(30);
    const tagged = await created(s.ada, {
      content: 'Tagged and scheduled',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: at,
      labelIds: [launch.id],
    });
    const plain = await created(s.ada, {
      content: 'Plain and scheduled',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: at,
    });
    const from = new Date(Date.now()).toISOString();
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const range = `/api/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const calendar = (await s.ada.get(range)).json().posts as Post[];
    expect(calendar.find((post) => post.id === tagged.id)?.labels).toEqual([launch]);
    expect(calendar.find((post) => post.id === plain.id)?.labels).toEqual([]);
    const filtered = (await s.ada.get(`${range}&label=${launch.id}`)).json().posts as Post[];
    expect(filtered.map((post) => post.id)).toEqual([tagged.id]);
    const drafts = (await s.ada.get(`/api/posts?status=draft&label=${promo.id}`)).json().posts as Post[];
    expect(drafts.every((post) => names(post).includes('promo'))).toBe(true);
    expect((await s.eve.get(`${range}&label=${launch.id}`)).json().posts).toEqual([]);
    expect((await s.ada.get(`${range}&label=${evesLabel.id}`)).json().posts).toEqual([]);
  });

  it('are copied by duplicate, and follow a rename or a recolour', async () => {
    const post = await created(s.ada, draft({ labelIds: [launch.id] }));
    const copy = await s.ada.send('POST', `/api/posts/${post.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().labels).toEqual([launch]);
    const temp = await label(s.ada, 'Temporary', 'teal');
    const other = await created(s.ada, draft({ labelIds: [temp.id] }));
    await s.ada.send('PATCH', `/api/labels/${temp.id}`, { name: 'Renamed', color: 'pink' });
    expect((await s.ada.get(`/api/posts/${other.id}`)).json().labels).toEqual([
      { id: temp.id, name: 'Renamed', color: 'pink' },
    ]);
  });

  it('leave the post when the label is deleted: the post stays, without it', async () => {
    const gone = await label(s.ada, 'Soon gone');
    const post = await created(s.ada, draft({ labelIds: [gone.id, launch.id] }));
    expect((await s.ada.send('DELETE', `/api/labels/${gone.id}`)).statusCode).toBe(204);
    const read = await s.ada.get(`/api/posts/${post.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ content: 'Labelled post', labels: [launch] });
  });
});

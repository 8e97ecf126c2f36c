import { NODE_LIVE_MS } from '@relaycast/shared/nodes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { nodes } from '../../db/schema/index';
import { useAdminTestApp } from '../admin/admin.test-support';
import {
  forgetGoneNodes,
  heartbeatNode,
  listNodes,
  mediaStoreConflict,
  mediaStoreOf,
  type NodeIdentity,
  queuesOf,
  registerNode,
} from './nodes.service';

/** The install's nodes (docs/decisions/0103-nodes.md): the list on /admin, the heartbeat, the media store rule. */
const s = useAdminTestApp();

function other(id: string, mediaStore: string): NodeIdentity {
  return {
    id,
    role: 'worker',
    hostname: 'box-2',
    pid: 4242,
    version: '0.1.0',
    mediaStore,
    streaming: false,
    internalUrl: null,
    rtmpPort: null,
  };
}

async function age(id: string, ms: number) {
  await s.t.db
    .update(nodes)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${ms / 1000})` })
    .where(eq(nodes.id, id));
}

describe('the nodes page', () => {
  it('lists this node, live, with its role and media store, and the job queues; 404 for anyone else', async () => {
    const res = await s.admin.get('/api/admin/nodes');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const self = body.nodes.find((node: { self: boolean }) => node.self);
    expect(self).toMatchObject({
      id: s.t.app.node.id,
      role: 'all',
      live: true,
      pid: process.pid,
      mediaStore: mediaStoreOf(s.t.config),
    });
    expect(self.version).toMatch(/^\d+\.\d+\.\d+ \(\d{4}_/);
    expect(Array.isArray(body.queues)).toBe(true);
    const refused = await s.someone.get('/api/admin/nodes');
    expect(refused.statusCode).toBe(404);
  });

  it('shows a node unseen for 30 seconds as down, and the sweep forgets one unseen for a day', async () => {
    await registerNode(s.t.db, other('node-quiet', 'local:box-2:/srv/media'));
    await registerNode(s.t.db, other('node-gone', 'local:box-2:/srv/media'));
    await age('node-quiet', NODE_LIVE_MS + 5_000);
    await age('node-gone', 25 * 60 * 60 * 1000);
    await heartbeatNode(s.t.db, s.t.app.node);
    expect((await listNodes(s.t.db)).map((node) => node.id)).toContain('node-gone');
    expect(await forgetGoneNodes(s.t.db)).toBe(1);
    const listed = await listNodes(s.t.db, s.t.app.node.id);
    expect(listed.find((node) => node.id === 'node-quiet')?.live).toBe(false);
    expect(listed.map((node) => node.id)).not.toContain('node-gone');
    await s.t.db.delete(nodes).where(eq(nodes.id, 'node-quiet'));
  });

  it('counts the jobs of each queue as waiting (created, retry) or running (active), by name', () => {
    const queues = queuesOf([
      { queue: 'publish-target', state: 'created', count: 3 },
      { queue: 'clip-analysis', state: 'active', count: 1 },
      { queue: 'publish-target', state: 'retry', count: 2 },
      { queue: 'publish-target', state: 'active', count: 4 },
    ]);
    expect(queues).toEqual([
      { queue: 'clip-analysis', waiting: 0, running: 1 },
      { queue: 'publish-target', waiting: 5, running: 4 },
    ]);
  });

  it('a heartbeat puts a node removed from the list back', async () => {
    await s.t.db.delete(nodes).where(eq(nodes.id, s.t.app.node.id));
    await heartbeatNode(s.t.db, s.t.app.node);
    const listed = await listNodes(s.t.db);
    expect(listed.map((node) => node.id)).toContain(s.t.app.node.id);
  });
});

describe('one media store for every node', () => {
  it('refuses a node on another machine whose media store differs from a live one, and names both', async () => {
    const self = { ...s.t.app.node, id: 'node-new', hostname: 'box-1' };
    await s.t.db.delete(nodes).where(eq(nodes.id, s.t.app.node.id));
    await registerNode(s.t.db, other('node-s3', 's3:relaycast-media'));
    const problem = await mediaStoreConflict(s.t.db, { ...self, mediaStore: 'local:box-1:/data/media' });
    expect(problem?.level).toBe('refuse');
    expect(problem?.message).toContain('(worker on box-2)');
    expect(problem?.message).toContain('s3:relaycast-media');
    expect(problem?.message).toContain('local:box-1:/data/media');
    expect(problem?.message).toContain('set S3_BUCKET');
    // The app's own node (this machine's folder): another folder on the same machine is only warned about.
    await registerNode(s.t.db, s.t.app.node);
    await age('node-s3', NODE_LIVE_MS + 5_000);
    const warned = await mediaStoreConflict(s.t.db, {
      ...s.t.app.node,
      id: 'node-same-host',
      mediaStore: 'local:here:/elsewhere',
    });
    expect(warned?.level).toBe('warn');
    // The same store as every live node: nothing to say.
    expect(await mediaStoreConflict(s.t.db, { ...s.t.app.node, id: 'node-twin' })).toBeNull();
    await s.t.db.delete(nodes).where(eq(nodes.id, 'node-s3'));
  });

  it('names the store by bucket, or by machine and folder', () => {
    expect(mediaStoreOf({ s3: { bucket: 'media' } as never, mediaDir: '/x' }, 'h')).toBe('s3:media');
    expect(mediaStoreOf({ s3: undefined, mediaDir: '/data/media' }, 'box')).toBe('local:box:/data/media');
  });
});

describe('a node that stops', () => {
  it('removes itself from the list on close', async () => {
    const second = await createTestApp({ database: s.t.app.database });
    await second.app.ready();
    expect((await listNodes(s.t.db)).map((node) => node.id)).toContain(second.app.node.id);
    const id = second.app.node.id;
    await second.close();
    expect((await listNodes(s.t.db)).map((node) => node.id)).not.toContain(id);
  });
});

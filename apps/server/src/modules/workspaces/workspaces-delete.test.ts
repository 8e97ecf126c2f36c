// Over 300 lines on purpose: one row in every workspace-scoped table, written out so a new table shows up here.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import * as schema from '../../db/schema/index';
import { StorageNotFoundError } from '../../lib/media/storage';
import { createAndSwitch } from './workspaces.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);
/**
 * Kept on purpose when a workspace goes: Stripe's event ids, so a replayed event cannot act again (it carries no
 * content of the workspace; decision 0046).
 */
const KEPT_AFTER_DELETE = new Set(['billing_events']);
const workspaceScoped = tables.filter(
  (table) =>
    getTableConfig(table).columns.some((column) => column.name === 'workspace_id') &&
    !KEPT_AFTER_DELETE.has(getTableName(table)),
);

async function rowsIn(tableName: string, workspaceId: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(tableName)} where workspace_id = ${workspaceId}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** One row (or more) in every workspace-scoped table, and in the tables that hang off those rows. */
// function-budget: test data: a row in every table a workspace owns, so deletion is checked against each
async function fillWorkspace(workspaceId: string, userId: string, tag: string) {
  const s = schema;
  const now = new Date();
  const account = `acc-${tag}`;
  const post = `post-${tag}`;
  const target = `tgt-${tag}`;
  const media = `med-${tag}`;
  const item = `inbox-${tag}`;
  const stream = `sess-${tag}`;
  const endpoint = `hook-${tag}`;
  await t.db.insert(s.socialAccounts).values({
    id: account,
    workspaceId,
    platform: 'bluesky',
    platformAccountId: `pa-${tag}`,
    handle: `@${tag}`,
    accessTokenEncrypted: 'secret-token',
  });
  await t.db.insert(s.oauthStates).values({
    stateHash: `state-${tag}`,
    workspaceId,
    userId,
    platform: 'x',
    redirectUri: 'http://localhost/cb',
    expiresAt: new Date(now.getTime() + 60_000),
  });
  await t.db
    .insert(s.aiGenerations)
    .values({ id: `ai-${tag}`, workspaceId, userId, kind: 'ideas', prompt: 'p' });
  await t.db.insert(s.workspaceAiSettings).values({ workspaceId, provider: 'openai', apiKeyEncrypted: 'k' });
  await t.db.insert(s.mediaFiles).values({
    id: media,
    workspaceId,
    uploadedBy: userId,
    name: 'a.png',
    mimeType: 'image/png',
    kind: 'image',
    sizeBytes: 3,
    storageKey: `${workspaceId}/${media}.png`,
    thumbnailKey: `${workspaceId}/${media}.thumb.jpg`,
  });
  await t.db
    .insert(s.posts)
    .values({ id: post, workspaceId, authorId: userId, platforms: ['bluesky'], status: 'draft' });
  await t.db.insert(s.postMedia).values({ postId: post, mediaId: media, position: 0 });
  await t.db.insert(s.postTargets).values({
    id: target,
    workspaceId,
    postId: post,
    platform: 'bluesky',
    accountId: account,
    status: 'published',
  });
  await t.db
    .insert(s.accountMetricDays)
    .values({ accountId: account, day: '2026-11-01', workspaceId, platform: 'bluesky' });
  await t.db.insert(s.postMetrics).values({
    targetId: target,
    workspaceId,
    accountId: account,
    platform: 'bluesky',
    platformPostId: 'pp',
    publishedAt: now,
  });
  await t.db.insert(s.postMetricDays).values({ targetId: target, day: '2026-11-02' });
  await t.db.insert(s.postTargetParts).values({
    targetId: target,
    workspaceId,
    position: 1,
    status: 'published',
    platformPostId: 'pp',
  });
  await t.db.insert(s.analyticsCollectState).values({ accountId: account, workspaceId });
  await t.db.insert(s.analyticsReadBudgets).values({ workspaceId, platform: 'x', month: '2026-11' });
  await t.db.insert(s.analyticsReportLinks).values({
    id: `link-${tag}`,
    workspaceId,
    tokenHash: `hash-${tag}`,
    expiresAt: new Date(now.getTime() + 60_000),
  });
  await t.db.insert(s.analyticsReportSchedules).values({
    workspaceId,
    frequency: 'weekly',
    recipients: ['a@example.com'],
    nextSendAt: now,
  });
  await t.db.insert(s.apiKeys).values({
    id: `key-${tag}`,
    workspaceId,
    userId,
    name: 'k',
    start: 'rc_',
    keyHash: `kh-${tag}`,
    scopes: ['posts:read'],
  });
  await t.db.insert(s.inboxItems).values({
    id: item,
    workspaceId,
    accountId: account,
    platform: 'bluesky',
    kind: 'comment',
    platformItemId: `pi-${tag}`,
    authorPlatformId: 'ap',
    authorHandle: '@fan',
    text: 'hi',
    arrivedAt: now,
  });
  await t.db.insert(s.engagementActions).values({
    id: `act-${tag}`,
    workspaceId,
    userId,
    action: 'like',
    platform: 'bluesky',
    itemId: item,
    accountId: account,
    outcome: 'sent',
  });
  await t.db.insert(s.inboxSyncState).values({ accountId: account, workspaceId });
  await t.db.insert(s.notifications).values({ id: `n-${tag}`, userId, workspaceId, kind: 'k', title: 't' });
  await t.db.insert(s.plannedStreams).values({
    id: `plan-${tag}`,
    workspaceId,
    userId,
    title: 'Live',
    scheduledAt: new Date(now.getTime() + 86_400_000),
    timezone: 'UTC',
  });
  await t.db.insert(s.streamDestinations).values({
    id: `dest-${tag}`,
    workspaceId,
    userId,
    platform: 'youtube',
    name: 'YT',
    rtmpUrl: 'rtmp://a.example/live',
    streamKeyEncrypted: 'enc',
    keyLastFour: '1234',
  });
  await t.db.insert(s.streamScenes).values({
    id: `scene-${tag}`,
    workspaceId,
    userId,
    name: 'S',
    sources: ['camera'],
    cameraCorner: 'bottom-right',
  });
  await t.db.insert(s.streamSlates).values({ workspaceId, mediaId: media });
  await t.db
    .insert(s.streamIngestKeys)
    .values({ userId, workspaceId, keyHash: `ik-${tag}`, keyEncrypted: 'e' });
  await t.db.insert(s.streamSessions).values({
    id: stream,
    workspaceId,
    userId,
    title: 'S',
    source: 'obs',
    status: 'ended',
    settings: { resolution: '720p', bitrateKbps: 1, fps: 30, encoder: 'x', format: 'flv' },
  });
  await t.db
    .insert(s.streamSessionDestinations)
    .values({ sessionId: stream, destinationId: 'd', platform: 'youtube', name: 'YT' });
  await t.db
    .insert(s.streamSamples)
    .values({ id: `sample-${tag}`, sessionId: stream, destinationId: 'd', t: 1 });
  await t.db.insert(s.webhookEndpoints).values({
    id: endpoint,
    workspaceId,
    url: 'https://hooks.example/x',
    secretEncrypted: 'e',
    events: ['post.published'],
  });
  await t.db
    .insert(s.webhookDeliveries)
    .values({ id: `del-${tag}`, endpointId: endpoint, event: 'post.published', payload: {} });
  await t.db.insert(s.workspaceInvitations).values({
    id: `inv-${tag}`,
    organizationId: workspaceId,
    email: `${tag}@example.com`,
    role: 'viewer',
    inviterId: userId,
    expiresAt: new Date(now.getTime() + 60_000),
  });
  await t.db.insert(s.approvalEvents).values({
    id: `ae-${tag}`,
    workspaceId,
    postId: post,
    actorId: userId,
    action: 'submit',
    fromState: 'draft',
    toState: 'awaiting_approval',
  });
  await t.db.insert(s.approvalSettings).values({ workspaceId, requireApproval: true });
  await t.db.insert(s.clipAnalyses).values({
    mediaId: media,
    workspaceId,
    result: {
      mediaId: media,
      durationSeconds: 0,
      clipSeconds: 30,
      sceneChanges: [],
      clips: [],
      createdAt: '',
    },
  });
  await t.db.insert(s.clipAnalysisRuns).values({ mediaId: media, workspaceId, status: 'failed' });
  await t.db.insert(s.reviewLinks).values({
    id: `rl-${tag}`,
    workspaceId,
    createdBy: userId,
    tokenHash: `rl-hash-${tag}`,
    postId: post,
    expiresAt: new Date(now.getTime() + 60_000),
  });
  await t.db.insert(s.bulkImports).values({
    id: `bi-${tag}`,
    workspaceId,
    fileSha256: `sha-${tag}`,
    createdBy: userId,
    postCount: 1,
  });
  await t.db.insert(s.shortLinks).values({
    id: `sl-${tag}`,
    workspaceId,
    code: `code-${tag}`,
    target: 'https://example.com/',
    postId: post,
    createdBy: userId,
  });
  await t.db.insert(s.shortLinkClicks).values({ linkId: `sl-${tag}`, hour: now, count: 1 });
  await t.db.insert(s.shortLinkVisitors).values({ linkId: `sl-${tag}`, day: '2026-11-26', visitor: tag });
  await t.db.insert(s.shortLinkSettings).values({ workspaceId, mode: 'always' });
  await t.db
    .insert(s.accountProxies)
    .values({ accountId: account, workspaceId, type: 'socks5', host: 'proxy.example.com', port: 1080 });
  await t.db.insert(s.cloudDriveConnections).values({
    id: `cdc-${tag}`,
    workspaceId,
    userId,
    provider: 'dropbox',
    accessTokenEncrypted: 'sealed',
  });
  await t.db.insert(s.mediaImports).values({
    id: `mi-${tag}`,
    workspaceId,
    createdBy: userId,
    url: 'https://example.com/a.png',
    status: 'done',
    source: { provider: 'dropbox', fileId: 'id:a', name: 'a.png' },
    cloudConnectionId: `cdc-${tag}`,
  });
  await t.db.insert(s.watermarks).values({
    id: `wm-${tag}`,
    workspaceId,
    name: 'Logo',
    imageMediaId: media,
    opacity: 50,
    size: 20,
    position: 'bottom-right',
    margin: 2,
  });
  await t.db.insert(s.queueSlots).values({
    id: `qs-${tag}`,
    workspaceId,
    accountId: account,
    weekday: 0,
    time: '09:00',
    timeZone: 'UTC',
  });
  await t.db
    .insert(s.watermarkAccountDefaults)
    .values({ accountId: account, workspaceId, watermarkId: `wm-${tag}` });
  await t.db.insert(s.watermarkApplies).values({
    id: `wa-${tag}`,
    workspaceId,
    originalMediaId: media,
    watermarkId: `wm-${tag}`,
    paramsHash: 'h',
    status: 'done',
  });
  const library = { workspaceId, name: `n-${tag}` };
  await t.db.insert(s.composerSignatures).values({ id: `sig-${tag}`, ...library, text: '— the team' });
  await t.db.insert(s.composerHashtagGroups).values({ id: `hg-${tag}`, ...library, hashtags: ['#a'] });
  await t.db.insert(s.composerTemplates).values({ id: `tpl-${tag}`, ...library, state: {} as never });
  await t.db.insert(s.feeds).values({
    id: `feed-${tag}`,
    workspaceId,
    url: 'https://example.com/feed.xml',
    intervalMinutes: 60,
    platforms: ['x'],
    accountIds: [],
    mode: 'draft',
    template: '{title}',
  });
  await t.db.insert(s.postSeries).values({
    id: `series-${tag}`,
    workspaceId,
    frequency: 'daily',
    interval: 1,
    weekdays: [],
    ends: { kind: 'never' },
    timezone: 'UTC',
    startDate: '2026-01-01',
    startTime: '09:00',
    post: {},
  });
  await t.db.insert(s.postSeriesOccurrences).values({
    seriesId: `series-${tag}`,
    occurrenceIndex: 0,
    scheduledAt: new Date('2026-01-01T09:00:00Z'),
    status: 'created',
    postId: post,
  });
  await t.db
    .insert(s.evergreenCollections)
    .values({ id: `eg-${tag}`, workspaceId, name: `Evergreen ${tag}`, minGapDays: 30 });
  await t.db.insert(s.evergreenEntries).values({
    id: `ege-${tag}`,
    workspaceId,
    collectionId: `eg-${tag}`,
    ownerId: userId,
    post: {},
    variants: ['A', 'B'],
  });
  await t.db
    .insert(s.evergreenCycles)
    .values({ entryId: `ege-${tag}`, cycle: 0, variantIndex: 0, postId: post });
  await t.db
    .insert(s.labels)
    .values({ id: `label-${tag}`, workspaceId, name: `Launch ${tag}`, color: 'blue' });
  await t.db.insert(s.postLabels).values({ postId: post, labelId: `label-${tag}` });
  return { post, stream, endpoint, target, media };
}

describe('deleting a workspace', () => {
  it('every table with a workspace column deletes its rows with the workspace (ON DELETE CASCADE)', () => {
    expect(workspaceScoped.length).toBeGreaterThan(20);
    for (const table of workspaceScoped) {
      const config = getTableConfig(table);
      const cascades = config.foreignKeys.some((fk) => {
        const ref = fk.reference();
        return (
          getTableName(ref.foreignTable) === 'workspaces' &&
          ref.columns.some((column) => column.name === 'workspace_id') &&
          fk.onDelete === 'cascade'
        );
      });
      expect(cascades, `${config.name}.workspace_id must reference workspaces ON DELETE CASCADE`).toBe(true);
    }
  });

  it('removes every row in every workspace-scoped table, the media files and tokens, and leaves the other workspace alone', async () => {
    const owner = await signInAsNewUser(t, { name: 'Del Owner' });
    const doomed = await createAndSwitch(owner, 'Doomed');
    const doomedIds = await fillWorkspace(doomed, owner.userId, `d-${doomed}`);
    // The kept workspace has the same kinds of rows; the ingest key (one per user) lives in the doomed one.
    const keptIds = await fillWorkspaceExceptIngest(
      owner.workspaceId,
      owner.userId,
      `k-${owner.workspaceId}`,
    );

    // Files in the media storage for both workspaces.
    const source = path.join(tmpdir(), `ws-del-${Date.now()}.bin`);
    const keys = (ws: string, media: string) => [`${ws}/${media}.png`, `${ws}/${media}.thumb.jpg`];
    for (const key of [...keys(doomed, doomedIds.media), ...keys(owner.workspaceId, keptIds.media)]) {
      writeFileSync(source, 'abc');
      await t.app.mediaStorage.put(key, source, 'image/png');
    }

    for (const table of workspaceScoped) {
      const name = getTableName(table);
      expect(await rowsIn(name, doomed), `a row in ${name} before the delete`).toBeGreaterThan(0);
    }

    const res = await owner.send('DELETE', '/api/workspaces/current', { name: 'Doomed' });
    expect(res.statusCode).toBe(204);

    for (const table of workspaceScoped) {
      const name = getTableName(table);
      expect(await rowsIn(name, doomed), `rows left in ${name}`).toBe(0);
    }
    // Tables without a workspace column hang off deleted rows.
    expect(
      await t.db.select().from(schema.postMedia).where(eq(schema.postMedia.postId, doomedIds.post)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(schema.postMetricDays)
        .where(eq(schema.postMetricDays.targetId, doomedIds.target)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(schema.streamSessionDestinations)
        .where(eq(schema.streamSessionDestinations.sessionId, doomedIds.stream)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(schema.streamSamples)
        .where(eq(schema.streamSamples.sessionId, doomedIds.stream)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.endpointId, doomedIds.endpoint)),
    ).toEqual([]);
    for (const key of keys(doomed, doomedIds.media)) {
      await expect(t.app.mediaStorage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    }

    // The other workspace keeps everything, its files included, and the session works there again.
    for (const key of keys(owner.workspaceId, keptIds.media)) {
      expect(await t.app.mediaStorage.get(key)).toBeTruthy();
    }
    const kept = await t.db
      .select()
      .from(schema.posts)
      .where(inArray(schema.posts.id, [keptIds.post, doomedIds.post]));
    expect(kept.map((row) => row.id)).toEqual([keptIds.post]);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/workspaces/current',
      headers: { cookie: owner.cookie },
    });
    expect(current.json().id).toBe(owner.workspaceId);
  });
});

describe('a deleted workspace’s short-link codes', () => {
  it('stay retired in short_link_codes (no workspace column), so no one is given them again', async () => {
    const owner = await signInAsNewUser(t, { name: 'Code Owner' });
    const doomed = await createAndSwitch(owner, 'Doomed links');
    const custom = `retired-${doomed.slice(0, 8)}`;
    const made = [
      await owner.send('POST', '/api/short-links', { target: 'https://example.com/c', code: custom }),
      await owner.send('POST', '/api/short-links', { target: 'https://example.com/r' }),
    ];
    const codes = made.map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { code: string }).code;
    });
    expect((await owner.send('DELETE', '/api/workspaces/current', { name: 'Doomed links' })).statusCode).toBe(
      204,
    );
    expect(await rowsIn('short_links', doomed)).toBe(0);
    const kept = await t.db
      .select()
      .from(schema.shortLinkCodes)
      .where(inArray(schema.shortLinkCodes.code, codes));
    expect(kept.map((row) => row.code).sort()).toEqual([...codes].sort());
    // The codes lead nowhere now, and neither the owner's other workspace nor anyone else gets them again.
    const other = await signInAsNewUser(t, { name: 'Code Taker' });
    for (const code of codes) {
      expect((await t.app.inject({ method: 'GET', url: `/${code}` })).statusCode, code).toBe(404);
      const again = await other.send('POST', '/api/short-links', { target: 'https://other.example/', code });
      expect(again.statusCode, code).toBe(409);
    }
  });
});

async function fillWorkspaceExceptIngest(workspaceId: string, userId: string, tag: string) {
  // A second user holds this workspace's ingest key (the table keeps one key per user).
  const helper = await signInAsNewUser(t, { name: 'Key Holder' });
  const ids = await fillWorkspace(workspaceId, helper.userId, tag);
  await t.db.update(schema.posts).set({ authorId: userId }).where(eq(schema.posts.id, ids.post));
  return ids;
}

import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { backgroundWorkOf } from './background';

const settings = {
  engagementSyncIntervalSeconds: 300,
  streamReminderIntervalMs: 60_000,
  analyticsCollectIntervalSeconds: 3600,
};

describe('which background work a process runs', () => {
  it('runs nothing in the background on ROLE=api, everything on all and worker', () => {
    expect(backgroundWorkOf({ ...settings, role: 'api', env: 'production' })).toEqual({
      publishWorkers: false,
      accountsSweep: false,
      inboxSweep: false,
      streamReminders: false,
      analyticsCollect: false,
      reportEmails: false,
      webhookDeliveries: false,
      notifications: false,
      approvalExpiry: false,
      streamViewers: false,
    });
    for (const role of ['all', 'worker'] as const) {
      expect(backgroundWorkOf({ ...settings, role, env: 'production' })).toEqual({
        publishWorkers: true,
        accountsSweep: true,
        inboxSweep: true,
        streamReminders: true,
        analyticsCollect: true,
        reportEmails: true,
        webhookDeliveries: true,
        notifications: true,
        approvalExpiry: true,
        streamViewers: true,
      });
    }
  });

  it('turns a periodic task off with an interval of 0', () => {
    const work = backgroundWorkOf({
      role: 'all',
      env: 'production',
      engagementSyncIntervalSeconds: 0,
      streamReminderIntervalMs: 0,
    });
    expect(work).toMatchObject({ inboxSweep: false, streamReminders: false, publishWorkers: true });
  });

  it('leaves the publish workers and the accounts sweep to the tests under NODE_ENV=test', () => {
    const config = { ...settings, role: 'all' as const, env: 'test' as const };
    expect(backgroundWorkOf(config)).toMatchObject({
      publishWorkers: false,
      accountsSweep: false,
      analyticsCollect: false,
      reportEmails: false,
      webhookDeliveries: false,
      notifications: false,
      approvalExpiry: false,
      streamViewers: false,
    });
    expect(backgroundWorkOf(config, { runWorkers: true }).publishWorkers).toBe(true);
  });
});

describe('the background plugin', () => {
  it('starts the job queue with workers only where ROLE runs them, and stops it on close', async () => {
    for (const [role, expected] of [
      ['api', false],
      ['worker', true],
    ] as const) {
      const t = await createTestApp({
        config: { role, env: 'production', engagementSyncIntervalSeconds: 0, streamReminderIntervalMs: 0 },
      });
      try {
        await t.app.ready();
        expect(t.app.publishing.queue.isRunningWorkers).toBe(expected);
      } finally {
        await t.close();
      }
    }
  });
});

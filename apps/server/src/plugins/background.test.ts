import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { Config } from '../config/env';
import { planOf } from '../lib/background-work';
import { DEFAULT_ENGINE_OPTIONS } from '../modules/publishing/publishing-engine';
import { BACKGROUND_WORK, type JobContext } from './job-list';
import { processSwitchesOf } from './jobs';

const settings = {
  engagementSyncIntervalSeconds: 300,
  streamReminderIntervalMs: 60_000,
  analyticsCollectIntervalSeconds: 3600,
};

type Settings = Pick<
  Config,
  | 'role'
  | 'env'
  | 'engagementSyncIntervalSeconds'
  | 'streamReminderIntervalMs'
  | 'analyticsCollectIntervalSeconds'
>;

/** What a process of this configuration runs of the server's one list. */
function planFor(config: Settings, runWorkers?: boolean) {
  const context = { config, publishingTuning: DEFAULT_ENGINE_OPTIONS } as unknown as JobContext;
  const plan = planOf(BACKGROUND_WORK, processSwitchesOf(config, runWorkers), context);
  return { jobs: plan.jobs, sweeps: Object.fromEntries(plan.sweeps.map((s) => [s.name, s.everyMs])) };
}

const PUBLISHING_SWEEPS = {
  'publishing-pump': 500,
  'publishing-sweep': 5_000,
  'publishing-leases': 1_000,
};

describe('which background work a process runs', () => {
  it('runs nothing in the background on ROLE=api, everything at its interval on all and worker', () => {
    expect(planFor({ ...settings, role: 'api', env: 'production' })).toEqual({ jobs: [], sweeps: {} });
    for (const role of ['all', 'worker'] as const) {
      expect(planFor({ ...settings, role, env: 'production' })).toEqual({
        jobs: [
          'publish-target',
          'clip-analysis',
          'contact-message-notify',
          'media-import',
          'watermark-apply',
        ],
        sweeps: {
          ...PUBLISHING_SWEEPS,
          'accounts sweep': 60_000,
          'inbox sweep': 60_000,
          'analytics collector': 60_000,
          'report e-mails': 300_000,
          'webhook deliveries': 5_000,
          'approval expiry': 60_000,
          'stream leases': 10_000,
          'stream viewers': 60_000,
          'notification delivery': 5_000,
          'weekly summary': 3_600_000,
          'stream reminder run': 60_000,
          'feeds sweep': 60_000,
          'rate limit windows': 3_600_000,
          'nodes sweep': 3_600_000,
          'post series sweep': 60_000,
          'evergreen sweep': 60_000,
        },
      });
    }
  });

  it('turns a sweep off with an interval of 0', () => {
    const plan = planFor({
      role: 'all',
      env: 'production',
      engagementSyncIntervalSeconds: 0,
      streamReminderIntervalMs: 0,
      analyticsCollectIntervalSeconds: 0,
    });
    expect(Object.keys(plan.sweeps)).not.toContain('inbox sweep');
    expect(Object.keys(plan.sweeps)).not.toContain('stream reminder run');
    expect(Object.keys(plan.sweeps)).not.toContain('analytics collector');
    expect(plan.sweeps).toMatchObject(PUBLISHING_SWEEPS);
  });

  it('leaves the queues, the publishing sweeps and the swept-by-tests work to the tests under NODE_ENV=test', () => {
    const config = { ...settings, role: 'all' as const, env: 'test' as const };
    expect(planFor(config)).toEqual({
      jobs: [],
      sweeps: { 'inbox sweep': 60_000, 'stream reminder run': 60_000 },
    });
    expect(planFor(config, true)).toEqual({
      jobs: ['publish-target', 'clip-analysis', 'contact-message-notify', 'media-import', 'watermark-apply'],
      sweeps: { ...PUBLISHING_SWEEPS, 'inbox sweep': 60_000, 'stream reminder run': 60_000 },
    });
  });
});

describe('the background plugin', () => {
  it('starts the job runner with workers and sweeps only where ROLE runs them, and stops it on close', async () => {
    for (const [role, expected] of [
      ['api', false],
      ['worker', true],
    ] as const) {
      const t = await createTestApp({
        config: { role, env: 'production', engagementSyncIntervalSeconds: 0, streamReminderIntervalMs: 0 },
      });
      try {
        await t.app.ready();
        expect(t.app.jobs.isRunningWorkers).toBe(expected);
        const names = t.app.jobs.runningSweeps.map((sweep) => sweep.name);
        if (expected) expect(names).toEqual(expect.arrayContaining(['publishing-leases', 'weekly summary']));
        else expect(names).toEqual([]);
      } finally {
        await t.close();
      }
      expect(t.app.jobs.runningSweeps).toEqual([]);
    }
    // Three apps started and stopped in turn (one per ROLE): 18 s in a full run on a loaded 2-core machine.
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env';

const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-rtmp-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { DATA_DIR: dataDir, APP_SECRET: 'a-secret-that-is-at-least-32-characters-long' };

describe('RTMP relay configuration', () => {
  it('runs the relay on 1935 by default, with a 10 s reconnect grace and a 2 min slate', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).rtmp).toEqual({
      enabled: true,
      host: '0.0.0.0',
      port: 1935,
      reconnectGraceMs: 10_000,
      slateGraceMs: 120_000,
      slateImage: null,
    });
    expect(
      loadConfig({ ...base, STREAM_SLATE_SECONDS: '0', STREAM_SLATE_IMAGE: '/srv/brb.png' }).rtmp,
    ).toMatchObject({ slateGraceMs: 0, slateImage: '/srv/brb.png' });
    expect(() => loadConfig({ ...base, STREAM_SLATE_SECONDS: '-1' })).toThrow(ConfigError);
  });

  it('keeps the relay off in tests unless asked, and off when RTMP_ENABLED=false', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).rtmp.enabled).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', RTMP_ENABLED: 'true' }).rtmp.enabled).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', RTMP_ENABLED: 'false' }).rtmp.enabled).toBe(false);
  });

  it('streams on ROLE=all by default, on api and worker nodes only when asked (decision 0113)', () => {
    const production = { ...base, NODE_ENV: 'production' };
    expect(loadConfig(production).rtmp.enabled).toBe(true);
    expect(loadConfig({ ...production, ROLE: 'api' }).rtmp.enabled).toBe(false);
    expect(loadConfig({ ...production, ROLE: 'worker' }).rtmp.enabled).toBe(false);
    expect(loadConfig({ ...production, ROLE: 'api', RTMP_ENABLED: 'true' }).rtmp.enabled).toBe(true);
    expect(loadConfig({ ...production, NODE_INTERNAL_URL: 'http://10.0.0.5:3000/' }).nodeInternalUrl).toBe(
      'http://10.0.0.5:3000',
    );
    expect(loadConfig(production).nodeInternalUrl).toBeUndefined();
    expect(() => loadConfig({ ...production, NODE_INTERNAL_URL: '10.0.0.5:3000' })).toThrow(ConfigError);
  });

  it('accepts port 0 (any free port) and refuses a port out of range', () => {
    expect(loadConfig({ ...base, RTMP_PORT: '0', STREAM_RECONNECT_GRACE_SECONDS: '1' }).rtmp).toMatchObject({
      port: 0,
      reconnectGraceMs: 1_000,
    });
    expect(() => loadConfig({ ...base, RTMP_PORT: '70000' })).toThrow(ConfigError);
  });
});

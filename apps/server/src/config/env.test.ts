import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-env-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('runs on the embedded defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe(path.join(dataDir, 'pglite'));
    expect(config.trustedOrigins).toEqual(['http://localhost:3000']);
  });

  it('bills as self-hosted without a Stripe key, as managed with one, and BILLING_MODE overrides both', () => {
    const mode = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).billingMode;
    expect(mode({})).toBe('self-hosted');
    expect(mode({ STRIPE_SECRET_KEY: '' })).toBe('self-hosted');
    // With a key, the webhook secret and the six prices are required too (billing-env.test.ts).
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      ...Object.fromEntries(
        ['STANDARD', 'PREMIUM', 'ENTREPRENEUR'].flatMap((plan) =>
          ['MONTHLY', 'ANNUAL'].map((period) => [
            `STRIPE_PRICE_${plan}_${period}`,
            `price_${plan}_${period}`,
          ]),
        ),
      ),
    };
    expect(mode(stripe)).toBe('managed');
    expect(mode({ BILLING_MODE: 'managed' })).toBe('managed');
    expect(mode({ STRIPE_SECRET_KEY: 'sk_test_123', BILLING_MODE: 'self-hosted' })).toBe('self-hosted');
    expect(() => loadConfig({ DATA_DIR: tempDir(), BILLING_MODE: 'free' })).toThrow(ConfigError);
  });

  it('gives a self-hosted install generous media limits of its own: 2 GB files, storage bounded by the disk', () => {
    const limits = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).installLimits;
    const MB = 1024 * 1024;
    expect(limits({})).toEqual({
      maxFileSizeBytes: 2048 * MB,
      storageBytes: null,
      minFreeDiskBytes: 1024 * MB,
    });
    expect(limits({ MAX_UPLOAD_MB: '500', WORKSPACE_STORAGE_MB: '20000', MIN_FREE_DISK_MB: '0' })).toEqual({
      maxFileSizeBytes: 500 * MB,
      storageBytes: 20000 * MB,
      minFreeDiskBytes: 0,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAX_UPLOAD_MB: '0' })).toThrow(ConfigError);
  });

  it('reads the publishing budgets, and refuses a budget that names no platform', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).publishBudgets).toEqual({
      perMinute: undefined,
      platforms: {},
    });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      PUBLISH_BUDGET_PER_MINUTE: '120',
      PUBLISH_BUDGETS: ' twitter=100, linkedin = 0 ',
    });
    expect(set.publishBudgets).toEqual({ perMinute: 120, platforms: { twitter: 100, linkedin: 0 } });
    for (const bad of ['x=100', 'twitter=many', 'twitter=-1', 'twitter'])
      expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLISH_BUDGETS: bad })).toThrow(/PUBLISH_BUDGETS/);
  });

  it('refuses private addresses unless ALLOW_PRIVATE_ADDRESSES, or its deprecated alias, allows them', () => {
    const allowed = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).allowPrivateAddresses;
    expect(allowed({})).toBe(false);
    expect(allowed({ ALLOW_PRIVATE_ADDRESSES: 'true' })).toBe(true);
    expect(allowed({ ALLOW_PRIVATE_ADDRESSES: '1' })).toBe(true);
    expect(allowed({ PLATFORM_ALLOW_PRIVATE_URLS: 'true' })).toBe(true);
    expect(allowed({ PLATFORM_ALLOW_PRIVATE_URLS: 'true', ALLOW_PRIVATE_ADDRESSES: 'false' })).toBe(false);
    expect(allowed({ PLATFORM_ALLOW_PRIVATE_URLS: 'true', ALLOW_PRIVATE_ADDRESSES: '' })).toBe(true);
  });

  it('asks an address echo for "Check proxy": ipify by default, PROXY_CHECK_URL when set, only http(s)', () => {
    const checkUrl = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).proxyCheckUrl;
    expect(checkUrl({})).toBe('https://api.ipify.org?format=json');
    expect(checkUrl({ PROXY_CHECK_URL: '' })).toBe('https://api.ipify.org?format=json');
    expect(checkUrl({ PROXY_CHECK_URL: 'https://echo.example.org/ip' })).toBe('https://echo.example.org/ip');
    expect(() => checkUrl({ PROXY_CHECK_URL: 'ftp://echo.example.org' })).toThrow(ConfigError);
  });

  it('generates the app secret once and keeps it in the data directory', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short', LOG_LEVEL: 'loud' });
      expect.unreachable('loadConfig should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'LOG_LEVEL'])
        expect(problems).toContain(name);
    }
  });

  it('derives trusted origins from PUBLIC_URL and TRUSTED_ORIGINS', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://social.example.com/',
      TRUSTED_ORIGINS: 'https://admin.example.com, https://other.example.com',
    });
    expect(config.publicUrl).toBe('https://social.example.com');
    expect(config.trustedOrigins).toEqual([
      'https://social.example.com',
      'https://admin.example.com',
      'https://other.example.com',
    ]);
  });

  it('keeps media on the local disk unless S3_BUCKET is set', () => {
    const dataDir = tempDir();
    const local = loadConfig({ DATA_DIR: dataDir, S3_BUCKET: '', S3_ENDPOINT: '' });
    expect(local.mediaDir).toBe(path.join(dataDir, 'media'));
    expect(local.s3).toBeUndefined();
    expect([local.ffmpegPath, local.ffprobePath]).toEqual(['ffmpeg', 'ffprobe']);

    const s3 = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
    });
    expect(s3.s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(s3.ffmpegPath).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'media' }).s3?.credentials).toBeUndefined();
  });

  it('refuses half an S3 key pair and a bad endpoint', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), S3_ENDPOINT: 'ftp://x', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_ENDPOINT[\s\S]*S3_FORCE_PATH_STYLE|S3_FORCE_PATH_STYLE[\s\S]*S3_ENDPOINT/);
  });
});

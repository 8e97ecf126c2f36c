import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVapidKeys, loadOrCreateVapidKeys, VAPID_KEYS_FILE } from './notifications-vapid';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-vapid-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated on the first start and reused afterwards', () => {
    const dir = tempDir();
    const first = loadOrCreateVapidKeys(dir);
    // A P-256 public key, uncompressed (65 bytes), in base64url.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadOrCreateVapidKeys(dir)).toEqual(first);
    expect(loadOrCreateVapidKeys(tempDir()).publicKey).not.toBe(first.publicKey);
  });

  it('refuse a damaged key file rather than replace it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":');
    expect(() => loadOrCreateVapidKeys(dir)).toThrow(/not a valid VAPID key file/);
  });
});

describe('a generated VAPID key pair', () => {
  it('is what web-push accepts: a 65-byte public point and a 32-byte private key, signing a request', async () => {
    const { default: webpush } = await import('web-push');
    const browser = generateVapidKeys();
    const subscription = {
      endpoint: 'https://push.example.com/abc',
      keys: { p256dh: browser.publicKey, auth: Buffer.alloc(16, 1).toString('base64url') },
    };
    for (let i = 0; i < 20; i += 1) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      // web-push checks both keys' lengths and signs the VAPID token with them.
      const request = webpush.generateRequestDetails(subscription, 'hello', {
        vapidDetails: { subject: 'mailto:a@example.com', ...keys },
      });
      expect(request.headers.Authorization).toContain(`k=${keys.publicKey}`);
    }
  });
});

import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The file in the data folder that keeps this server's VAPID key pair (docs/notifications.md). */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const vapidKeysSchema = z.object({ publicKey: z.string().min(20), privateKey: z.string().min(20) });
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

/**
 * A P-256 key pair as VAPID wants it (RFC 8292): the uncompressed public point (65 bytes) and the 32-byte private
 * key, base64url. The same as web-push's `generateVAPIDKeys`, without loading web-push at start.
 */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

/**
 * The VAPID key pair browsers subscribe with: generated on the first start and kept in the data folder, then
 * reused (a new pair would silently orphan every existing subscription). Written with mode 0600 and `wx`, so
 * two processes starting together on one data folder keep the first pair written.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const read = () => vapidKeysSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is not a valid VAPID key file; delete it to generate a new pair`, {
        cause: error,
      });
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  try {
    writeFileSync(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

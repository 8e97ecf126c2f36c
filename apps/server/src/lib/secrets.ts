import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (AI provider keys, platform tokens, stream keys): AES-256-GCM under a key derived from
 * APP_SECRET with HKDF, so the raw app secret is never used as a cipher key. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the version lets a later key rotation tell old values apart.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

const derivedKeys = new Map<string, Buffer>();

function keyFor(appSecret: string): Buffer {
  let key = derivedKeys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'relaycast', 'secrets-at-rest/v1', 32));
    derivedKeys.set(appSecret, key);
  }
  return key;
}

export function encryptSecret(plaintext: string, appSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext; throws when the value was tampered with or encrypted under another secret. */
export function decryptSecret(stored: string, appSecret: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('not an encrypted secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** What the browser may see of a secret: its last four characters (fewer for a very short one). */
export function lastFour(secret: string): string {
  return secret.length <= 4 ? secret.slice(-Math.floor(secret.length / 2)) : secret.slice(-4);
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '@relaycast/shared/auth';

/**
 * The device cookie (OWASP's "device cookies" against lock-out abuse): after a successful sign-in the browser
 * keeps a signed cookie naming this device and the account. Sign-in attempts that carry it for the same e-mail
 * are counted on their own, so five wrong passwords typed elsewhere lock out other devices, never the owner's
 * own. The cookie proves nothing by itself; the password is still checked.
 */
export const KNOWN_DEVICE_COOKIE = 'relaycast.known_device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signatureOf(secret: string, device: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`known-device|${device}|${normalizeEmail(email)}`)
    .digest('base64url');
}

/** The device id the cookie names when it was issued for this e-mail, else null. */
export function knownDeviceFor(
  secret: string,
  cookie: string | null | undefined,
  email: string,
): string | null {
  if (!cookie) return null;
  const [device, signature] = cookie.split('.');
  if (!device || !signature || !/^[\w-]{16,64}$/.test(device)) return null;
  const expected = Buffer.from(signatureOf(secret, device, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? device : null;
}

/** The device id a cookie names, signed for any e-mail (kept when another account signs in on the device). */
function deviceIdOf(cookie: string | null | undefined): string | null {
  const device = cookie?.split('.')[0];
  return device && /^[\w-]{16,64}$/.test(device) ? device : null;
}

/** The cookie value to set after a successful sign-in for `email`. */
export function knownDeviceCookie(
  secret: string,
  existing: string | null | undefined,
  email: string,
): string {
  const device = deviceIdOf(existing) ?? randomBytes(16).toString('base64url');
  return `${device}.${signatureOf(secret, device, email)}`;
}

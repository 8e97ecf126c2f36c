import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';

/** Settings → Security: two-factor sign-in (Better Auth's TOTP) and the list of signed-in devices. */

/** How long "Trust this device" skips the code on one browser (Better Auth's trustDeviceMaxAge). */
export const TRUSTED_DEVICE_DAYS = 30;
export const BACKUP_CODE_COUNT = 10;
/** Wrong codes in a row after which Better Auth locks the second step, and for how long. */
export const TWO_FACTOR_MAX_FAILED_CODES = 10;
export const TWO_FACTOR_LOCK_MINUTES = 15;

/** A code from an authenticator app: six digits (spaces typed between the groups are dropped). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, AUTH_MESSAGES.twoFactorCodeInvalid));

/** A backup code as shown at enrolment: ten letters or digits, `abcde-12345`. */
export const backupCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, AUTH_MESSAGES.twoFactorBackupCodeInvalid)
  .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

export const passwordConfirmSchema = z.object({
  password: z
    .string()
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(128, AUTH_MESSAGES.twoFactorPasswordInvalid),
});
export type PasswordConfirmInput = z.infer<typeof passwordConfirmSchema>;

/** One signed-in device of the user (`GET /api/sessions`). The session token never leaves the server. */
export const signedInDeviceSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  ipAddress: z.string().nullable(),
  lastActiveAt: z.string(),
  signedInAt: z.string(),
  isCurrent: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const signedInDevicesSchema = z.object({ devices: z.array(signedInDeviceSchema) });
export type SignedInDevices = z.infer<typeof signedInDevicesSchema>;

export const revokeOtherSessionsResultSchema = z.object({ revoked: z.number().int() });

/** "Chrome 131", "Windows": a person's name for a browser and system, from the User-Agent header. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; os: string } {
  const ua = userAgent ?? '';
  const version = (pattern: RegExp) => ua.match(pattern)?.[1]?.split('.')[0];
  const named = (name: string, pattern: RegExp) => {
    const major = version(pattern);
    return major ? `${name} ${major}` : name;
  };
  let browser = 'Unknown browser';
  if (/Edg(e|A|iOS)?\//.test(ua)) browser = named('Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/);
  else if (/OPR\/|Opera/.test(ua)) browser = named('Opera', /OPR\/([\d.]+)/);
  else if (/Firefox\/|FxiOS\//.test(ua)) browser = named('Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/);
  else if (/Chrome\/|CriOS\//.test(ua) || /Chromium\//.test(ua))
    browser = named(/Chromium\//.test(ua) ? 'Chromium' : 'Chrome', /(?:Chrome|CriOS|Chromium)\/([\d.]+)/);
  else if (/Safari\//.test(ua) && /Version\//.test(ua)) browser = named('Safari', /Version\/([\d.]+)/);
  else if (ua !== '') browser = ua.split(/[\s/]/)[0]?.slice(0, 40) || browser;

  let os = 'Unknown system';
  if (/Windows/.test(ua)) os = 'Windows';
  else if (/iPhone|iPad|iPod/.test(ua)) os = 'iOS';
  else if (/Android/.test(ua)) os = 'Android';
  else if (/CrOS/.test(ua)) os = 'ChromeOS';
  else if (/Mac OS X|Macintosh/.test(ua)) os = 'macOS';
  else if (/Linux/.test(ua)) os = 'Linux';
  return { browser, os };
}

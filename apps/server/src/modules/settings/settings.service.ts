import {
  DEFAULT_USER_SETTINGS,
  defaultUserSettings,
  isIanaTimeZone,
  notificationSettingsSchema,
  regionSettingsSchema,
  resolveTimeZone,
  securitySettingsSchema,
  streamSettingsSchema,
  type UserSettings,
} from '@relaycast/shared/settings';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userSettings, users } from '../../db/schema/index';

type Row = typeof userSettings.$inferSelect;

/**
 * Each field of a section as stored, or the default where the stored value no longer passes the schema (an
 * option removed in a later version, say): a bad value never reaches ffmpeg and never fails the page.
 */
function readSection<T extends Record<string, unknown>>(
  schema: z.ZodObject,
  defaults: T,
  stored: Record<string, unknown>,
): T {
  const section: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    if (field?.safeParse(stored[key]).success) section[key] = stored[key];
  }
  return section as T;
}

function settingsFromRow(row: Row): UserSettings {
  return {
    stream: readSection(streamSettingsSchema, DEFAULT_USER_SETTINGS.stream, row),
    notifications: readSection(notificationSettingsSchema, DEFAULT_USER_SETTINGS.notifications, row),
    security: readSection(securitySettingsSchema, DEFAULT_USER_SETTINGS.security, row),
    region: readSection(regionSettingsSchema, DEFAULT_USER_SETTINGS.region, row),
  };
}

/**
 * A user's settings with the defaults where they never saved. What the stream engine reads before going live.
 * `security.twoFactorAuth` is the account's real state (Better Auth's `users.two_factor_enabled`), never a
 * saved wish: it changes only through enrolment and the password-confirmed turn-off (docs/security.md).
 */
export async function getUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const [found] = await db
    .select({ row: userSettings, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const settings = found?.row ? settingsFromRow(found.row) : defaultUserSettings();
  settings.security.twoFactorAuth = found?.twoFactorEnabled ?? false;
  return settings;
}

/**
 * Replaces the user's settings (creating the row on the first save). The input is already validated.
 * `security.twoFactorAuth` is ignored: it reflects the account, and is changed by the two-factor endpoints.
 */
export async function saveUserSettings(
  db: Db,
  userId: string,
  settings: UserSettings,
): Promise<UserSettings> {
  const { twoFactorAuth: _reflectedNotSaved, ...security } = settings.security;
  const values = {
    ...settings.stream,
    ...settings.notifications,
    ...security,
    ...settings.region,
    updatedAt: new Date(),
  };
  await db
    .insert(userSettings)
    // The old saved wish, no longer read: the column stays for older rows and is written false.
    .values({ userId, ...values, twoFactorAuth: false })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
  return getUserSettings(db, userId);
}

/**
 * The IANA zone the server writes a user's dates in (e-mails, reports, analytics days): the zone chosen in
 * Settings, or while it is `auto` the zone their browser last reported (`users.timezone`), else UTC.
 */
export function serverTimeZoneOf(setting: string | null | undefined, browserZone: string | null | undefined) {
  const fallback = browserZone && isIanaTimeZone(browserZone) ? browserZone : 'UTC';
  return resolveTimeZone(setting ?? undefined, fallback);
}

/** `serverTimeZoneOf` for one user, read in one statement. */
export async function getUserTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ setting: userSettings.timezone, browserZone: users.timezone })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return serverTimeZoneOf(row?.setting, row?.browserZone);
}

/** The zone of a user's browser, as the app reports it on each visit (stored only when it changed). */
export async function saveBrowserTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db
    .update(users)
    .set({ timezone: timeZone })
    .where(and(eq(users.id, userId), ne(users.timezone, timeZone)));
}

import {
  DEFAULT_USER_SETTINGS,
  defaultUserSettings,
  notificationSettingsSchema,
  regionSettingsSchema,
  securitySettingsSchema,
  streamSettingsSchema,
  type UserSettings,
} from '@relaycast/shared/settings';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema/index';

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

/** A user's settings with the defaults where they never saved. What the stream engine reads before going live. */
export async function getUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ? settingsFromRow(row) : defaultUserSettings();
}

/** Replaces the user's settings (creating the row on the first save). The input is already validated. */
export async function saveUserSettings(
  db: Db,
  userId: string,
  settings: UserSettings,
): Promise<UserSettings> {
  const values = {
    ...settings.stream,
    ...settings.notifications,
    ...settings.security,
    ...settings.region,
    updatedAt: new Date(),
  };
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
  return getUserSettings(db, userId);
}

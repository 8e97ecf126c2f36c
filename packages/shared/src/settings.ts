import { z } from 'zod';
import { isValidTimeZone } from './calendar';
import { WEEK_START_SETTINGS } from './week-start';

/**
 * A user's settings (`GET/PUT /api/settings`): stream, notifications, security, language and region. Options
 * and defaults are the specification's (sections 3 and 9). One row per user on the server; a user who never
 * saved gets `DEFAULT_USER_SETTINGS`.
 */

export const RESOLUTIONS = ['720p', '1080p', '4K'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Output frame size of each resolution (16:9). */
export const RESOLUTION_SIZES: Record<Resolution, { width: number; height: number }> = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '4K': { width: 3840, height: 2160 },
};

/** Video bitrates in kbps. */
export const BITRATES = [3000, 4500, 6000, 8000] as const;
export type Bitrate = (typeof BITRATES)[number];

export const FRAME_RATES = [30, 60] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

/**
 * Encoders the server can run everywhere. Only software x264: hardware encoders depend on the machine's GPU
 * and drivers, so they are not offered until the server can detect them.
 */
export const ENCODERS = ['x264'] as const;
export type Encoder = (typeof ENCODERS)[number];
export const ENCODER_LABELS: Record<Encoder, string> = { x264: 'x264 (software)' };

/** Container of what is sent to the platforms: RTMP carries FLV. */
export const STREAM_FORMATS = ['flv'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];
export const STREAM_FORMAT_LABELS: Record<StreamFormat, string> = { flv: 'FLV (RTMP)' };

import { LANGUAGES } from './languages';

export { LANGUAGE_LABELS, LANGUAGES, type Language } from './languages';

/**
 * The spec's four time zones (section 9). Each stands for the region's clock, daylight saving included, so a
 * post planned for 9:00 in PST stays at 9:00 after the clocks change (EST and PST are the US Eastern and
 * Pacific clocks, GMT is the UK's, UTC never changes). Any IANA zone ("Europe/Paris") may be chosen as well.
 */
export const SETTINGS_TIME_ZONES = ['UTC', 'EST', 'PST', 'GMT'] as const;
export type SettingsTimeZone = (typeof SETTINGS_TIME_ZONES)[number];
export const SETTINGS_TIME_ZONE_LABELS: Record<SettingsTimeZone, string> = {
  UTC: 'UTC',
  EST: 'EST (Eastern Time)',
  PST: 'PST (Pacific Time)',
  GMT: 'GMT (UK time)',
};
/** The IANA zone each of the spec's names stands for. */
export const SETTINGS_TIME_ZONE_IANA: Record<SettingsTimeZone, string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
  GMT: 'Europe/London',
};
/** The stored value meaning "the zone of the browser in use", the default until the user picks one. */
export const BROWSER_TIME_ZONE = 'auto';
const MAX_TIME_ZONE = 64;
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

function isSettingsTimeZoneName(value: string): value is SettingsTimeZone {
  return (SETTINGS_TIME_ZONES as readonly string[]).includes(value);
}

/** A zone the runtime knows by this IANA name. */
export function isIanaTimeZone(value: string): boolean {
  return value.length <= MAX_TIME_ZONE && IANA_NAME.test(value) && isValidTimeZone(value);
}

/** What the time-zone setting may hold: `auto`, one of the spec's four names, or an IANA zone. */
export function isTimeZoneSetting(value: string): boolean {
  return value === BROWSER_TIME_ZONE || isSettingsTimeZoneName(value) || isIanaTimeZone(value);
}

/**
 * The IANA zone dates are shown and chosen in: the user's choice, or `fallback` (the browser's zone in the
 * web app, UTC on the server) while the setting is `auto`, missing or not a zone this runtime knows.
 */
export function resolveTimeZone(setting: string | undefined, fallback: string): string {
  if (!setting || setting === BROWSER_TIME_ZONE) return fallback;
  if (isSettingsTimeZoneName(setting)) return SETTINGS_TIME_ZONE_IANA[setting];
  return isIanaTimeZone(setting) ? setting : fallback;
}

/** Longest device id kept (browsers use 64-character hex ids; some platforms longer). */
export const MAX_DEVICE_ID = 512;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved successfully',
  saveFailed: 'Failed to save settings',
  loadFailed: 'Failed to load settings',
  resolution: `Resolution must be one of ${RESOLUTIONS.join(', ')}.`,
  bitrate: `Bitrate must be one of ${BITRATES.join(', ')} kbps.`,
  fps: `FPS must be one of ${FRAME_RATES.join(', ')}.`,
  encoder: `Encoder must be ${ENCODERS.join(', ')}.`,
  format: `Format must be ${STREAM_FORMATS.join(', ')}.`,
  language: `Language must be one of ${LANGUAGES.join(', ')}.`,
  timezone: `Time zone must be ${SETTINGS_TIME_ZONES.join(', ')}, ${BROWSER_TIME_ZONE} (the browser's zone) or an IANA zone such as Europe/Paris.`,
  browserTimeZone: 'The browser’s time zone must be an IANA zone such as Europe/Paris.',
  deviceId: 'Device ids must be text of at most 512 characters.',
  toggle: (name: string) => `${name} must be on or off (true or false).`,
  weekStart: `The first day of the week must be one of ${WEEK_START_SETTINGS.join(', ')}.`,
  devicesDenied:
    'Camera and microphone access was denied, so the device lists are empty. Allow access in the browser’s site settings and try again.',
  devicesUnavailable: 'This browser cannot list cameras and microphones.',
  devicesNone: 'No devices found',
  encoderNote: 'The server encodes with x264 and sends FLV over RTMP, which every platform accepts.',
  securityDescription: 'Two-factor sign-in, API keys for the public API and your signed-in devices.',
} as const;

const deviceIdSchema = z
  .string({ error: SETTINGS_MESSAGES.deviceId })
  .max(MAX_DEVICE_ID, SETTINGS_MESSAGES.deviceId);
const toggle = (name: string) => z.boolean({ error: SETTINGS_MESSAGES.toggle(name) });

export const streamSettingsSchema = z.object({
  /** Camera, microphone and speaker device ids from `enumerateDevices()`; empty means the browser default. */
  videoInput: deviceIdSchema,
  audioInput: deviceIdSchema,
  audioOutput: deviceIdSchema,
  resolution: z.enum(RESOLUTIONS, { error: SETTINGS_MESSAGES.resolution }),
  /** kbps. */
  bitrate: z.literal(BITRATES, { error: SETTINGS_MESSAGES.bitrate }),
  fps: z.literal(FRAME_RATES, { error: SETTINGS_MESSAGES.fps }),
  encoder: z.enum(ENCODERS, { error: SETTINGS_MESSAGES.encoder }),
  format: z.enum(STREAM_FORMATS, { error: SETTINGS_MESSAGES.format }),
});
export type StreamSettings = z.infer<typeof streamSettingsSchema>;

export const notificationSettingsSchema = z.object({
  emailNotifications: toggle('Email notifications'),
  pushNotifications: toggle('Push notifications'),
  streamNotifications: toggle('Stream notifications'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const securitySettingsSchema = z.object({
  twoFactorAuth: toggle('Two-factor authentication'),
  apiKeyEnabled: toggle('API key access'),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const regionSettingsSchema = z.object({
  language: z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.language }),
  timezone: z
    .string({ error: SETTINGS_MESSAGES.timezone })
    .refine(isTimeZoneSetting, { error: SETTINGS_MESSAGES.timezone }),
  /** `auto` (the language's convention) or the day the user's weeks start on; absent in a request means `auto`. */
  weekStart: z.enum(WEEK_START_SETTINGS, { error: SETTINGS_MESSAGES.weekStart }).default('auto'),
});
export type RegionSettings = z.infer<typeof regionSettingsSchema>;

/**
 * `PUT /api/settings/browser-time-zone`: the zone of the browser the user works in, reported by the app, so
 * e-mails and reports sent by the server follow the same clock as the pages while the setting is `auto`.
 */
export const browserTimeZoneSchema = z.object({
  timeZone: z
    .string({ error: SETTINGS_MESSAGES.browserTimeZone })
    .refine(isIanaTimeZone, { error: SETTINGS_MESSAGES.browserTimeZone }),
});
export type BrowserTimeZone = z.infer<typeof browserTimeZoneSchema>;

/** The whole settings object: what `GET` returns and what `PUT` replaces (every field required). */
export const userSettingsSchema = z.object({
  stream: streamSettingsSchema,
  notifications: notificationSettingsSchema,
  security: securitySettingsSchema,
  region: regionSettingsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  stream: {
    videoInput: '',
    audioInput: '',
    audioOutput: '',
    // What a 2-core server encodes in real time with room to spare (x3.9 measured; 1080p60 fell to x0.5–0.7
    // there): docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md. A user may choose more.
    resolution: '720p',
    bitrate: 3000,
    fps: 30,
    encoder: 'x264',
    format: 'flv',
  },
  notifications: { emailNotifications: true, pushNotifications: true, streamNotifications: true },
  security: { twoFactorAuth: false, apiKeyEnabled: true },
  region: { language: 'en', timezone: BROWSER_TIME_ZONE, weekStart: 'auto' },
};

/** A fresh copy of the defaults (callers may mutate it, e.g. form state). */
export function defaultUserSettings(): UserSettings {
  const { stream, notifications, security, region } = DEFAULT_USER_SETTINGS;
  return {
    stream: { ...stream },
    notifications: { ...notifications },
    security: { ...security },
    region: { ...region },
  };
}

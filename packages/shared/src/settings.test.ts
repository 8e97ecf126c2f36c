import { describe, expect, it } from 'vitest';
import { zonedToInstant } from './calendar';
import {
  DEFAULT_USER_SETTINGS,
  defaultUserSettings,
  resolveTimeZone,
  SETTINGS_MESSAGES,
  userSettingsSchema,
} from './settings';

describe('userSettingsSchema', () => {
  it('has the specification defaults, with a stream a 2-core server encodes in real time', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      stream: {
        videoInput: '',
        audioInput: '',
        audioOutput: '',
        resolution: '720p',
        bitrate: 3000,
        fps: 30,
        encoder: 'x264',
        format: 'flv',
      },
      notifications: { emailNotifications: true, pushNotifications: true, streamNotifications: true },
      security: { twoFactorAuth: false, apiKeyEnabled: true },
      region: { language: 'en', timezone: 'auto', weekStart: 'auto' },
    });
    expect(userSettingsSchema.parse(DEFAULT_USER_SETTINGS)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('accepts every listed option', () => {
    for (const resolution of ['720p', '1080p', '4K'] as const)
      for (const bitrate of [3000, 4500, 6000, 8000] as const)
        for (const fps of [30, 60] as const) {
          const value = {
            ...DEFAULT_USER_SETTINGS,
            stream: { ...DEFAULT_USER_SETTINGS.stream, resolution, bitrate, fps },
          };
          expect(userSettingsSchema.safeParse(value).success).toBe(true);
        }
    for (const language of ['en', 'es', 'fr', 'de'] as const)
      for (const timezone of [
        'auto',
        'UTC',
        'EST',
        'PST',
        'GMT',
        'Europe/Paris',
        'America/Argentina/Buenos_Aires',
      ])
        expect(
          userSettingsSchema.safeParse({ ...DEFAULT_USER_SETTINGS, region: { language, timezone } }).success,
        ).toBe(true);
  });

  it.each([
    [{ stream: { ...DEFAULT_USER_SETTINGS.stream, resolution: '1440p' } }, SETTINGS_MESSAGES.resolution],
    [{ stream: { ...DEFAULT_USER_SETTINGS.stream, bitrate: 6001 } }, SETTINGS_MESSAGES.bitrate],
    [{ stream: { ...DEFAULT_USER_SETTINGS.stream, fps: '60' } }, SETTINGS_MESSAGES.fps],
    [{ stream: { ...DEFAULT_USER_SETTINGS.stream, encoder: 'nvenc' } }, SETTINGS_MESSAGES.encoder],
    [{ stream: { ...DEFAULT_USER_SETTINGS.stream, format: 'mp4' } }, SETTINGS_MESSAGES.format],
    [{ region: { language: 'EN', timezone: 'UTC' } }, SETTINGS_MESSAGES.language],
    [{ region: { language: 'en', timezone: 'Mars/Olympus_Mons' } }, SETTINGS_MESSAGES.timezone],
    [{ region: { language: 'en', timezone: '' } }, SETTINGS_MESSAGES.timezone],
    [{ region: { language: 'en', timezone: 'Europe/Paris\u0000' } }, SETTINGS_MESSAGES.timezone],
    [{ region: { language: 'en', timezone: `Europe/${'x'.repeat(100)}` } }, SETTINGS_MESSAGES.timezone],
    [{ region: { language: 'en', timezone: 7 } }, SETTINGS_MESSAGES.timezone],
    [
      { security: { twoFactorAuth: 1, apiKeyEnabled: true } },
      SETTINGS_MESSAGES.toggle('Two-factor authentication'),
    ],
  ])('refuses %j with its message', (patch, message) => {
    const result = userSettingsSchema.safeParse({ ...DEFAULT_USER_SETTINGS, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('reads a time-zone setting as the IANA zone it stands for', () => {
    expect(resolveTimeZone('auto', 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(resolveTimeZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(resolveTimeZone('PST', 'Asia/Tokyo')).toBe('America/Los_Angeles');
    expect(resolveTimeZone('EST', 'UTC')).toBe('America/New_York');
    expect(resolveTimeZone('GMT', 'UTC')).toBe('Europe/London');
    expect(resolveTimeZone('UTC', 'Asia/Tokyo')).toBe('UTC');
    expect(resolveTimeZone('Europe/Paris', 'UTC')).toBe('Europe/Paris');
    // A value stored by another runtime that this one does not know falls back instead of throwing later.
    expect(resolveTimeZone('Mars/Olympus_Mons', 'UTC')).toBe('UTC');
  });

  it('keeps the wall-clock time of PST across daylight saving', () => {
    // 9:00 in Los Angeles is 17:00 UTC in winter (PST) and 16:00 UTC in summer (PDT).
    const zone = resolveTimeZone('PST', 'UTC');
    expect(zonedToInstant('2026-01-15', '09:00', zone).toISOString()).toBe('2026-01-15T17:00:00.000Z');
    expect(zonedToInstant('2026-07-15', '09:00', zone).toISOString()).toBe('2026-07-15T16:00:00.000Z');
  });

  it('hands out copies of the defaults', () => {
    const copy = defaultUserSettings();
    copy.stream.fps = 60;
    expect(DEFAULT_USER_SETTINGS.stream.fps).toBe(30);
  });
});

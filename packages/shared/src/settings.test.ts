import { describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_SETTINGS,
  defaultUserSettings,
  SETTINGS_MESSAGES,
  userSettingsSchema,
} from './settings';

describe('userSettingsSchema', () => {
  it('has the specification defaults', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      stream: {
        videoInput: '',
        audioInput: '',
        audioOutput: '',
        resolution: '1080p',
        bitrate: 6000,
        fps: 60,
        encoder: 'x264',
        format: 'flv',
      },
      notifications: { emailNotifications: true, pushNotifications: true, streamNotifications: true },
      security: { twoFactorAuth: false, apiKeyEnabled: true },
      region: { language: 'en', timezone: 'UTC' },
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
      for (const timezone of ['UTC', 'EST', 'PST', 'GMT'] as const)
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
    [{ region: { language: 'en', timezone: 'Europe/Paris' } }, SETTINGS_MESSAGES.timezone],
    [
      { security: { twoFactorAuth: 1, apiKeyEnabled: true } },
      SETTINGS_MESSAGES.toggle('Two-factor authentication'),
    ],
  ])('refuses %j with its message', (patch, message) => {
    const result = userSettingsSchema.safeParse({ ...DEFAULT_USER_SETTINGS, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('hands out copies of the defaults', () => {
    const copy = defaultUserSettings();
    copy.stream.fps = 30;
    expect(DEFAULT_USER_SETTINGS.stream.fps).toBe(60);
  });
});

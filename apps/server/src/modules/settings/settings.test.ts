import { DEFAULT_USER_SETTINGS, SETTINGS_MESSAGES, type UserSettings } from '@relaycast/shared/settings';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { userSettings, users } from '../../db/schema/index';
import { getUserSettings, serverTimeZoneOf } from './settings.service';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });

const custom: UserSettings = {
  stream: {
    videoInput: 'cam-123',
    audioInput: 'mic-456',
    audioOutput: 'speaker-789',
    resolution: '720p',
    bitrate: 3000,
    fps: 30,
    encoder: 'x264',
    format: 'flv',
  },
  notifications: { emailNotifications: false, pushNotifications: true, streamNotifications: false },
  // twoFactorAuth reflects the account's real state (off until enrolled): a PUT cannot turn it on.
  security: { twoFactorAuth: false, apiKeyEnabled: false },
  region: { language: 'de', timezone: 'PST', weekStart: 'sunday' },
};

describe('user settings', () => {
  it('gives the defaults to a user who never saved, without writing a row', async () => {
    const res = await s.bob.get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_USER_SETTINGS);
    expect(res.json().stream).toMatchObject({ resolution: '720p', bitrate: 3000, fps: 30, encoder: 'x264' });
    expect(await getUserSettings(s.t.db, s.bob.userId)).toEqual(DEFAULT_USER_SETTINGS);
    expect(await s.t.db.select().from(userSettings).where(eq(userSettings.userId, s.bob.userId))).toEqual([]);
  });

  it('saves every field and gives them back on the next read', async () => {
    const saved = await s.ada.send('PUT', '/api/settings', custom);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(custom);
    expect((await s.ada.get('/api/settings')).json()).toEqual(custom);
    expect(await getUserSettings(s.t.db, s.ada.userId)).toEqual(custom);

    const again = { ...custom, stream: { ...custom.stream, resolution: '4K', bitrate: 8000, fps: 60 } };
    expect((await s.ada.send('PUT', '/api/settings', again)).statusCode).toBe(200);
    expect((await s.ada.get('/api/settings')).json()).toEqual(again);
    expect(
      await s.t.db.select().from(userSettings).where(eq(userSettings.userId, s.ada.userId)),
    ).toHaveLength(1);
  });

  it('keeps any IANA time zone, and the browser’s zone (auto) as the default', async () => {
    expect((await s.bob.get('/api/settings')).json().region.timezone).toBe('auto');
    for (const timezone of ['Asia/Kolkata', 'GMT', 'auto']) {
      const res = await s.bob.send('PUT', '/api/settings', {
        ...DEFAULT_USER_SETTINGS,
        region: { language: 'en', timezone },
      });
      expect(res.statusCode).toBe(200);
      expect((await s.bob.get('/api/settings')).json().region.timezone).toBe(timezone);
    }
    await s.t.db.delete(userSettings).where(eq(userSettings.userId, s.bob.userId));
  });

  it('keeps the week’s first day per user: auto by default, absent in a request means auto', async () => {
    expect((await s.bob.get('/api/settings')).json().region.weekStart).toBe('auto');
    for (const weekStart of ['monday', 'saturday', 'sunday', 'auto']) {
      const res = await s.bob.send('PUT', '/api/settings', {
        ...DEFAULT_USER_SETTINGS,
        region: { language: 'de', timezone: 'auto', weekStart },
      });
      expect(res.statusCode).toBe(200);
      expect((await s.bob.get('/api/settings')).json().region.weekStart).toBe(weekStart);
    }
    await s.bob.send('PUT', '/api/settings', {
      ...DEFAULT_USER_SETTINGS,
      region: { language: 'de', timezone: 'auto', weekStart: 'monday' },
    });
    // A client that does not know the field yet (an older tab) sends the region without it.
    const older = await s.bob.send('PUT', '/api/settings', {
      ...DEFAULT_USER_SETTINGS,
      region: { language: 'de', timezone: 'auto' },
    });
    expect(older.statusCode).toBe(200);
    expect(older.json().region.weekStart).toBe('auto');
    const [row] = await s.t.db
      .select({ weekStart: userSettings.weekStart })
      .from(userSettings)
      .where(eq(userSettings.userId, s.bob.userId));
    expect(row?.weekStart).toBe('auto');
    await s.t.db.delete(userSettings).where(eq(userSettings.userId, s.bob.userId));
  });

  it('keeps one user’s settings away from another', async () => {
    expect((await s.bob.get('/api/settings')).json()).toEqual(DEFAULT_USER_SETTINGS);
    expect(await getUserSettings(s.t.db, s.bob.userId)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it.each([
    ['resolution', { stream: { ...custom.stream, resolution: '1440p' } }, SETTINGS_MESSAGES.resolution],
    ['bitrate', { stream: { ...custom.stream, bitrate: 5000 } }, SETTINGS_MESSAGES.bitrate],
    ['bitrate as text', { stream: { ...custom.stream, bitrate: '6000' } }, SETTINGS_MESSAGES.bitrate],
    ['fps', { stream: { ...custom.stream, fps: 25 } }, SETTINGS_MESSAGES.fps],
    ['encoder', { stream: { ...custom.stream, encoder: 'nvenc' } }, SETTINGS_MESSAGES.encoder],
    ['format', { stream: { ...custom.stream, format: 'mp4' } }, SETTINGS_MESSAGES.format],
    ['language', { region: { language: 'it', timezone: 'UTC' } }, SETTINGS_MESSAGES.language],
    ['timezone', { region: { language: 'en', timezone: 'Mars/Olympus_Mons' } }, SETTINGS_MESSAGES.timezone],
    ['week start', { region: { ...custom.region, weekStart: 'friday' } }, SETTINGS_MESSAGES.weekStart],
    ['week start as a number', { region: { ...custom.region, weekStart: 1 } }, SETTINGS_MESSAGES.weekStart],
    [
      'toggle',
      { notifications: { ...custom.notifications, pushNotifications: 'yes' } },
      SETTINGS_MESSAGES.toggle('Push notifications'),
    ],
    ['device id', { stream: { ...custom.stream, videoInput: 'x'.repeat(600) } }, SETTINGS_MESSAGES.deviceId],
  ])('refuses a bad %s with a clear 400 and changes nothing', async (_name, patch, message) => {
    const before = (await s.ada.get('/api/settings')).json();
    const res = await s.ada.send('PUT', '/api/settings', { ...before, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await s.ada.get('/api/settings')).json()).toEqual(before);
  });

  it('refuses a body with a section missing', async () => {
    const res = await s.bob.send('PUT', '/api/settings', { stream: DEFAULT_USER_SETTINGS.stream });
    expect(res.statusCode).toBe(400);
    expect(await s.t.db.select().from(userSettings).where(eq(userSettings.userId, s.bob.userId))).toEqual([]);
  });

  it('falls back to the default for a stored value that is no longer an option', async () => {
    await s.t.db
      .update(userSettings)
      .set({ bitrate: 12345, language: 'xx', weekStart: 'friday' })
      .where(eq(userSettings.userId, s.ada.userId));
    const settings = await getUserSettings(s.t.db, s.ada.userId);
    expect(settings.stream.bitrate).toBe(DEFAULT_USER_SETTINGS.stream.bitrate);
    expect(settings.region.language).toBe(DEFAULT_USER_SETTINGS.region.language);
    expect(settings.region.weekStart).toBe('auto');
    expect(settings.stream.resolution).toBe('4K');
  });

  it('stores the zone the browser reports, and refuses what is not a zone', async () => {
    const zoneOf = async () =>
      (await s.t.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, s.bob.userId)))[0]
        ?.timezone;
    expect(
      (await s.bob.send('PUT', '/api/settings/browser-time-zone', { timeZone: 'Europe/Paris' })).statusCode,
    ).toBe(204);
    expect(await zoneOf()).toBe('Europe/Paris');
    for (const timeZone of ['Mars/Base', 'auto', '', '../../etc/passwd', 'x'.repeat(10_000), 42]) {
      const res = await s.bob.send('PUT', '/api/settings/browser-time-zone', { timeZone });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: SETTINGS_MESSAGES.browserTimeZone,
      });
    }
    // A NUL byte is stopped before validation, by the input guard, with its own message.
    const nul = await s.bob.send('PUT', '/api/settings/browser-time-zone', {
      timeZone: 'Europe/Paris\u0000',
    });
    expect(nul.statusCode).toBe(400);
    expect(await zoneOf()).toBe('Europe/Paris');
    // Ada's report never touches Bob's row.
    await s.ada.send('PUT', '/api/settings/browser-time-zone', { timeZone: 'Asia/Tokyo' });
    expect(await zoneOf()).toBe('Europe/Paris');
  });

  it('writes server-side dates in the chosen zone, else the browser’s, else UTC', () => {
    expect(serverTimeZoneOf('PST', 'Asia/Tokyo')).toBe('America/Los_Angeles');
    expect(serverTimeZoneOf('auto', 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(serverTimeZoneOf(null, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(serverTimeZoneOf('auto', 'Not/AZone')).toBe('UTC');
    expect(serverTimeZoneOf(undefined, null)).toBe('UTC');
  });

  it('needs a signed-in user', async () => {
    expect(
      (
        await s.t.app.inject({
          method: 'PUT',
          url: '/api/settings/browser-time-zone',
          payload: { timeZone: 'UTC' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});

import { ERROR_CODES } from '@relaycast/shared/messages';
import { DEFAULT_USER_SETTINGS, SETTINGS_MESSAGES, type UserSettings } from '@relaycast/shared/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userSettings } from '../../db/schema/index';
import { type Member, signedInMember } from '../posts/posts.test-support';
import { getUserSettings } from './settings.service';

let t: TestApp;
let ada: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInMember(t, 'Ada');
  bob = await signedInMember(t, 'Bob');
});
afterAll(() => t.close());

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
  region: { language: 'de', timezone: 'PST' },
};

describe('user settings', () => {
  it('gives the defaults to a user who never saved, without writing a row', async () => {
    const res = await bob.get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_USER_SETTINGS);
    expect(res.json().stream).toMatchObject({ resolution: '1080p', bitrate: 6000, fps: 60, encoder: 'x264' });
    expect(await getUserSettings(t.db, bob.userId)).toEqual(DEFAULT_USER_SETTINGS);
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, bob.userId))).toEqual([]);
  });

  it('saves every field and gives them back on the next read', async () => {
    const saved = await ada.send('PUT', '/api/settings', custom);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(custom);
    expect((await ada.get('/api/settings')).json()).toEqual(custom);
    expect(await getUserSettings(t.db, ada.userId)).toEqual(custom);

    const again = { ...custom, stream: { ...custom.stream, resolution: '4K', bitrate: 8000, fps: 60 } };
    expect((await ada.send('PUT', '/api/settings', again)).statusCode).toBe(200);
    expect((await ada.get('/api/settings')).json()).toEqual(again);
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, ada.userId))).toHaveLength(1);
  });

  it('keeps one user’s settings away from another', async () => {
    expect((await bob.get('/api/settings')).json()).toEqual(DEFAULT_USER_SETTINGS);
    expect(await getUserSettings(t.db, bob.userId)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it.each([
    ['resolution', { stream: { ...custom.stream, resolution: '1440p' } }, SETTINGS_MESSAGES.resolution],
    ['bitrate', { stream: { ...custom.stream, bitrate: 5000 } }, SETTINGS_MESSAGES.bitrate],
    ['bitrate as text', { stream: { ...custom.stream, bitrate: '6000' } }, SETTINGS_MESSAGES.bitrate],
    ['fps', { stream: { ...custom.stream, fps: 25 } }, SETTINGS_MESSAGES.fps],
    ['encoder', { stream: { ...custom.stream, encoder: 'nvenc' } }, SETTINGS_MESSAGES.encoder],
    ['format', { stream: { ...custom.stream, format: 'mp4' } }, SETTINGS_MESSAGES.format],
    ['language', { region: { language: 'it', timezone: 'UTC' } }, SETTINGS_MESSAGES.language],
    ['timezone', { region: { language: 'en', timezone: 'CET' } }, SETTINGS_MESSAGES.timezone],
    [
      'toggle',
      { notifications: { ...custom.notifications, pushNotifications: 'yes' } },
      SETTINGS_MESSAGES.toggle('Push notifications'),
    ],
    ['device id', { stream: { ...custom.stream, videoInput: 'x'.repeat(600) } }, SETTINGS_MESSAGES.deviceId],
  ])('refuses a bad %s with a clear 400 and changes nothing', async (_name, patch, message) => {
    const before = (await ada.get('/api/settings')).json();
    const res = await ada.send('PUT', '/api/settings', { ...before, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.validation, message });
    expect((await ada.get('/api/settings')).json()).toEqual(before);
  });

  it('refuses a body with a section missing', async () => {
    const res = await bob.send('PUT', '/api/settings', { stream: DEFAULT_USER_SETTINGS.stream });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, bob.userId))).toEqual([]);
  });

  it('falls back to the default for a stored value that is no longer an option', async () => {
    await t.db
      .update(userSettings)
      .set({ bitrate: 12345, language: 'xx' })
      .where(eq(userSettings.userId, ada.userId));
    const settings = await getUserSettings(t.db, ada.userId);
    expect(settings.stream.bitrate).toBe(DEFAULT_USER_SETTINGS.stream.bitrate);
    expect(settings.region.language).toBe(DEFAULT_USER_SETTINGS.region.language);
    expect(settings.stream.resolution).toBe('4K');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import {
  isChannelEnabled,
  isInAppPath,
  markNotificationsReadSchema,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  pushSubscriptionSchema,
} from './notifications';

const ALL_ON = { emailNotifications: true, pushNotifications: true, streamNotifications: true };
const ALL_OFF = { emailNotifications: false, pushNotifications: false, streamNotifications: false };

describe('isChannelEnabled', () => {
  it('always keeps a notification in the app, whatever the toggles', () => {
    for (const kind of NOTIFICATION_KINDS) expect(isChannelEnabled(kind, 'inApp', ALL_OFF)).toBe(true);
  });

  it('sends e-mail and push when their toggle is on', () => {
    expect(isChannelEnabled('post_failed', 'email', ALL_ON)).toBe(true);
    expect(isChannelEnabled('post_failed', 'push', ALL_ON)).toBe(true);
    expect(isChannelEnabled('post_failed', 'email', { ...ALL_ON, emailNotifications: false })).toBe(false);
    expect(isChannelEnabled('post_failed', 'push', { ...ALL_ON, pushNotifications: false })).toBe(false);
  });

  it('needs stream notifications on for stream kinds only', () => {
    const noStreams = { ...ALL_ON, streamNotifications: false };
    for (const kind of ['stream_live', 'stream_failed', 'stream_due'] as const) {
      expect(isChannelEnabled(kind, 'email', noStreams)).toBe(false);
      expect(isChannelEnabled(kind, 'push', noStreams)).toBe(false);
    }
    for (const kind of ['post_failed', 'account_reconnect', 'weekly_summary'] as const) {
      expect(isChannelEnabled(kind, 'email', noStreams)).toBe(true);
      expect(isChannelEnabled(kind, 'push', noStreams)).toBe(true);
    }
  });
});

describe('isInAppPath', () => {
  it('accepts paths of the app and refuses other sites', () => {
    expect(isInAppPath('/calendar')).toBe(true);
    expect(isInAppPath('/streaming?scheduled=abc')).toBe(true);
    expect(isInAppPath('//evil.example')).toBe(false);
    expect(isInAppPath('/\\evil.example')).toBe(false);
    expect(isInAppPath('https://evil.example')).toBe(false);
    expect(isInAppPath('javascript:alert(1)')).toBe(false);
  });
});

describe('schemas', () => {
  it('marks all or a list of ids as read, with a clear message otherwise', () => {
    expect(markNotificationsReadSchema.safeParse({ all: true }).success).toBe(true);
    expect(markNotificationsReadSchema.safeParse({ ids: ['a', 'b'] }).success).toBe(true);
    for (const bad of [{}, { all: false }, { ids: [] }, { ids: 'a' }, null]) {
      const result = markNotificationsReadSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NOTIFICATION_MESSAGES.idsInvalid);
    }
  });

  it('accepts a browser push subscription and refuses a malformed one', () => {
    const good = {
      endpoint: 'https://push.example/send/abc',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    };
    expect(pushSubscriptionSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, endpoint: 'ftp://push.example' },
      { ...good, keys: { p256dh: 'short', auth: 'a'.repeat(22) } },
      { endpoint: good.endpoint },
    ]) {
      const result = pushSubscriptionSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NOTIFICATION_MESSAGES.subscriptionInvalid);
    }
  });

  it('words the weekly summary in the singular and plural', () => {
    expect(NOTIFICATION_MESSAGES.weeklySummaryBody(1, 0)).toBe(
      'Last week 1 post was published and 0 posts failed.',
    );
    expect(NOTIFICATION_MESSAGES.weeklySummaryBody(3, 1)).toBe(
      'Last week 3 posts were published and 1 post failed.',
    );
  });
});

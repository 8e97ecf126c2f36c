import type { Post } from '@relaycast/shared/posts';
import type { PostTarget } from '@relaycast/shared/publishing';
import { describe, expect, it } from 'vitest';
import { PUBLISHING_REFRESH_MS, publishingRefreshInterval } from './posts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

function postWith(...targets: Partial<PostTarget>[]): Post {
  return {
    id: 'p1',
    content: 'Hello',
    platforms: ['mastodon'],
    overrides: {},
    media: [],
    status: 'scheduled',
    scheduledAt: null,
    timezone: 'UTC',
    authorId: 'u1',
    createdAt: '2026-03-10T00:00:00.000Z',
    updatedAt: '2026-03-10T00:00:00.000Z',
    targets: targets.map((target, index) => ({
      id: `t${index}`,
      platform: 'mastodon',
      accountId: 'a1',
      accountHandle: 'ada',
      status: 'scheduled',
      attempts: 0,
      dueAt: null,
      lastError: null,
      platformPostId: null,
      url: null,
      publishedAt: null,
      ...target,
    })),
  };
}

const inMs = (ms: number) => new Date(NOW + ms).toISOString();

describe('publishingRefreshInterval', () => {
  it('watches closely while a target is in flight or about to be due', () => {
    expect(publishingRefreshInterval([postWith({ status: 'publishing' })], NOW)).toBe(PUBLISHING_REFRESH_MS);
    expect(publishingRefreshInterval([postWith({ dueAt: inMs(10_000) })], NOW)).toBe(PUBLISHING_REFRESH_MS);
  });

  it('wakes up half a minute before the nearest due target', () => {
    const posts = [postWith({ dueAt: inMs(120_000) }), postWith({ dueAt: inMs(90_000) })];
    expect(publishingRefreshInterval(posts, NOW)).toBe(60_000);
  });

  it('does not poll for published posts or far-away ones', () => {
    expect(publishingRefreshInterval([postWith({ status: 'published', dueAt: inMs(-1_000) })], NOW)).toBe(
      false,
    );
    expect(publishingRefreshInterval([postWith({ dueAt: inMs(3_600_000) })], NOW)).toBe(false);
    expect(publishingRefreshInterval(undefined, NOW)).toBe(false);
  });
});

import type { Post } from '@relaycast/shared/posts';
import { POSTS_PAGE_MEDIA_TYPE } from '@relaycast/shared/posts-page';
import type { PostTarget } from '@relaycast/shared/publishing';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { postsPageOf } from '@/test/posts-page.fake';
import { listPosts, PUBLISHING_REFRESH_MS, publishingRefreshInterval } from './posts';

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

describe('listPosts', () => {
  it('asks for the page as the database wrote it and decodes it into the posts', async () => {
    const published = postWith({
      status: 'published',
      publishedAt: '2026-03-10T09:00:00.000Z',
      url: 'https://x/1',
    });
    const api = fakeApi({ 'GET /api/posts': postsPageOf([published]) });
    expect(
      await listPosts({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-22T00:00:00.000Z', limit: 200 }),
    ).toEqual([
      {
        ...published,
        firstComment: '',
        threadParts: [],
        threadMedia: [],
        labels: [],
        createdByName: null,
        updatedByName: null,
        targets: [{ ...published.targets[0], commentStatus: null, commentError: null }],
      },
    ]);
    const [call] = api.callsTo('GET /api/posts');
    expect(call?.url).toBe(
      '/api/posts?from=2026-03-01T00%3A00%3A00.000Z&to=2026-03-22T00%3A00%3A00.000Z&limit=200',
    );
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('accept')).toBe(POSTS_PAGE_MEDIA_TYPE);
  });
});

import { describe, expect, it } from 'vitest';
import { decodePostsPage, jsonInstant, type PostsPage } from './posts-page';

describe('jsonInstant', () => {
  it('writes every instant the database sends in JSON exactly as Date would', () => {
    const samples = [
      '2026-11-19T01:00:00+00:00',
      '2026-11-19T01:00:00.5+00:00',
      '2026-11-19T01:00:00.12+00:00',
      '2026-11-19T01:00:00.123+00:00',
      '2026-11-19T01:00:00.1239+00:00',
      '2026-11-19T01:00:00.123999+00:00',
      '2026-11-19T23:59:59.999999+00:00',
      '2026-03-29T01:30:00+02:00',
      '2026-10-25T02:30:00.250-04:00',
      '1999-12-31T23:59:59.000001+05:30',
    ];
    for (const sample of samples) expect(jsonInstant(sample), sample).toBe(new Date(sample).toISOString());
    expect(jsonInstant('2026-11-19T01:00:00.5+00:00')).toBe('2026-11-19T01:00:00.500Z');
    expect(jsonInstant(null)).toBeNull();
  });
});

describe('decodePostsPage', () => {
  const page: PostsPage = {
    accounts: { 'acc-x': 'ada_x', 'acc-m': 'ada@mastodon.social' },
    names: { u1: 'Ada', u2: null },
    media: {
      p1: [
        ['f2', 'clip.mp4', 'video/mp4', 5000, 12.5, false, null, null, ''],
        ['f1', 'a b.jpg', 'image/jpeg', 1000, null, true, 1080, 1350, 'A cat'],
      ],
    },
    targets: {
      p1: [
        [
          't3',
          'twitter',
          'acc-x',
          'scheduled',
          0,
          '2026-03-10T09:00:00+00:00',
          null,
          null,
          null,
          null,
          '2026-03-01T00:00:00.2+00:00',
          null,
          null,
        ],
        [
          't2',
          'mastodon',
          'acc-gone',
          'published',
          1,
          null,
          null,
          '99',
          'https://m/99',
          '2026-03-10T09:00:01.123456+00:00',
          '2026-03-01T00:00:00+00:00',
          'posted',
          null,
        ],
        [
          't1',
          'twitter',
          null,
          'needs_account',
          0,
          null,
          null,
          null,
          null,
          null,
          '2026-03-01T00:00:00.1+00:00',
          null,
          null,
        ],
      ],
    },
    threadMedia: { p1: [[2, 'f3', 'three.png', 'image/png', 10, null, false, 1, 1, '']] },
    labels: { p1: [['l1', 'Launch', 'green']] },
    posts: [
      [
        'p1',
        'Hello',
        ['twitter', 'mastodon'],
        { twitter: 'Hi X' },
        'scheduled',
        '2026-03-10T09:00:00+00:00',
        'Europe/Paris',
        'u1',
        '2026-03-01T00:00:00+00:00',
        '2026-03-02T10:20:30.5+01:00',
        'u2',
        'First!',
        ['Hello', 'part 2', 'part 3'],
      ],
      [
        'p2',
        'Draft',
        ['twitter'],
        {},
        'draft',
        null,
        'UTC',
        null,
        '2026-03-01T00:00:00+00:00',
        '2026-03-01T00:00:00+00:00',
        null,
        '',
        null,
      ],
    ],
  };

  it('gives each post its media, thread media, labels, names and targets in the API order', () => {
    const [first, draft] = decodePostsPage(page);
    expect(first).toMatchObject({
      id: 'p1',
      overrides: { twitter: 'Hi X' },
      scheduledAt: '2026-03-10T09:00:00.000Z',
      updatedAt: '2026-03-02T09:20:30.500Z',
      createdByName: 'Ada',
      updatedByName: null,
      firstComment: 'First!',
      threadParts: ['Hello', 'part 2', 'part 3'],
      labels: [{ id: 'l1', name: 'Launch', color: 'green' }],
    });
    expect(first?.media.map((file) => [file.id, file.url, file.thumbnailUrl, file.altText])).toEqual([
      ['f2', '/api/media/f2/file', null, ''],
      ['f1', '/api/media/f1/file', '/api/media/f1/thumbnail', 'A cat'],
    ]);
    expect(first?.threadMedia?.map((files) => files.map((file) => file.id))).toEqual([[], [], ['f3']]);
    // By platform, then creation, then id; a handle only for an account the workspace has.
    expect(first?.targets.map((target) => [target.id, target.accountHandle, target.publishedAt])).toEqual([
      ['t2', null, '2026-03-10T09:00:01.123Z'],
      ['t1', null, null],
      ['t3', 'ada_x', null],
    ]);
    expect(draft).toMatchObject({
      id: 'p2',
      scheduledAt: null,
      threadParts: [],
      threadMedia: [],
      media: [],
      targets: [],
    });
    expect(draft?.createdByName).toBeNull();
  });

  it('reads a page without posts, whose maps are all null', () => {
    const empty: PostsPage = {
      accounts: null,
      names: null,
      media: null,
      targets: null,
      threadMedia: null,
      labels: null,
      posts: [],
    };
    expect(decodePostsPage(empty)).toEqual([]);
    expect(decodePostsPage({ ...empty, posts: [page.posts[1]!] })[0]?.targets).toEqual([]);
  });
});

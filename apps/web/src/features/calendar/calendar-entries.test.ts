import type { Post } from '@relaycast/shared/posts';
import { describe, expect, it } from 'vitest';
import { firstWords, groupPostsByDay } from './calendar-entries';

function post(id: string, scheduledAt: string | null, content = `Post ${id}`): Post {
  return {
    id,
    content,
    platforms: ['twitter'],
    overrides: {},
    media: [],
    status: scheduledAt ? 'scheduled' : 'draft',
    scheduledAt,
    timezone: 'UTC',
    authorId: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    targets: [],
  };
}

describe('groupPostsByDay', () => {
  it('puts a post on its local day: the same instant is Sunday evening in New York, Monday in Tokyo', () => {
    const posts = [post('a', '2026-03-01T23:30:00.000Z')];
    const newYork = groupPostsByDay(posts, 'America/New_York');
    expect([...newYork.keys()]).toEqual(['2026-03-01']);
    expect(newYork.get('2026-03-01')?.[0]?.time).toBe('18:30');
    const tokyo = groupPostsByDay(posts, 'Asia/Tokyo');
    expect([...tokyo.keys()]).toEqual(['2026-03-02']);
    expect(tokyo.get('2026-03-02')?.[0]?.time).toBe('08:30');
  });

  it('orders each day by time and skips posts without a time', () => {
    const byDay = groupPostsByDay(
      [
        post('late', '2026-03-02T17:00:00.000Z'),
        post('draft', null),
        post('early', '2026-03-02T08:00:00.000Z'),
        post('next-day', '2026-03-03T08:00:00.000Z'),
      ],
      'UTC',
    );
    expect(byDay.get('2026-03-02')?.map((entry) => entry.post.id)).toEqual(['early', 'late']);
    expect(byDay.get('2026-03-03')?.map((entry) => entry.post.id)).toEqual(['next-day']);
    expect([...byDay.values()].flat()).toHaveLength(3);
  });

  it('keeps 09:00 local across the daylight-saving change in Paris', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00; 09:00 is 08:00 UTC the day before and 07:00 UTC that day.
    const byDay = groupPostsByDay(
      [post('before', '2026-03-28T08:00:00.000Z'), post('after', '2026-03-29T07:00:00.000Z')],
      'Europe/Paris',
    );
    expect(byDay.get('2026-03-28')?.[0]?.time).toBe('09:00');
    expect(byDay.get('2026-03-29')?.[0]?.time).toBe('09:00');
  });

  it('groups a busy week of 100 posts quickly', () => {
    const posts = Array.from({ length: 100 }, (_, index) =>
      post(`p${index}`, new Date(Date.UTC(2026, 2, 1 + (index % 7), 8 + (index % 10))).toISOString()),
    );
    const started = performance.now();
    const byDay = groupPostsByDay(posts, 'Europe/Paris');
    expect(performance.now() - started).toBeLessThan(100);
    expect([...byDay.values()].reduce((total, entries) => total + entries.length, 0)).toBe(100);
  });
});

describe('firstWords', () => {
  it('cuts long text at a word boundary with an ellipsis', () => {
    expect(
      firstWords(post('a', null, 'Launch day is here and we could not be more excited about it'), 30),
    ).toBe('Launch day is here and we…');
  });

  it('falls back to a platform version, then to the media count', () => {
    expect(firstWords({ content: '  ', overrides: { twitter: 'Short X text' }, media: [] })).toBe(
      'Short X text',
    );
    expect(
      firstWords({
        content: '',
        overrides: {},
        media: [
          {
            id: 'm',
            name: 'a.png',
            mimeType: 'image/png',
            sizeBytes: 1,
            url: '/a',
            thumbnailUrl: null,
            durationSeconds: null,
            width: null,
            height: null,
          },
        ],
      }),
    ).toBe('1 media file');
  });
});

import { describe, expect, it } from 'vitest';
import { checkPost, POST_MESSAGES, postInputSchema } from './posts';

const now = new Date('2026-11-22T12:00:00Z');
const base = {
  content: 'Hello',
  platforms: ['twitter' as const],
  overrides: {},
  action: 'schedule' as const,
};

describe('postInputSchema', () => {
  it('names an unknown platform', () => {
    const result = postInputSchema.safeParse({
      ...base,
      platforms: ['myspace'],
      scheduledAt: now.toISOString(),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown platform: myspace.');
  });

  it('needs a platform and, to schedule, a time', () => {
    expect(postInputSchema.safeParse({ ...base, platforms: [] }).error?.issues.map((i) => i.message)).toEqual(
      [POST_MESSAGES.noPlatform, POST_MESSAGES.scheduleNeedsTime],
    );
  });

  it('refuses an unknown time zone and an override for an unknown platform', () => {
    const messages = postInputSchema
      .safeParse({ ...base, action: 'draft', timezone: 'Mars/Olympus', overrides: { myspace: 'x' } })
      .error?.issues.map((i) => i.message);
    expect(messages).toContain(POST_MESSAGES.invalidTimeZone);
    expect(messages).toContain('Unknown platform: myspace.');
  });

  it('defaults overrides, media and the time zone', () => {
    expect(postInputSchema.parse({ content: 'x', platforms: ['facebook'], action: 'draft' })).toMatchObject({
      overrides: {},
      mediaIds: [],
      timezone: 'UTC',
    });
  });
});

describe('checkPost', () => {
  it('refuses an empty post, even as a draft', () => {
    expect(checkPost({ ...base, content: '  ', action: 'draft' }, [], now)).toEqual([
      { path: 'content', message: POST_MESSAGES.empty },
    ]);
  });

  it('refuses scheduling in the past', () => {
    const problems = checkPost({ ...base, scheduledAt: '2026-11-22T11:59:00Z' }, [], now);
    expect(problems).toEqual([{ path: 'scheduledAt', message: POST_MESSAGES.scheduleInPast }]);
  });

  it('checks each platform against its own version of the text', () => {
    const long = 'a'.repeat(300);
    const problems = checkPost(
      {
        ...base,
        content: long,
        platforms: ['twitter', 'facebook'],
        overrides: {},
        scheduledAt: '2026-11-23T09:00:00Z',
      },
      [],
      now,
    );
    expect(problems.map((p) => p.path)).toEqual(['twitter']);
    const withOverride = checkPost(
      {
        ...base,
        content: long,
        platforms: ['twitter', 'facebook'],
        overrides: { twitter: 'short version' },
        scheduledAt: '2026-11-23T09:00:00Z',
      },
      [],
      now,
    );
    expect(withOverride).toEqual([]);
  });

  it('lets a draft exceed limits while the user works on it', () => {
    expect(checkPost({ ...base, content: 'a'.repeat(500), action: 'draft' }, [], now)).toEqual([]);
  });
});

import { POST_MESSAGES } from '@relaycast/shared/posts';
import { describe, expect, it } from 'vitest';
import { buildPostInput, emptyValues, type PostFormValues, validatePostForm } from './post-form';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function values(patch: Partial<PostFormValues>): PostFormValues {
  return {
    ...emptyValues('Hello world', { date: '2026-03-11', time: '09:00' }),
    platforms: ['twitter'],
    ...patch,
  };
}

describe('buildPostInput', () => {
  it('turns the local date and time into an instant: 09:00 Paris on the day clocks change is 07:00 UTC', () => {
    const input = buildPostInput(values({ date: '2026-03-29', time: '09:00' }), 'schedule', 'Europe/Paris');
    expect(input.scheduledAt).toBe('2026-03-29T07:00:00.000Z');
    expect(input.timezone).toBe('Europe/Paris');
  });

  it('sends the overrides of chosen platforms only, and no time unless scheduling', () => {
    const input = buildPostInput(
      values({ platforms: ['twitter'], overrides: { twitter: 'Short', linkedin: 'Long version' } }),
      'draft',
      'UTC',
    );
    expect(input.overrides).toEqual({ twitter: 'Short' });
    expect(input.scheduledAt).toBeUndefined();
  });
});

describe('validatePostForm', () => {
  it('asks for a platform first, with the server message', () => {
    expect(validatePostForm(values({ platforms: [] }), 'draft', 'UTC', NOW)).toEqual([
      { path: 'platforms', message: POST_MESSAGES.noPlatform },
    ]);
  });

  it('refuses an empty post', () => {
    expect(validatePostForm(values({ content: '  ' }), 'draft', 'UTC', NOW)).toEqual([
      { path: 'content', message: POST_MESSAGES.empty },
    ]);
  });

  it('lets a draft go over a limit but not a scheduled post', () => {
    const long = values({ content: 'a'.repeat(300) });
    expect(validatePostForm(long, 'draft', 'UTC', NOW)).toEqual([]);
    expect(validatePostForm(long, 'schedule', 'UTC', NOW)).toEqual([
      { path: 'twitter', message: 'X (Twitter) allows at most 280 characters; this text has 300.' },
    ]);
  });

  it('checks a platform against its own text', () => {
    const problems = validatePostForm(
      values({
        content: 'a'.repeat(300),
        platforms: ['twitter', 'linkedin'],
        overrides: { twitter: 'Short' },
      }),
      'queue',
      'UTC',
      NOW,
    );
    expect(problems).toEqual([]);
  });

  it('needs a time in the future to schedule', () => {
    expect(validatePostForm(values({ date: '', time: '' }), 'schedule', 'UTC', NOW)).toEqual([
      { path: 'scheduledAt', message: POST_MESSAGES.scheduleNeedsTime },
    ]);
    expect(validatePostForm(values({ date: '2026-03-10', time: '11:00' }), 'schedule', 'UTC', NOW)).toEqual([
      { path: 'scheduledAt', message: POST_MESSAGES.scheduleInPast },
    ]);
  });

  it('names what a platform needs from the media', () => {
    expect(validatePostForm(values({ platforms: ['instagram'] }), 'schedule', 'UTC', NOW)).toEqual([
      { path: 'instagram', message: 'Instagram needs at least one image or video.' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { canRetryTarget, PUBLISH_MESSAGES, sumTargetStatuses, TARGET_STATUSES } from './publishing';

describe('sumTargetStatuses', () => {
  it('has nothing to sum for no targets or drafts', () => {
    expect(sumTargetStatuses([])).toBeUndefined();
    expect(sumTargetStatuses(['draft', 'draft'])).toBeUndefined();
  });

  it('is publishing while any target is in flight or retrying', () => {
    expect(sumTargetStatuses(['published', 'publishing'])).toBe('publishing');
    expect(sumTargetStatuses(['failed', 'retrying'])).toBe('publishing');
  });

  it('stays scheduled while targets wait, partially published once one went out', () => {
    expect(sumTargetStatuses(['scheduled', 'needs_account'])).toBe('scheduled');
    expect(sumTargetStatuses(['held'])).toBe('scheduled');
    expect(sumTargetStatuses(['published', 'needs_reconnect'])).toBe('partially_published');
  });

  it('sums final targets to published, partially published or failed', () => {
    expect(sumTargetStatuses(['published', 'published'])).toBe('published');
    expect(sumTargetStatuses(['published', 'failed'])).toBe('partially_published');
    expect(sumTargetStatuses(['published', 'unconfirmed'])).toBe('partially_published');
    expect(sumTargetStatuses(['failed', 'unconfirmed'])).toBe('failed');
  });
});

describe('target actions and messages', () => {
  it('lets the user publish again only what failed, is unconfirmed or held', () => {
    expect(TARGET_STATUSES.filter(canRetryTarget)).toEqual(['held', 'unconfirmed', 'failed']);
  });

  it('names the platform in the messages the user sees', () => {
    expect(PUBLISH_MESSAGES.reconnect('mastodon')).toBe('Reconnect Mastodon account');
    expect(PUBLISH_MESSAGES.noAccount('twitter')).toContain('X (Twitter)');
    expect(PUBLISH_MESSAGES.gaveUp('Timed out.')).toBe('Gave up after 5 attempts: Timed out.');
  });
});

import { describe, expect, it } from 'vitest';
import {
  ENGAGEMENT_HOURLY_LIMITS,
  ENGAGEMENT_PLATFORMS,
  ENGAGEMENT_SUCCESS,
  ENGAGEMENT_SUPPORT,
  engagementActionInputSchema,
  engagementActionProblem,
} from './engagement';

describe('engagementActionProblem', () => {
  const base = { userId: 'u1', action: 'comment', platform: 'twitter', content: 'Thanks' };

  it('checks the rules in the spec order with its exact messages', () => {
    expect(engagementActionProblem({ ...base, userId: undefined, platform: 'myspace' })).toBe(
      'User ID is required',
    );
    expect(engagementActionProblem({ ...base, platform: 'myspace', content: '' })).toBe(
      'Unsupported platform',
    );
    expect(engagementActionProblem({ ...base, action: 'share' })).toBe('Unsupported action for twitter');
    expect(engagementActionProblem({ ...base, content: '   ' })).toBe('Comment content is required');
    expect(engagementActionProblem({ ...base, action: 'dm', content: null })).toBe('DM content is required');
    expect(engagementActionProblem({ ...base, action: 'like', content: undefined })).toBeNull();
    expect(engagementActionProblem(base)).toBeNull();
  });

  it('refuses an action the platform cannot do with the same message as an unknown one', () => {
    expect(engagementActionProblem({ ...base, action: 'like', platform: 'instagram' })).toBe(
      'Unsupported action for instagram',
    );
    expect(engagementActionProblem({ ...base, action: 'dm', platform: 'linkedin' })).toBe(
      'Unsupported action for linkedin',
    );
  });

  it('is what the request schema reports, as its only issue', () => {
    const result = engagementActionInputSchema.safeParse({ action: 'like', platform: 'twitter' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['User ID is required']);
    expect(engagementActionInputSchema.safeParse({ ...base, itemId: 'i1' }).success).toBe(true);
  });
});

describe('constants', () => {
  it('has the spec limits and the issue toasts word for word', () => {
    expect(ENGAGEMENT_HOURLY_LIMITS).toEqual({ like: 60, comment: 30, dm: 20 });
    expect(ENGAGEMENT_SUCCESS.instagram).toEqual({
      like: 'Liked post on Instagram',
      comment: 'Posted comment on Instagram',
      dm: 'Sent DM on Instagram',
    });
    expect(ENGAGEMENT_SUCCESS.twitter).toEqual({
      like: 'Liked tweet',
      comment: 'Posted reply on Twitter',
      dm: 'Sent DM on Twitter',
    });
    expect(ENGAGEMENT_SUCCESS.facebook).toEqual({
      like: 'Liked post on Facebook',
      comment: 'Posted comment on Facebook',
      dm: 'Sent message on Facebook',
    });
    expect(ENGAGEMENT_SUCCESS.linkedin).toEqual({
      like: 'Liked post on LinkedIn',
      comment: 'Posted comment on LinkedIn',
      dm: 'Sent message on LinkedIn',
    });
  });

  it('gives every unsupported action a reason to show', () => {
    for (const platform of ENGAGEMENT_PLATFORMS) {
      for (const support of Object.values(ENGAGEMENT_SUPPORT[platform])) {
        expect(support === true || support.length > 10).toBe(true);
      }
    }
  });
});

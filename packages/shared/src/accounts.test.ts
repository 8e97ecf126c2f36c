import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  blueskyConnectInputSchema,
  mastodonStartInputSchema,
  oauthResultMessage,
  socialAccountSchema,
} from './accounts';

/** The URL's query as the page reads it (`useSearchParams` in the browser). */
const query = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('oauthResultMessage', () => {
  it('turns known callback codes into messages', () => {
    expect(oauthResultMessage(query({ result: 'connected', platform: 'twitter' }))).toEqual({
      ok: true,
      message: 'X (Twitter) account connected.',
    });
    expect(oauthResultMessage(query({ result: 'state_expired' }))).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.stateExpired,
    });
    expect(
      oauthResultMessage(query({ result: 'platform_limit', platform: 'linkedin', plan: 'standard' }))
        ?.message,
    ).toBe('Your Standard plan allows 1 LinkedIn account. Disconnect one or upgrade your plan.');
    expect(oauthResultMessage(query({ result: 'total_limit', plan: 'premium' }))?.message).toBe(
      'Your Premium plan allows 42 connected social accounts. Disconnect one or upgrade your plan.',
    );
  });

  it('ignores unknown codes, platforms and plans (a crafted link cannot choose the text)', () => {
    expect(oauthResultMessage(query({ result: '<b>hacked</b>' }))).toBeNull();
    expect(oauthResultMessage(query({}))).toBeNull();
    expect(oauthResultMessage(query({ result: 'connected', platform: 'evil' }))?.message).toBe(
      'The platform account connected.',
    );
    expect(oauthResultMessage(query({ result: 'total_limit', plan: 'gold' }))?.message).toBe(
      'Your plan’s limit of connected accounts is reached.',
    );
  });
});

describe('connect inputs', () => {
  it('accepts a Bluesky handle with or without @ and an optional server', () => {
    expect(
      blueskyConnectInputSchema.parse({ handle: ' @alice.bsky.social ', appPassword: 'abcd-efgh' }),
    ).toEqual({
      handle: 'alice.bsky.social',
      appPassword: 'abcd-efgh',
      service: undefined,
    });
    expect(
      blueskyConnectInputSchema.parse({
        handle: 'a.b.c',
        appPassword: 'abcd',
        service: 'https://pds.example',
      }).service,
    ).toBe('https://pds.example');
  });

  it('refuses empty fields with the shared messages', () => {
    const result = blueskyConnectInputSchema.safeParse({ handle: '', appPassword: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      ACCOUNT_MESSAGES.handleRequired,
      ACCOUNT_MESSAGES.appPasswordRequired,
    ]);
    expect(mastodonStartInputSchema.safeParse({ instanceUrl: ' ' }).error?.issues[0]?.message).toBe(
      ACCOUNT_MESSAGES.instanceRequired,
    );
  });

  it('has no place for a token in what the browser receives', () => {
    const keys = Object.keys(socialAccountSchema.shape);
    expect(keys.some((key) => /token|secret|password/i.test(key))).toBe(false);
  });
});

describe('messages', () => {
  it('counts in the banner and the limits', () => {
    expect(ACCOUNT_MESSAGES.needsReconnectBanner(1)).toBe(
      '1 account needs reconnecting: posts to it cannot be published until you reconnect.',
    );
    expect(ACCOUNT_MESSAGES.needsReconnectBanner(2)).toBe(
      '2 accounts need reconnecting: posts to them cannot be published until you reconnect.',
    );
    expect(ACCOUNT_MESSAGES.notConfigured('LinkedIn', ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'])).toBe(
      'LinkedIn is not configured on this server. Set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET.',
    );
  });
});

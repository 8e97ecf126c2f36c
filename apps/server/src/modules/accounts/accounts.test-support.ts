import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jsonHeaders, type SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import type { PlatformConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema/index';

/** Every platform unconfigured except the ones given (tests point those at local fakes). */
export function platformsConfig(
  configured: Partial<Record<PlatformId, Partial<PlatformConfig>>>,
): Record<PlatformId, PlatformConfig> {
  return Object.fromEntries(
    PLATFORM_IDS.map((platform) => [
      platform,
      { clientId: undefined, clientSecret: undefined, baseUrl: undefined, ...configured[platform] },
    ]),
  ) as Record<PlatformId, PlatformConfig>;
}

export const TEST_CLIENT = { clientId: 'test-client-id', clientSecret: 'test-client-secret' };

export async function setPlan(db: Db, workspaceId: string, plan: 'standard' | 'premium' | 'entrepreneur') {
  await db.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));
}

/**
 * Plays the browser through an OAuth connect: start, follow the fake's authorize page (which consents at once)
 * and hand its redirect to the callback with the user's cookie. Returns the screen URL the callback sent to.
 */
export async function connectViaOAuth(
  test: TestApp,
  user: Pick<SignedInUser, 'cookie'>,
  start: { url: string; body?: unknown },
  options: { loginHint?: string; callbackCookie?: string; editCallback?: (url: URL) => void } = {},
) {
  const started = await test.app.inject({
    method: 'POST',
    url: start.url,
    headers: jsonHeaders(user.cookie),
    payload: (start.body ?? {}) as Record<string, unknown>,
  });
  expect(started.statusCode, started.body).toBe(200);
  const authorizeUrl = new URL(started.json().url as string);
  if (options.loginHint) authorizeUrl.searchParams.set('login_hint', options.loginHint);
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status, await consent.clone().text()).toBe(302);
  const callback = new URL(consent.headers.get('location') ?? '');
  options.editCallback?.(callback);
  const answered = await callbackWith(test, callback, options.callbackCookie ?? user.cookie);
  return { authorizeUrl, callback, ...answered };
}

export async function callbackWith(test: TestApp, callback: URL, cookie: string | undefined) {
  const response = await test.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  const screen = new URL(String(response.headers.location), 'http://localhost');
  return { screen, result: screen.searchParams.get('result') };
}

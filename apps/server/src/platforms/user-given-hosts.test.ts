import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AddressFixtures, startAddressFixtures } from '../../test/address-fixtures';
import type { AddressPolicy } from '../lib/address-policy';
import { blueskyConnector } from './bluesky/bluesky.connector';
import { blueskyEngagement } from './bluesky/bluesky.engagement';
import { mastodonConnector } from './mastodon/mastodon.connector';
import { platformFailure } from './testing/connector-kit';
import type { AccountCredentials, CallContext } from './types';

/**
 * Mastodon instances and Bluesky services are addresses users type: the attacks docs/decisions/0014-outbound-address-policy.md answers (a 307 that
 * carried a Bluesky app password to an internal listener, DNS rebinding between the check and the request).
 */

let fx: AddressFixtures;

beforeAll(async () => {
  fx = await startAddressFixtures();
});
afterAll(() => fx.close());
beforeEach(() => {
  fx.internal.connections = 0;
  fx.internal.requests.length = 0;
  fx.external.requests.length = 0;
});

function contextWith(policy: AddressPolicy): CallContext {
  return {
    settings: {
      urls: { service: 'https://bsky.social', instance: 'https://mastodon.social' },
      redirectUri: 'http://localhost:3000/api/accounts/oauth/bluesky/callback',
      addressPolicy: policy,
    },
  };
}

const password = 'abcd-efgh-ijkl-mnop';

describe('Bluesky on a user-given service', () => {
  it('refuses a createSession answered with a 307 to an internal listener, which never sees the password', async () => {
    fx.external.handle = (_request, response) => {
      response.writeHead(307, {
        location: `http://127.0.0.1:${fx.port}/xrpc/com.atproto.server.createSession`,
      });
      response.end();
    };
    const ctx = contextWith(fx.policy(fx.resolver({ 'bsky.test': ['127.0.0.2'] })));
    const error = await platformFailure(
      blueskyConnector.connectWithPassword?.(ctx, {
        identifier: 'alice.bsky.test',
        password,
        service: `https://bsky.test:${fx.port}`,
      }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe('refuse');
    expect(fx.external.requests[0]?.body).toContain(password);
    expect(fx.internal.connections).toBe(0);
    expect(JSON.stringify(fx.internal.requests)).not.toContain(password);
  });

  it('refuses when the name rebinds to an internal address between the check and the request', async () => {
    const resolve = fx.resolver({ 'bsky.test': [['127.0.0.2'], ['127.0.0.1']] });
    const ctx = contextWith(fx.policy(resolve));
    const error = await platformFailure(
      blueskyConnector.connectWithPassword?.(ctx, {
        identifier: 'alice.bsky.test',
        password,
        service: `https://bsky.test:${fx.port}`,
      }) ?? Promise.resolve(),
    );
    expect(resolve.calls).toEqual(['bsky.test', 'bsky.test']);
    expect(error.kind).toBe('refuse');
    expect(error.message).toBe(ADDRESS_MESSAGES.privateAddress('127.0.0.1'));
    expect(fx.internal.connections).toBe(0);
    expect(fx.external.requests).toHaveLength(0);
  });

  it('checks a stored service again on every later call (the engagement inbox here)', async () => {
    const ctx = contextWith(fx.policy(fx.resolver({ 'bsky.test': ['127.0.0.1'] })));
    const credentials: AccountCredentials = {
      accessToken: 'jwt',
      platformAccountId: 'did:plc:alice',
      meta: { service: `https://bsky.test:${fx.port}`, handle: 'alice.bsky.test' },
      secrets: { appPassword: password },
    };
    const error = await platformFailure(
      blueskyEngagement.listInbox?.(ctx, credentials, {}) ?? Promise.resolve(),
    );
    expect(error.message).toBe(ADDRESS_MESSAGES.privateAddress('127.0.0.1'));
    expect(fx.internal.connections).toBe(0);
  });
});

describe('Mastodon on a user-given instance', () => {
  it('refuses to register the app on an instance that resolves inside the network', async () => {
    const ctx = contextWith(fx.policy(fx.resolver({ 'mastodon.test': ['127.0.0.1'] })));
    const error = await platformFailure(
      mastodonConnector.registerApp?.(ctx, {
        instanceUrl: `https://mastodon.test:${fx.port}`,
        redirectUri: ctx.settings.redirectUri,
        appName: 'Relaycast',
        website: 'http://localhost:3000',
      }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe('refuse');
    expect(error.message).toBe(ADDRESS_MESSAGES.privateAddress('127.0.0.1'));
    expect(fx.internal.connections).toBe(0);
  });

  it('registers the app on a public instance through the checked connection', async () => {
    fx.external.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ client_id: 'app-1', client_secret: 'secret-1' }));
    };
    const ctx = contextWith(fx.policy(fx.resolver({ 'mastodon.test': ['127.0.0.2'] })));
    const app = await mastodonConnector.registerApp?.(ctx, {
      instanceUrl: `mastodon.test:${fx.port}`,
      redirectUri: ctx.settings.redirectUri,
      appName: 'Relaycast',
      website: 'http://localhost:3000',
    });
    expect(app).toEqual({ clientId: 'app-1', clientSecret: 'secret-1' });
    expect(fx.external.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/apps',
    ]);
    expect(fx.internal.connections).toBe(0);
  });
});

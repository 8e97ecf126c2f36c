import {
  accountSettingsInputSchema,
  blueskyConnectInputSchema,
  connectablePlatformListSchema,
  mastodonStartInputSchema,
  oauthStartResultSchema,
  socialAccountListSchema,
  socialAccountSchema,
} from '@relaycast/shared/accounts';
import { keyCheckSchema, platformSetupListSchema } from '@relaycast/shared/accounts-setup';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { connectThroughSchema } from '@relaycast/shared/proxies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { callerOf, optionalCallerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { linkBaseUrl } from '../../lib/request-origin';
import { connectorFor, hasConnector } from '../../platforms/registry';
import { PlatformError } from '../../platforms/types';
import type { Mailer } from '../mail/mailer';
import type { NotifyDeps } from '../notifications/notifications.service';
import { refreshAccount } from './account-credentials';
import type { AccountEvents } from './account-events';
import { updateAccountSettings } from './account-settings';
import {
  connectorForConnect,
  disconnectAccount,
  listAccounts,
  listConnectablePlatforms,
  parsePlatform,
  requireAccount,
  saveConnectedAccount,
  toAccountDto,
} from './accounts.service';
import {
  CallbackRefusal,
  completeOAuth,
  platformFailure,
  startInstanceOAuth,
  startOAuth,
} from './accounts-oauth';
import { createKeyChecker, listPlatformSetup } from './accounts-setup';
import { sendReconnectNotices } from './accounts-sweep';
import { checkBeforeConnect, connectProxyOf, saveConnectProxy, withConnectContext } from './connect-proxy';

/** OAuth redirects come back to the address the user is on (their session cookie lives there). */
function withLinkBase(request: Parameters<typeof linkBaseUrl>[0], config: Config): Config {
  return { ...config, publicUrl: linkBaseUrl(request, config) };
}

export interface AccountsRoutesOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** In-app and push notifications (the reconnect notice). */
  notifyDeps?: NotifyDeps;
  /** What publishing does when an account is disconnected or connected again (account-events.ts). */
  events: AccountEvents;
}

const platformParams = z.object({ platform: z.string() });

/** Connected social accounts: list, connect (OAuth, Bluesky, Mastodon), refresh, disconnect. */
// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { db, config, mailer, notifyDeps, events },
) => {
  // The refresh sweep is background work: accounts.jobs.ts declares it.
  app.get('/api/accounts', { schema: { response: { 200: socialAccountListSchema } } }, async (request) => {
    const caller = await callerOf(request);
    return { accounts: (await listAccounts(db, caller.workspaceId)).map(toAccountDto) };
  });

  app.get(
    '/api/accounts/platforms',
    { schema: { response: { 200: connectablePlatformListSchema } } },
    async (request) => {
      return listConnectablePlatforms(db, config, await callerOf(request));
    },
  );

  // Setting up the platforms' keys (docs/platform-setup.md): install-wide facts, for those who connect accounts.
  app.get(
    '/api/accounts/platform-setup',
    { config: { permission: 'manageAccounts' }, schema: { response: { 200: platformSetupListSchema } } },
    async (request) => listPlatformSetup(withLinkBase(request, config)),
  );

  const checkKeys = createKeyChecker();
  app.post(
    '/api/accounts/platform-setup/:platform/check',
    {
      config: { permission: 'manageAccounts' },
      schema: { params: platformParams, response: { 200: keyCheckSchema } },
    },
    async (request) => {
      const platform = parsePlatform(request.params.platform);
      if (!hasConnector(platform)) {
        throw new AppError('PLATFORM_UNAVAILABLE', { values: [PLATFORMS[platform].name] });
      }
      return checkKeys(withLinkBase(request, config), platform, request.log);
    },
  );

  app.post(
    '/api/accounts/oauth/:platform/start',
    {
      config: { permission: 'manageAccounts' },
      schema: {
        params: platformParams,
        body: connectThroughSchema.optional(),
        response: { 200: oauthStartResultSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const platform = parsePlatform(request.params.platform);
      return startOAuth(db, withLinkBase(request, config), caller, platform, request.body ?? {});
    },
  );

  /** Where the platform sends the browser back: always a redirect to the screen, with the outcome. */
  app.get(
    '/api/accounts/oauth/:platform/callback',
    {
      // Always a redirect back to the screen; a callback without a session is refused there as a mismatch.
      config: { auth: 'public' },
      schema: {
        params: platformParams,
        querystring: z
          .object({ code: z.string().max(4096), state: z.string().max(512), error: z.string().max(512) })
          .partial(),
      },
    },
    async (request, reply) => {
      const target = new URLSearchParams();
      let platform: ReturnType<typeof parsePlatform> | undefined;
      try {
        platform = parsePlatform(request.params.platform);
        target.set('platform', platform);
        // A callback without a session is refused as a mismatch.
        const caller = await optionalCallerOf(request);
        const account = await completeOAuth(
          db,
          withLinkBase(request, config),
          caller,
          platform,
          request.query,
          events,
        );
        target.set('result', 'connected');
        target.set('account', account.id);
      } catch (error) {
        if (error instanceof CallbackRefusal) {
          if (error.reason) request.log.warn({ err: error.reason, platform }, 'OAuth code exchange failed');
          target.set('result', error.code);
          if (error.planId) target.set('plan', error.planId);
        } else if (error instanceof AppError && error.statusCode === 404) {
          target.set('result', 'state_invalid');
        } else {
          throw error;
        }
      }
      return reply.redirect(`/connected-accounts?${target.toString()}`);
    },
  );

  app.post(
    '/api/accounts/mastodon/start',
    {
      config: { permission: 'manageAccounts' },
      schema: {
        body: mastodonStartInputSchema.extend(connectThroughSchema.shape),
        response: { 200: oauthStartResultSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return startInstanceOAuth(
        db,
        withLinkBase(request, config),
        caller,
        'mastodon',
        request.body.instanceUrl,
        request.body,
      );
    },
  );

  app.post(
    '/api/accounts/bluesky',
    {
      config: { permission: 'manageAccounts' },
      schema: {
        body: blueskyConnectInputSchema.extend(connectThroughSchema.shape),
        response: { 200: socialAccountSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const connector = connectorForConnect(config, 'bluesky', 'app-password');
      if (!connector.connectWithPassword) throw new Error('bluesky connector has no connectWithPassword');
      const connectWithPassword = connector.connectWithPassword.bind(connector);
      // Through the proxy given now or the reconnected account's (checked first; decision 0098).
      const proxy = await connectProxyOf(db, config, caller.workspaceId, 'bluesky', request.body);
      await checkBeforeConnect(config, proxy);
      const identity = await withConnectContext(config, 'bluesky', proxy, (ctx) =>
        connectWithPassword(ctx, {
          identifier: request.body.handle,
          password: request.body.appPassword,
          service: request.body.service,
        }).catch((error) => {
          throw platformFailure(error, 'bluesky');
        }),
      );
      const account = await saveConnectedAccount(
        db,
        config,
        {
          workspace: { id: caller.workspaceId, plan: caller.plan },
          userId: caller.userId,
          platform: 'bluesky',
          identity,
          alsoSave: proxy ? (tx, account) => saveConnectProxy(tx, config, account, proxy) : undefined,
        },
        events,
      );
      return toAccountDto(account);
    },
  );

  app.post(
    '/api/accounts/:id/refresh',
    {
      config: { permission: 'manageAccounts' },
      schema: { params: idParams, response: { 200: socialAccountSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const account = await requireAccount(db, caller.workspaceId, request.params.id);
      if (account.status !== 'connected') {
        throw new AppError('PLATFORM_REFUSED', {
          status: 409,
          message:
            account.status === 'disconnected'
              ? 'This account is disconnected. Connect it again.'
              : 'This account needs reconnecting. Use Reconnect.',
        });
      }
      const platform = parsePlatform(account.platform);
      if (!hasConnector(platform) || !connectorFor(platform).capabilities.refresh)
        return toAccountDto(account);
      const connector = connectorFor(platform);
      try {
        return toAccountDto(await refreshAccount(db, config, account));
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'reauthorize') {
          await sendReconnectNotices(db, mailer, config, notifyDeps);
        }
        throw platformFailure(error, connector.platform);
      }
    },
  );

  app.patch(
    '/api/accounts/:id',
    {
      config: { permission: 'manageAccounts' },
      schema: { params: idParams, body: accountSettingsInputSchema, response: { 200: socialAccountSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return toAccountDto(
        await updateAccountSettings(db, caller.workspaceId, request.params.id, request.body),
      );
    },
  );

  app.delete(
    '/api/accounts/:id',
    {
      config: { permission: 'manageAccounts' },
      schema: { params: idParams, response: { 200: socialAccountSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const account = await disconnectAccount(db, caller.workspaceId, request.params.id, events);
      return toAccountDto(account);
    },
  );
};

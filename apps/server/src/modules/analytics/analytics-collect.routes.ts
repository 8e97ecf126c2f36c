import {
  ANALYTICS_BILLED_PLATFORMS,
  ANALYTICS_COLLECT_MESSAGES,
  type AnalyticsBudget,
  analyticsBudgetInputSchema,
  analyticsBudgetSchema,
  analyticsCollectStatusSchema,
} from '@relaycast/shared/analytics';
import type { PlatformId } from '@relaycast/shared/platforms';
import { roleCan } from '@relaycast/shared/roles';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { analyticsCollectState, socialAccounts } from '../../db/schema/index';
import { callerOf } from '../../lib/caller';
import { collectsAnalytics } from './collect/collect-account';
import { readBudget, setBudgetLimit } from './collect/collect-budget';

/**
 * The collector's routes (docs/analytics.md): the monthly read budget of billed platforms (X), which the owner or an admin
 * sets and every member sees, and where each account's collection stands. Everything is the caller's workspace.
 */

export const analyticsCollectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const budgetQuery = z.object({ platform: z.enum(ANALYTICS_BILLED_PLATFORMS).default('twitter') });

  app.get(
    '/api/analytics/budget',
    { schema: { querystring: budgetQuery, response: { 200: analyticsBudgetSchema } } },
    async (request): Promise<AnalyticsBudget> => {
      const caller = await callerOf(request);
      const { platform } = request.query;
      const budget = await readBudget(db, caller.workspaceId, platform);
      return { platform, ...budget, canEdit: roleCan(caller.role, 'manageWorkspace') };
    },
  );

  app.put(
    '/api/analytics/budget',
    {
      config: {
        permission: 'manageWorkspace',
        permissionMessage: ANALYTICS_COLLECT_MESSAGES.budgetAdminOnly,
      },
      schema: { body: analyticsBudgetInputSchema, response: { 200: analyticsBudgetSchema } },
    },
    async (request): Promise<AnalyticsBudget> => {
      const caller = await callerOf(request);
      const { platform, monthlyLimit } = request.body;
      const budget = await setBudgetLimit(db, caller.workspaceId, platform, monthlyLimit);
      return { platform, ...budget, canEdit: true };
    },
  );

  app.get(
    '/api/analytics/collect-status',
    { schema: { response: { 200: analyticsCollectStatusSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const rows = await db
        .select({ account: socialAccounts, state: analyticsCollectState })
        .from(socialAccounts)
        .leftJoin(analyticsCollectState, eq(analyticsCollectState.accountId, socialAccounts.id))
        .where(eq(socialAccounts.workspaceId, caller.workspaceId))
        .orderBy(asc(socialAccounts.platform), asc(socialAccounts.handle));
      return {
        accounts: rows.map(({ account, state }) => ({
          accountId: account.id,
          platform: account.platform as PlatformId,
          handle: account.handle,
          supported: collectsAnalytics(account),
          lastCollectedAt: state?.lastCollectedAt?.toISOString() ?? null,
          nextCollectAt: state?.nextCollectAt?.toISOString() ?? null,
          lastError:
            account.status !== 'connected'
              ? ANALYTICS_COLLECT_MESSAGES.needsReconnect
              : (state?.lastError ?? null),
        })),
      };
    },
  );
};

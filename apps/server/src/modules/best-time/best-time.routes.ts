import {
  bestTimeQuerySchema,
  bestTimeResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from '@relaycast/shared/best-time-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { getUserTimeZone } from '../settings/settings.service';
import {
  accountZone,
  freeSlots,
  getBestTime,
  loadSubject,
  noteFor,
  takenInstants,
} from './best-time.service';

/**
 * `GET /api/best-time`: the heatmap of one account (`accountId`), of a platform's accounts (`platform`) or of
 * the whole workspace, with the coming week's suggested slots. `GET /api/best-time/suggestions`: the free
 * suggested slots in a range, for the calendar and the composer's "Best time". Hours are counted in the one
 * account's own zone when it has one (its audience's), else in `timezone` (the browser's), else in the zone of
 * the user's settings.
 */
export const bestTimeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function zoneOf(
    userId: string,
    workspaceId: string,
    accountIds: string[],
    asked: string | undefined,
  ) {
    return (await accountZone(db, workspaceId, accountIds)) ?? asked ?? (await getUserTimeZone(db, userId));
  }

  app.get(
    '/api/best-time',
    { schema: { querystring: bestTimeQuerySchema, response: { 200: bestTimeResponseSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const { accountId, platform, timezone } = request.query;
      const accountIds = accountId ? [accountId] : [];
      return getBestTime(
        db,
        caller.workspaceId,
        { accountIds, platforms: platform ? [platform] : [] },
        await zoneOf(caller.userId, caller.workspaceId, accountIds, timezone),
      );
    },
  );

  app.get(
    '/api/best-time/suggestions',
    { schema: { querystring: suggestionsQuerySchema, response: { 200: suggestionsResponseSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const query = request.query;
      const timeZone = await zoneOf(caller.userId, caller.workspaceId, query.accountIds, query.timezone);
      const now = new Date();
      const from = new Date(Math.max(Date.parse(query.from), now.getTime() + 1));
      const to = new Date(query.to);
      const subject = await loadSubject(
        db,
        caller.workspaceId,
        { accountIds: query.accountIds, platforms: query.platforms },
        timeZone,
        now,
      );
      const suggestions =
        from < to ? freeSlots(subject, from, to, await takenInstants(db, caller.workspaceId, from, to)) : [];
      return { timeZone, suggestions, note: noteFor(subject) };
    },
  );
};

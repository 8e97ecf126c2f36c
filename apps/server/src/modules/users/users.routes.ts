import { userProfileSchema } from '@relaycast/shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

export async function getUserProfile(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    referralCode: user.referralCode,
    referralCount: user.referralCount,
    inviteCode: user.inviteCode,
    createdAt: user.createdAt.toISOString(),
  };
}

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/me', { schema: { response: { 200: userProfileSchema } } }, async (request) => {
    const user = await request.requireUser();
    return getUserProfile(db, user.id);
  });
};

import { randomBytes } from 'node:crypto';
import { normalizeEmail, PASSWORD_RESET_EXPIRES_IN_SECONDS } from '@relaycast/shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema/index';
import type { Mailer, OutgoingEmail } from '../mail/mailer';

/**
 * `POST /api/auth/request-password-reset` must not tell whether an address has an account by how long it takes
 * (docs/decisions/0024-password-reset-timing.md). Better Auth answers both the
 * same, but for a known address it writes a reset token and then waited for the e-mail (SMTP, outbox row);
 * for an unknown one it only reads. Here the e-mail is queued in the background (the answer never waits for
 * it), and an unknown address makes the same write as a known one: a token row of the same shape, removed
 * again in the background.
 */

export interface PasswordReset {
  /** Better Auth's `sendResetPassword`: queues the e-mail and returns at once. */
  sendResetPassword(data: { user: { email: string; name: string }; url: string }): Promise<void>;
  /**
   * Called before Better Auth handles the request: for an address without an account, writes a token row as
   * the known path does. Both paths read the users table here once.
   */
  matchKnownAddressWork(email: string): Promise<void>;
  /** Waits for the e-mails and clean-ups still running (before the database closes). */
  drain(): Promise<void>;
}

/** The identifier prefix Better Auth gives reset tokens; decoys share it so the row (and index entry) match. */
const RESET_IDENTIFIER_PREFIX = 'reset-password:';

export function resetEmail(user: { email: string; name: string }, url: string): OutgoingEmail {
  return {
    to: user.email,
    subject: 'Reset your Relaycast password',
    text: [
      `Hi ${user.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Relaycast account.',
      `Open this link within the next hour to choose a new password: ${url}`,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * A reset link made by the server's administrator (`npm run admin -- reset-link <e-mail>`), for an install
 * without an e-mail server: the same one-use token, valid as long, that the e-mailed link carries, opening the
 * app's /reset-password page directly. Null when no account has that address.
 */
export async function createResetLink(
  db: Db,
  email: string,
  publicUrl: string,
  now = new Date(),
): Promise<{ url: string; expiresAt: Date } | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (!user) return null;
  // Better Auth's token: 24 characters from [a-zA-Z0-9] (generateId(24)); base64url of 18 bytes has 24.
  const token = randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_EXPIRES_IN_SECONDS * 1_000);
  await db.insert(verifications).values({
    id: randomBytes(16).toString('hex'),
    identifier: `${RESET_IDENTIFIER_PREFIX}${token}`,
    value: user.id,
    expiresAt,
  });
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt };
}

export function createPasswordReset(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }): PasswordReset {
  const { db, mailer, log } = deps;
  const running = new Set<Promise<void>>();

  function inBackground(work: Promise<void>, what: string): void {
    const tracked = work
      .catch((err: unknown) => log.error({ err }, `password reset: ${what} failed`))
      .finally(() => running.delete(tracked));
    running.add(tracked);
  }

  return {
    async sendResetPassword({ user, url }) {
      inBackground(mailer.send(resetEmail(user, url)), 'sending the e-mail');
    },

    async matchKnownAddressWork(email) {
      const [known] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, normalizeEmail(email)))
        .limit(1);
      if (known) return;
      // The same insert Better Auth makes for a known address (24-character token, a value, an expiry), already
      // expired so it can never be used, and deleted once the answer is on its way.
      const id = randomBytes(16).toString('hex');
      await db.insert(verifications).values({
        id,
        identifier: `${RESET_IDENTIFIER_PREFIX}${randomBytes(18).toString('base64url')}`,
        value: randomBytes(16).toString('hex'),
        expiresAt: new Date(Date.now() - 1_000),
      });
      inBackground(
        db
          .delete(verifications)
          .where(eq(verifications.id, id))
          .then(() => undefined),
        'removing the decoy token',
      );
    },

    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

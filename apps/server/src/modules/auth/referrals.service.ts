import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/** No 0/O or 1/I/L, so a code read aloud or typed from a screenshot survives. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

export function normalizeReferralCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return code.length > 0 && code.length <= 64 ? code : null;
}

/** The referral code to store for a new user: the code when it belongs to an existing user, else null. */
export async function resolveReferralCode(db: Db, value: unknown): Promise<string | null> {
  const code = normalizeReferralCode(value);
  if (!code) return null;
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
  return referrer ? code : null;
}

/**
 * Credits the referrer once for a new user. A single UPDATE with an increment, so concurrent sign-ups with
 * one code each add exactly one, on PGlite and on PostgreSQL alike.
 */
export async function creditReferrer(db: Db, referralCode: string, newUserId: string): Promise<void> {
  await db
    .update(users)
    .set({ referralCount: sql`${users.referralCount} + 1` })
    .where(sql`${users.inviteCode} = ${referralCode} and ${users.id} <> ${newUserId}`);
}

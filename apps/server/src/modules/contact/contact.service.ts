import { normalizeEmail } from '@relaycast/shared/auth';
import { CONTACT_RATE_LIMIT, type ContactMessageInput, type ContactReceipt } from '@relaycast/shared/contact';
import { CONTACT_MESSAGES } from '@relaycast/shared/messages';
import { and, count, eq, gt, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** Arbitrary key for pg_advisory_xact_lock: contact submissions are checked and stored one at a time. */
const CONTACT_LOCK_KEY = 724_311_903;
const WINDOW_MS = CONTACT_RATE_LIMIT.windowMinutes * 60_000;

export interface ContactRequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many messages matched inside the window, and when the oldest of them arrived. */
async function countRecent(tx: Tx, match: SQL) {
  const [row] = await tx
    .select({ total: count(), oldest: min(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        match,
        gt(
          contactMessages.createdAt,
          sql`now() - make_interval(mins => ${CONTACT_RATE_LIMIT.windowMinutes})`,
        ),
      ),
    );
  return { total: row?.total ?? 0, oldest: row?.oldest ?? null };
}

function refuse(oldest: Date | null): never {
  // The caller may try again once the oldest message in the window has aged out of it.
  const retryAfterSeconds = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - Date.now()) / 1000))
    : CONTACT_RATE_LIMIT.windowMinutes * 60;
  throw new AppError('RATE_LIMITED', {
    message: CONTACT_MESSAGES.rateLimited,
    headers: {
      'retry-after': String(retryAfterSeconds),
    },
  });
}

/**
 * Stores a message from the contact form, unless its address or its client already sent as many as the
 * rolling window allows. The check and the insert run under one lock, so parallel requests cannot slip past
 * the limit together.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactMessageInput,
  meta: ContactRequestMeta,
): Promise<ContactReceipt> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_KEY})`);

    const byEmail = await countRecent(tx, eq(contactMessages.email, email));
    if (byEmail.total >= CONTACT_RATE_LIMIT.perEmail) refuse(byEmail.oldest);

    if (meta.ipAddress) {
      const byIp = await countRecent(tx, eq(contactMessages.ipAddress, meta.ipAddress));
      if (byIp.total >= CONTACT_RATE_LIMIT.perIp) refuse(byIp.oldest);
    }

    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email,
        message: input.message,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ createdAt: contactMessages.createdAt });
    if (!row) throw new Error('the contact message was not stored');
    return { receivedAt: row.createdAt.toISOString() };
  });
}

import { normalizeEmail } from '@relaycast/shared/auth';
import {
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_RATE_LIMIT,
  type ContactInbox,
  type ContactMessageInput,
  type ContactReceipt,
} from '@relaycast/shared/contact';
import { CONTACT_MESSAGES } from '@relaycast/shared/messages';
import { and, count, desc, eq, gt, lt, min, type SQL, sql } from 'drizzle-orm';
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
): Promise<ContactReceipt & { id: number }> {
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
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('the contact message was not stored');
    return { id: row.id, receivedAt: row.createdAt.toISOString() };
  });
}

/**
 * The server administrator's inbox (the /admin page): a page of the form's messages, newest first, older than
 * `before` when given. The sender's address and client details stay on the server except the address to answer.
 */
export async function listContactMessages(db: Db, before?: number): Promise<ContactInbox> {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(before === undefined ? undefined : lt(contactMessages.id, before))
    .orderBy(desc(contactMessages.id))
    .limit(CONTACT_INBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, CONTACT_INBOX_PAGE_SIZE);
  return {
    messages: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextBefore: rows.length > CONTACT_INBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { emailOutbox } from '../src/db/schema/index';

/** The newest e-mail to an address, waiting a little: some e-mails are sent after the answer (password resets). */
export async function waitForMailTo(db: Db, to: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    if (mail || Date.now() > deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first link in the newest e-mail to an address. */
export async function linkInMailTo(db: Db, to: string): Promise<URL> {
  const mail = await waitForMailTo(db, to);
  const match = mail?.textBody.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no e-mail with a link to ${to}`);
  return new URL(match[0]);
}

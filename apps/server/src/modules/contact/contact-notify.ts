import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';
import type { Mailer } from '../mail/mailer';

export const CONTACT_NOTIFY_JOB = 'contact-message-notify';
export const contactNotifyPayloadSchema = z.object({ messageId: z.number().int().positive() });

/**
 * E-mails one contact message to every administrator of the server, with the sender as Reply-To so that
 * answering the e-mail answers the visitor. A message that is gone, or a server without administrators, sends
 * nothing. Returns how many e-mails went out.
 */
export async function notifyAdministrators(
  { db, config, mailer }: { db: Db; config: Pick<Config, 'adminEmails' | 'publicUrl'>; mailer: Mailer },
  messageId: number,
): Promise<number> {
  if (config.adminEmails.length === 0) return 0;
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
  if (!message) return 0;
  const text = [
    `${message.name} <${message.email}> wrote through the contact form:`,
    '',
    message.message,
    '',
    `Answer by replying to this e-mail. Every message is also on ${new URL('/admin', config.publicUrl)}.`,
  ].join('\n');
  for (const to of config.adminEmails) {
    await mailer.send({
      to,
      replyTo: message.email,
      subject: `Contact form: ${message.name.replace(/[\r\n]+/g, ' ')}`,
      text,
    });
  }
  return config.adminEmails.length;
}

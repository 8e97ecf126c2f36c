import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (the visitor of a contact message), when not to the sender. */
  replyTo?: string;
  /** Sent over SMTP; the outbox record keeps the text only (attachments are listed in the log line). */
  attachments?: EmailAttachment[];
}

export interface Mailer {
  send(message: OutgoingEmail): Promise<void>;
  /**
   * Whether a message leaves the server (SMTP_URL is set). Without it an e-mail waits in the outbox and the log,
   * so a screen that sends one says so and offers its link instead (the invitation's "Copy invite link").
   */
  readonly delivers?: boolean;
}

/**
 * Sends over SMTP when `SMTP_URL` is set. Every message is also recorded in the outbox table; without SMTP
 * that record (and the log line) is the delivery, so a self-hoster can still read a reset link.
 */
export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const { smtpUrl } = options;
  // nodemailer is loaded with the first message (about 15 MB of memory a server without SMTP never needs).
  let transport: Promise<Transporter> | undefined;
  const smtp = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  return {
    delivers: Boolean(smtpUrl),
    async send(message) {
      let status: 'logged' | 'sent' | 'failed' = 'logged';
      let error: string | null = null;
      if (smtpUrl) {
        try {
          await (await smtp()).sendMail({ from: options.from, ...message });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          options.log.error({ err, to: message.to }, 'failed to send e-mail over SMTP');
        }
      } else {
        options.log.info(
          {
            to: message.to,
            subject: message.subject,
            text: message.text,
            attachments: message.attachments?.map(
              (file) => `${file.filename} (${file.content.length} bytes)`,
            ),
          },
          'e-mail kept in the outbox (SMTP_URL is not set)',
        );
      }
      await options.db.insert(emailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        status,
        error,
      });
    },
  };
}

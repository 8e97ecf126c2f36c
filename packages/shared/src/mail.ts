import { z } from 'zod';

/**
 * `GET /api/mail/status` (public): whether this install sends e-mail (SMTP_URL is set). Without it an e-mail only
 * waits in the `email_outbox` table and the log, so a screen that would send one says so and offers its link
 * instead: the invitation's "Copy invite link", the forgot-password page's way to a reset link, the report
 * schedule's download (docs/decisions/0078-settings-save-as-you-go-and-week-start.md).
 */
export const mailStatusSchema = z.object({ delivers: z.boolean() });
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** The administrator's command that prints a reset link (apps/server/src/cli/admin-commands.ts). */
export const RESET_LINK_COMMAND = 'npm run admin -- reset-link <e-mail>';

export const MAIL_MESSAGES = {
  noServer: 'No e-mail server is configured on this Relaycast install, so no e-mail can be sent.',
  resetNotSent:
    'No e-mail was sent: this install has no e-mail server. If the address has an account, its reset link is in the server log and the email_outbox table.',
  resetHowTo: 'Whoever runs this server can also make a reset link with this command on the server:',
  reportsNotSent:
    'Scheduled reports are not e-mailed: no e-mail server is configured on this install. Download the PDF or share a report link instead.',
} as const;

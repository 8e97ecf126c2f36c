import { z } from 'zod';
import { AUTH_MESSAGES, CONTACT_MESSAGES } from './messages';
import { nameSchema } from './names';

export const CONTACT_NAME_MAX_LENGTH = 120;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * How many contact messages are accepted inside the rolling window: per email address (so one address
 * cannot flood the inbox) and per client IP (so one machine cannot rotate addresses).
 */
export const CONTACT_RATE_LIMIT = {
  perEmail: 3,
  perIp: 10,
  windowMinutes: 60,
} as const;

/** The contact form, parsed by the form in the browser and by `POST /api/contact`. */
export const contactMessageSchema = z.object({
  name: nameSchema({
    max: CONTACT_NAME_MAX_LENGTH,
    required: CONTACT_MESSAGES.nameRequired,
    tooLong: CONTACT_MESSAGES.nameTooLong,
  }),
  email: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.invalidEmail)
    .max(CONTACT_EMAIL_MAX_LENGTH, AUTH_MESSAGES.invalidEmail)
    .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail })),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** What the API answers once a message is stored. */
export const contactReceiptSchema = z.object({ receivedAt: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** How many messages one page of the administrator's contact inbox holds. */
export const CONTACT_INBOX_PAGE_SIZE = 50;

/** `GET /api/admin/contact-messages?before=<id>`: a page of the form's messages, newest first. */
export const contactInboxQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const contactInboxMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactInboxMessage = z.infer<typeof contactInboxMessageSchema>;

export const contactInboxSchema = z.object({
  messages: z.array(contactInboxMessageSchema),
  /** The `before` of the next (older) page; null on the last page. */
  nextBefore: z.number().nullable(),
});
export type ContactInbox = z.infer<typeof contactInboxSchema>;

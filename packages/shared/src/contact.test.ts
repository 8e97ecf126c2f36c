import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_LENGTH, contactMessageSchema } from './contact';
import { AUTH_MESSAGES, CONTACT_MESSAGES } from './messages';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would like to self-host Relaycast.',
};

function firstMessage(input: unknown): string | undefined {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactMessageSchema.parse({
      name: '  Ada  ',
      email: ' ada@example.com ',
      message: `  ${valid.message}  `,
    });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@example.com', message: valid.message });
  });

  it('needs a name', () => {
    expect(firstMessage({ ...valid, name: '   ' })).toBe(CONTACT_MESSAGES.nameRequired);
    expect(firstMessage({ ...valid, name: 'x'.repeat(121) })).toBe(CONTACT_MESSAGES.nameTooLong);
  });

  it('needs a valid email address', () => {
    expect(firstMessage({ ...valid, email: '' })).toBe(AUTH_MESSAGES.invalidEmail);
    expect(firstMessage({ ...valid, email: 'not-an-email' })).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('needs a message of a sensible length', () => {
    expect(firstMessage({ ...valid, message: '   exactly 10   ' })).toBeUndefined();
    expect(firstMessage({ ...valid, message: '   nine char   ' })).toBe(CONTACT_MESSAGES.messageTooShort);
    expect(firstMessage({ ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) })).toBe(
      CONTACT_MESSAGES.messageTooLong,
    );
  });

  it('refuses a missing field', () => {
    expect(contactMessageSchema.safeParse({ name: 'Ada', email: 'ada@example.com' }).success).toBe(false);
  });
});

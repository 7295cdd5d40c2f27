import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from './contact.ts';
import { contactMessageSchema } from './contact-schemas.ts';

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'support', message: 'Hello' };

function firstMessage(input: unknown): string | undefined {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims text', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: '  Ada  ' });
    expect(parsed.name).toBe('Ada');
  });

  it.each([
    ['name', CONTACT_MESSAGES.nameRequired],
    ['email', CONTACT_MESSAGES.emailRequired],
    ['subject', CONTACT_MESSAGES.subjectRequired],
    ['message', CONTACT_MESSAGES.messageRequired],
  ])('names the missing field %s', (field, message) => {
    expect(firstMessage({ ...valid, [field]: undefined })).toBe(message);
    expect(firstMessage({ ...valid, [field]: '' })).toBe(message);
  });

  it('refuses whitespace-only text, a bad email and an unknown subject', () => {
    expect(firstMessage({ ...valid, message: '   ' })).toBe(CONTACT_MESSAGES.messageRequired);
    expect(firstMessage({ ...valid, email: 'not-an-email' })).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(firstMessage({ ...valid, subject: 'sales' })).toBe(CONTACT_MESSAGES.subjectRequired);
  });

  it('puts a limit on the message length', () => {
    expect(firstMessage({ ...valid, message: 'x'.repeat(5001) })).toMatch(/at most 5000/);
  });
});

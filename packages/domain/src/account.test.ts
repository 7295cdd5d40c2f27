import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './account.ts';
import { changePasswordFormSchema, profileUpdateSchema, signUpFormSchema, totpCodeSchema } from './account-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('profileUpdateSchema', () => {
  const valid = { name: 'Ada', email: 'Ada@Example.com', avatar: 'preset-2' };
  it('accepts a valid profile and lowercases the email', () => {
    expect(profileUpdateSchema.parse(valid).email).toBe('ada@example.com');
  });
  it('uses the messages of docs/product.md#validation-messages', () => {
    expect(firstMessage(profileUpdateSchema.safeParse({ ...valid, name: '  ' }))).toBe('Name is required');
    expect(firstMessage(profileUpdateSchema.safeParse({ ...valid, email: '' }))).toBe('Email is required');
    expect(firstMessage(profileUpdateSchema.safeParse({ ...valid, email: 'ada@' }))).toBe('Email is invalid');
  });
  it('refuses an avatar that is not a preset', () => {
    expect(profileUpdateSchema.safeParse({ ...valid, avatar: 'https://example.com/x.png' }).success).toBe(false);
  });
});

describe('changePasswordFormSchema', () => {
  const valid = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
  it.each([
    [{ ...valid, currentPassword: '' }, 'Current password is required'],
    [{ ...valid, newPassword: '', confirmPassword: '' }, 'New password is required'],
    [{ ...valid, newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ ...valid, confirmPassword: 'different' }, 'Passwords do not match'],
  ])('gives the message of docs/product.md#validation-messages for %o', (input, message) => {
    expect(firstMessage(changePasswordFormSchema.safeParse(input))).toBe(message);
  });
  it('accepts exactly 8 characters', () => {
    expect(changePasswordFormSchema.safeParse({ ...valid, newPassword: '12345678', confirmPassword: '12345678' }).success).toBe(true);
  });
});

describe('signUpFormSchema', () => {
  it('requires the confirmation to match', () => {
    const result = signUpFormSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'password1', confirmPassword: 'password2' });
    expect(firstMessage(result)).toBe(ACCOUNT_MESSAGES.passwordsDoNotMatch);
  });
});

describe('totpCodeSchema', () => {
  it('accepts six digits only', () => {
    expect(totpCodeSchema.safeParse({ code: ' 123456 ' }).success).toBe(true);
    expect(firstMessage(totpCodeSchema.safeParse({ code: '12345' }))).toBe(ACCOUNT_MESSAGES.codeFormat);
    expect(firstMessage(totpCodeSchema.safeParse({ code: 'abcdef' }))).toBe(ACCOUNT_MESSAGES.codeFormat);
  });
});

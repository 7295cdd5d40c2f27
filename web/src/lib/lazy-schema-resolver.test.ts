import { ACCOUNT_MESSAGES, signUpFormSchema } from '@fincrypt/domain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchemaResolver } from './lazy-schema-resolver.ts';
import { loadSchemas } from './load-schemas.ts';

const nameSchema = z.object({ name: z.string().min(1, 'Name is required') });

describe('lazySchemaResolver', () => {
  it('loads the schema on the first validation only, then validates with its messages', async () => {
    let release: (schema: typeof nameSchema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof nameSchema>((resolve) => (release = resolve)));
    const resolver = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();

    const first = resolver({ name: '' });
    expect(load).toHaveBeenCalledTimes(1);
    release(nameSchema);
    await expect(first).resolves.toEqual({ ok: false, errors: { name: { message: 'Name is required' } } });

    await expect(resolver({ name: 'Ada' })).resolves.toEqual({ ok: true, values: { name: 'Ada' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers with the schema's output and each field's first message, from the lazily loaded schemas module", async () => {
    const signIn = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.signInSchema));
    await expect(signIn({ email: '', password: '' })).resolves.toEqual({
      ok: false,
      errors: { email: { message: ACCOUNT_MESSAGES.emailRequired }, password: { message: ACCOUNT_MESSAGES.passwordRequired } },
    });
    await expect(signIn({ email: 'x'.repeat(300), password: 'secret' })).resolves.toEqual({
      ok: false,
      errors: { email: { message: ACCOUNT_MESSAGES.invalidCredentials } },
    });
    await expect(signIn({ email: ' Ada@Example.com ', password: 'secret' })).resolves.toEqual({
      ok: true,
      values: { email: 'ada@example.com', password: 'secret' },
    });
  });

  it('gives every field the first of its issues, as zod lists them, and a refinement its path', async () => {
    const signUp = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.signUpFormSchema));
    for (const values of [
      { name: '', email: 'not an email', password: 'short', confirmPassword: '' },
      { name: 'Ada', email: 'ada@example.com', password: 'long enough', confirmPassword: 'different' },
    ]) {
      const parsed = await signUpFormSchema.safeParseAsync(values);
      const firstMessages: Record<string, { message: string }> = {};
      for (const issue of parsed.error?.issues ?? []) firstMessages[issue.path.join('.')] ??= { message: issue.message };
      await expect(signUp(values)).resolves.toEqual({ ok: false, errors: firstMessages });
    }
    const mismatch = await signUp({ name: 'Ada', email: 'ada@example.com', password: 'long enough', confirmPassword: 'different' });
    expect(mismatch).toEqual({ ok: false, errors: { confirmPassword: { message: ACCOUNT_MESSAGES.passwordsDoNotMatch } } });
  });

  it('asks for the schema again when loading it failed', async () => {
    const load = vi.fn<() => Promise<typeof nameSchema>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(nameSchema);
    const resolver = lazySchemaResolver(load);
    await expect(resolver({ name: '' })).rejects.toThrow(TypeError);
    await expect(resolver({ name: '' })).resolves.toEqual({ ok: false, errors: { name: { message: 'Name is required' } } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

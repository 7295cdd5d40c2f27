import { ACCOUNT_MESSAGES, signUpFormSchema } from '@fincrypt/domain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { SCHEMA_NOT_LOADED, lazySchemaResolver } from './lazy-schema-resolver.ts';
import { loadSchemas } from './load-schemas.ts';

/** Runs a resolver as react-hook-form does on submit; answers the output, or each wrong field's message. */
async function check<Input extends FieldValues, Output>(resolver: Resolver<Input, unknown, Output>, values: Input) {
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = Object.entries(result.errors);
  if (errors.length === 0) return { ok: true, values: result.values };
  return { ok: false, errors: Object.fromEntries(errors.map(([name, error]) => [name, { message: (error as { message?: string }).message }])) };
}

const nameSchema = z.object({ name: z.string().min(1, 'Name is required') });

describe('lazySchemaResolver', () => {
  it('loads the schema on the first validation only, then validates with its messages', async () => {
    let release: (schema: typeof nameSchema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof nameSchema>((resolve) => (release = resolve)));
    const resolver = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();

    const first = check(resolver, { name: '' });
    expect(load).toHaveBeenCalledTimes(1);
    release(nameSchema);
    await expect(first).resolves.toEqual({ ok: false, errors: { name: { message: 'Name is required' } } });

    await expect(check(resolver, { name: 'Ada' })).resolves.toEqual({ ok: true, values: { name: 'Ada' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers with the schema's output and each field's first message, from the lazily loaded schemas module", async () => {
    const signIn = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.signInSchema));
    await expect(check(signIn, { email: '', password: '' })).resolves.toEqual({
      ok: false,
      errors: { email: { message: ACCOUNT_MESSAGES.emailRequired }, password: { message: ACCOUNT_MESSAGES.passwordRequired } },
    });
    await expect(check(signIn, { email: 'x'.repeat(300), password: 'secret' })).resolves.toEqual({
      ok: false,
      errors: { email: { message: ACCOUNT_MESSAGES.invalidCredentials } },
    });
    await expect(check(signIn, { email: ' Ada@Example.com ', password: 'secret' })).resolves.toEqual({
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
      await expect(check(signUp, values)).resolves.toEqual({ ok: false, errors: firstMessages });
    }
    const mismatch = await check(signUp, { name: 'Ada', email: 'ada@example.com', password: 'long enough', confirmPassword: 'different' });
    expect(mismatch).toEqual({ ok: false, errors: { confirmPassword: { message: ACCOUNT_MESSAGES.passwordsDoNotMatch } } });
  });

  it('refuses the submit with a form-level error when loading the schema failed, and asks for it again', async () => {
    const load = vi.fn<() => Promise<typeof nameSchema>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(nameSchema);
    const resolver = lazySchemaResolver(load);
    await expect(check(resolver, { name: '' })).resolves.toEqual({ ok: false, errors: { root: { message: SCHEMA_NOT_LOADED } } });
    await expect(check(resolver, { name: '' })).resolves.toEqual({ ok: false, errors: { name: { message: 'Name is required' } } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { ACCOUNT_MESSAGES, signInSchema } from '@fincrypt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchemaResolver } from './lazy-schema-resolver.ts';
import { loadSchemas } from './load-schemas.ts';

const options = <T extends Record<string, unknown>>(): ResolverOptions<T> => ({ fields: {}, shouldUseNativeValidation: false });

const nameSchema = z.object({ name: z.string().min(1, 'Name is required') });

describe('lazySchemaResolver', () => {
  it('loads the schema on the first validation only, then validates with its messages', async () => {
    let release: (schema: typeof nameSchema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof nameSchema>((resolve) => (release = resolve)));
    const resolver = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();

    const first = resolver({ name: '' }, undefined, options());
    expect(load).toHaveBeenCalledTimes(1);
    release(nameSchema);
    const refused = await first;
    expect(refused.values).toEqual({});
    expect(refused.errors.name?.message).toBe('Name is required');

    await expect(resolver({ name: 'Ada' }, undefined, options())).resolves.toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers as zodResolver does with the schema from the lazily loaded schemas module', async () => {
    const lazy = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.signInSchema));
    const eager = zodResolver(signInSchema);
    for (const values of [
      { email: '', password: '' },
      { email: 'x'.repeat(300), password: 'secret' },
      { email: ' Ada@Example.com ', password: 'secret' },
    ]) {
      const expected = await eager(values, undefined, options());
      await expect(lazy(values, undefined, options())).resolves.toEqual(expected);
    }
    const empty = await lazy({ email: '', password: '' }, undefined, options());
    expect(empty.errors.email?.message).toBe(ACCOUNT_MESSAGES.emailRequired);
    expect(empty.errors.password?.message).toBe(ACCOUNT_MESSAGES.passwordRequired);
  });

  it('asks for the schema again when loading it failed', async () => {
    const load = vi.fn<() => Promise<typeof nameSchema>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(nameSchema);
    const resolver = lazySchemaResolver(load);
    await expect(resolver({ name: '' }, undefined, options())).rejects.toThrow(TypeError);
    const refused = await resolver({ name: '' }, undefined, options());
    expect(refused.errors.name?.message).toBe('Name is required');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

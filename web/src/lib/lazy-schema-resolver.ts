import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import { toast } from './toast.ts';

/** What a field-less error says when the schema's chunk did not arrive; the next submit asks for it again. */
export const SCHEMA_NOT_LOADED = 'The form could not be checked: check your connection and try again.';

/**
 * A react-hook-form resolver whose schema is loaded on the first check (e.g. from loadSchemas()), so the form's page
 * does not carry zod in its first load. The schema is checked through its Standard Schema entry point, so zod itself
 * stays in the schemas' chunk. A failed load refuses the submit with a form-level (`root`) error and a toast, and is retried.
 */
export function lazySchemaResolver<Input extends FieldValues, Output>(load: () => Promise<z4.$ZodType<Output, Input>>): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().then(
      (schema) => standardSchemaResolver<Input, unknown, Output>(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    try {
      return await (await loading)(values, context, options);
    } catch {
      // Said once per submit (a check of the whole form has no `names`), not on every keystroke after it.
      if (!options.names) toast.error(SCHEMA_NOT_LOADED);
      const errors = { root: { type: 'schema-load', message: SCHEMA_NOT_LOADED } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/**
 * A react-hook-form resolver whose schema is loaded on the first validation (e.g. from loadSchemas()), so the form's
 * page does not carry zod in its first load. It then validates exactly as `zodResolver(schema)` does: the same
 * messages, the same modes (resolvers are asynchronous already; the first check waits for the schema too).
 */
export function lazySchemaResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<z4.$ZodType<Output, Input>>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().then(
      (schema) => zodResolver<Input, Context, Output>(schema),
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection) is asked for again on the next check.
        loading = undefined;
        throw error;
      },
    );
    const resolve = await loading;
    return resolve(values, context, options);
  };
}

import type * as z4 from 'zod/v4/core';
import type { FieldName, FormErrors, FormResolver, FormValues } from './form/form-types.ts';

/**
 * A form resolver (lib/form) whose schema is loaded on the first check (e.g. from loadSchemas()), so the form's page
 * does not carry zod in its first load. Each field gets the message of its first issue, and a form that passes gets
 * the schema's output (trimmed, lower-cased…). The first check waits for the schema; a failed load is retried.
 */
export function lazySchemaResolver<Input extends FormValues, Output>(load: () => Promise<z4.$ZodType<Output, Input>>): FormResolver<Input, Output> {
  let loading: Promise<z4.$ZodType<Output, Input>> | undefined;
  return async (values) => {
    loading ??= load().catch((error: unknown) => {
      // A chunk that failed to arrive (a dropped connection) is asked for again on the next check.
      loading = undefined;
      throw error;
    });
    const schema = await loading;
    // The schema's own Standard Schema entry point: zod itself is in the schemas' chunk, not imported here.
    const result = await schema['~standard'].validate(values);
    if (!result.issues) return { ok: true, values: result.value };
    const errors: FormErrors<Input> = {};
    for (const issue of result.issues) {
      const name = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.') as FieldName<Input>;
      errors[name] ??= { message: issue.message };
    }
    return { ok: false, errors };
  };
}

import { useState, useSyncExternalStore } from 'react';
import { type Form, createFormStore } from './form-store.ts';
import type { FormResolver, FormValues } from './form-types.ts';

export interface UseFormOptions<Values extends FormValues, Output> {
  /** Checks the values on submit, and after the first submit on each change (lazySchemaResolver for a schema). */
  resolver: FormResolver<Values, Output>;
  /** The values the form starts with; a field left out takes its control's own value. Read once, as reset() starts over. */
  defaultValues: Partial<Values>;
}

/**
 * A form's state for a component: register text controls, submit through handleSubmit, read formState.errors. The
 * returned form is the same object on every render (effects may depend on it); the component renders again when the
 * errors or submit state change, or a value read with watch().
 *
 * It does not move focus: forms focus their first invalid field themselves (useFocusFirstInvalid).
 */
export function useForm<Values extends FormValues, Output = Values>({ resolver, defaultValues }: UseFormOptions<Values, Output>): Form<Values, Output> {
  const [store] = useState(() => createFormStore(resolver, defaultValues));
  useSyncExternalStore(store.subscribe, store.getSnapshot);
  return store.form;
}

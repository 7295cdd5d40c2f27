import type { ChangeEvent } from 'react';
import type { FieldError, FieldName, FormErrors, FormResolver, FormValues } from './form-types.ts';

/** The controls a field can be registered on: each holds its value as text. */
export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FormState<Values extends FormValues> {
  readonly errors: FormErrors<Values>;
  /** Submits finished, refused or not, since the form started or was reset. */
  readonly submitCount: number;
  /** A submit has finished: from then on, a change checks its field again. */
  readonly isSubmitted: boolean;
  /** A submit is being checked or handled. */
  readonly isSubmitting: boolean;
}

/** What `register` spreads onto an <Input>, <Select> or <Textarea>: the control stays uncontrolled. */
export interface RegisteredField<Name extends string> {
  name: Name;
  ref: (element: FieldElement | null) => (() => void) | undefined;
  onChange: (event: ChangeEvent<FieldElement>) => void;
}

export interface RegisterOptions {
  /** Called after the value is stored, before it is checked again. */
  onChange?: (event: ChangeEvent<FieldElement>) => void;
}

export interface SetValueOptions {
  /** Check the field again with the new value (forms pass `formState.isSubmitted`, as for a change by the person). */
  shouldValidate?: boolean;
}

/** A form's values, errors and submits; `useForm` keeps one per form. Its functions need no `this`: they can be destructured. */
export interface Form<Values extends FormValues, Output = Values> {
  readonly formState: FormState<Values>;
  /** Ties a text control to the field `name`: the control shows its value and stores what is typed. */
  register: <Name extends FieldName<Values>>(name: Name, options?: RegisterOptions) => RegisteredField<Name>;
  /**
   * A submit handler: checks every field, then calls `onValid` with the checked values when none is wrong. Errors that
   * `onValid` sets (the server's answer) stay until the field is checked again.
   */
  handleSubmit: (onValid: (values: Output) => unknown) => (event?: { preventDefault: () => void }) => Promise<void>;
  setError: (name: FieldName<Values>, error: FieldError) => void;
  /** Clears the errors of these fields, or of all of them. */
  clearErrors: (names?: FieldName<Values> | readonly FieldName<Values>[]) => void;
  setValue: <Name extends FieldName<Values>>(name: Name, value: Values[Name], options?: SetValueOptions) => void;
  getValues: () => Values;
  /** The field's value now; the form renders again whenever it changes. */
  watch: <Name extends FieldName<Values>>(name: Name) => Values[Name];
  /** Starts the form over: these values (or the last defaults), no errors, no submit yet. */
  reset: (values?: Partial<Values>) => void;
}

export interface FormStore<Values extends FormValues, Output> {
  form: Form<Values, Output>;
  /** For useSyncExternalStore: a number that changes whenever the form must render again. */
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => number;
}

const NOT_SUBMITTED = { errors: {}, submitCount: 0, isSubmitted: false, isSubmitting: false } as const;

/**
 * The state of one form, outside React (use-form.ts binds it to a component). The semantics forms rely on: fields are
 * checked on submit, and after the first submit again on each change; a field's error is its first message; fields
 * keep their values when their control unmounts.
 */
export function createFormStore<Values extends FormValues, Output>(
  resolver: FormResolver<Values, Output>,
  defaultValues: Partial<Values>,
): FormStore<Values, Output> {
  type Name = FieldName<Values>;
  let defaults: Partial<Values> = { ...defaultValues };
  // Replaced, never changed in place, so a check can tell whether a value changed while it ran.
  let values: Partial<Values> = { ...defaults };
  let state: FormState<Values> = NOT_SUBMITTED;
  let version = 0;
  // A reset starts the form over: a check or submit begun before it no longer applies.
  let resets = 0;
  const listeners = new Set<() => void>();
  const elements = new Map<Name, FieldElement>();
  // One ref callback per field, so React does not detach and attach the control on every render.
  const refs = new Map<Name, RegisteredField<Name>['ref']>();
  const watched = new Set<Name>();

  function render(): void {
    version += 1;
    for (const listener of listeners) listener();
  }

  function setState(change: Partial<FormState<Values>>): void {
    state = { ...state, ...change };
    render();
  }

  function storeValue(name: Name, value: unknown): void {
    values = { ...values, [name]: value };
    if (watched.has(name)) render();
  }

  /** After the first submit: checks the whole form but updates only these fields' errors, as a change concerns them alone. */
  async function revalidate(names: readonly Name[]): Promise<void> {
    const resetsAtStart = resets;
    const checked = values;
    let result;
    try {
      result = await resolver(checked as Values);
    } catch {
      // The schema could not be loaded (a dropped connection): the next check or the submit asks for it again.
      return;
    }
    if (resets !== resetsAtStart) return;
    let errors = state.errors;
    for (const name of names) {
      // The value changed while it was checked: this answer is about an older one.
      if (!Object.is(values[name], checked[name])) continue;
      errors = withError(errors, name, result.ok ? undefined : result.errors[name]);
    }
    if (errors !== state.errors) setState({ errors });
  }

  function attach(name: Name, element: FieldElement): void {
    elements.set(name, element);
    // A field left out of the default values starts with its control's own value (a select's empty first option).
    if (values[name] === undefined) storeValue(name, element.value);
    else showValue(element, values[name]);
  }

  function refFor(name: Name): RegisteredField<Name>['ref'] {
    let ref = refs.get(name);
    if (!ref) {
      ref = (element) => {
        if (!element) return undefined;
        attach(name, element);
        return () => {
          if (elements.get(name) === element) elements.delete(name);
        };
      };
      refs.set(name, ref);
    }
    return ref;
  }

  const form: Form<Values, Output> = {
    get formState() {
      return state;
    },

    register(name, options) {
      return {
        name,
        ref: refFor(name),
        onChange: (event) => {
          storeValue(name, event.target.value);
          options?.onChange?.(event);
          if (state.isSubmitted) void revalidate([name]);
        },
      };
    },

    handleSubmit(onValid) {
      return async (event) => {
        event?.preventDefault();
        const resetsAtStart = resets;
        setState({ isSubmitting: true });
        let result;
        try {
          result = await resolver(values as Values);
        } catch (error) {
          if (resets === resetsAtStart) setState({ isSubmitting: false });
          throw error;
        }
        if (resets !== resetsAtStart) return;
        let failure: { error: unknown } | undefined;
        if (result.ok) {
          setState({ errors: {} });
          try {
            await onValid(result.values);
          } catch (error) {
            failure = { error };
          }
        }
        // The count goes up once the submit is handled, so useFocusFirstInvalid sees the errors `onValid` set.
        if (resets === resetsAtStart) {
          setState({ isSubmitted: true, isSubmitting: false, submitCount: state.submitCount + 1, errors: result.ok ? state.errors : result.errors });
        }
        if (failure) throw failure.error;
      };
    },

    setError(name, error) {
      setState({ errors: { ...state.errors, [name]: { message: error.message } } });
    },

    clearErrors(names) {
      if (names === undefined) {
        setState({ errors: {} });
        return;
      }
      let errors = state.errors;
      for (const name of typeof names === 'string' ? [names] : names) errors = withError(errors, name, undefined);
      if (errors !== state.errors) setState({ errors });
    },

    setValue(name, value, options) {
      storeValue(name, value);
      const element = elements.get(name);
      if (element) showValue(element, value);
      if (options?.shouldValidate) void revalidate([name]);
    },

    getValues() {
      return { ...values } as Values;
    },

    watch(name) {
      watched.add(name);
      return values[name] as Values[typeof name];
    },

    reset(next) {
      resets += 1;
      if (next) defaults = { ...next };
      values = { ...defaults };
      for (const [name, element] of elements) {
        if (values[name] === undefined) {
          showDefault(element);
          values = { ...values, [name]: element.value };
        } else showValue(element, values[name]);
      }
      state = NOT_SUBMITTED;
      render();
    },
  };

  return {
    form,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => version,
  };
}

/** `errors` with this field's error set (or cleared); the same object when nothing changes, so nothing renders. */
function withError<Values extends FormValues>(errors: FormErrors<Values>, name: FieldName<Values>, error: FieldError | undefined): FormErrors<Values> {
  if (error?.message === errors[name]?.message) return errors;
  const next = { ...errors };
  if (error) next[name] = { message: error.message };
  else delete next[name];
  return next;
}

/** A control shows text: a number as its digits, nothing for a missing value. */
function showValue(element: FieldElement, value: unknown): void {
  element.value = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Back to what the markup says: a select's default option, a text control's default text. */
function showDefault(element: FieldElement): void {
  if (element instanceof HTMLSelectElement) {
    const option = Array.from(element.options).find((candidate) => candidate.defaultSelected) ?? element.options[0];
    element.value = option?.value ?? '';
  } else element.value = element.defaultValue;
}

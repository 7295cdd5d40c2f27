/** A form's values: one entry per field, by the field's name. */
export type FormValues = Record<string, unknown>;

/** The name of one of a form's fields. */
export type FieldName<Values extends FormValues> = keyof Values & string;

/** What is wrong with a field, as the person reads it under the field. */
export interface FieldError {
  message: string;
}

/** The fields that are wrong now, each with its message. */
export type FormErrors<Values extends FormValues> = Partial<Record<FieldName<Values>, FieldError>>;

/** A check of the whole form: the values to submit (parsed, e.g. trimmed), or the first error of each wrong field. */
export type ResolverResult<Values extends FormValues, Output> = { ok: true; values: Output } | { ok: false; errors: FormErrors<Values> };

/** Checks a form's values; asynchronous, so that the schema it checks with can be loaded on first use. */
export type FormResolver<Values extends FormValues, Output = Values> = (values: Values) => Promise<ResolverResult<Values, Output>>;

import { type SerializedError, stdSerializers } from 'pino';

/** What stands in for a value the log must not show (pino's own word for its redactions). */
export const REDACTED = '[Redacted]';

/**
 * Fields of database errors that hold the values a statement was run with: drizzle's DrizzleQueryError and
 * PGlite's errors carry `params` (a session token, an email, a contact message...), PGlite also
 * `queryOptions`; node-postgres's `detail` quotes the row or key ("Key (email)=(…) already exists").
 */
const VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail']);

/** drizzle writes its failed statements as `Failed query: <sql>\nparams: <values>`. */
const PARAMS_LINE = '\nparams: ';

/**
 * `text` without the values of a failed statement: drizzle's `\nparams: …` (exactly `params`, as drizzle
 * wrote them, when they are known; otherwise everything after the first `\nparams: ` of a "Failed query").
 * The SQL stays: it has placeholders, not values, and it says what failed.
 */
export function withoutQueryParameters(text: string, params?: unknown): string {
  if (Array.isArray(params)) {
    const written = `${PARAMS_LINE}${String(params)}`;
    if (text.includes(written)) return text.replace(written, `${PARAMS_LINE}${REDACTED}`);
  }
  const start = text.indexOf('Failed query: ');
  if (start < 0) return text;
  const cut = text.indexOf(PARAMS_LINE, start);
  return cut < 0 ? text : `${text.slice(0, cut)}${PARAMS_LINE}${REDACTED}`;
}

interface ErrorLike {
  message: string;
  stack?: unknown;
  cause?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

function redactedClone(error: ErrorLike, seen: Map<object, unknown>): unknown {
  const known = seen.get(error);
  if (known) return known;
  const clone = Object.create(Object.getPrototypeOf(error) as object | null) as Record<string, unknown>;
  seen.set(error, clone);
  const message = withoutQueryParameters(error.message, error.params);
  let stack = error.stack;
  if (typeof stack === 'string') {
    stack = stack.includes(error.message) ? stack.replace(error.message, message) : withoutStackParameters(stack);
  }
  // Like an Error's own: not enumerable, so serializers treat them as they would the original's.
  Object.defineProperty(clone, 'message', { value: message, writable: true, configurable: true });
  Object.defineProperty(clone, 'stack', { value: stack, writable: true, configurable: true });
  for (const key of Object.keys(error)) {
    clone[key] = VALUE_FIELDS.has(key) ? REDACTED : redacted(error[key], seen);
  }
  // An ES2022 `cause` and an AggregateError's `errors` are own but not enumerable.
  if (Object.hasOwn(error, 'cause')) {
    Object.defineProperty(clone, 'cause', { value: redacted(error.cause, seen), writable: true, configurable: true });
  }
  if (Array.isArray(error.errors)) {
    Object.defineProperty(clone, 'errors', { value: error.errors.map((item) => redacted(item, seen)), writable: true, configurable: true });
  }
  return clone;
}

/** A stack whose first lines are not the error's current message: cut its params up to the first frame. */
function withoutStackParameters(stack: string): string {
  const start = stack.indexOf('Failed query: ');
  const cut = start < 0 ? -1 : stack.indexOf(PARAMS_LINE, start);
  if (cut < 0) return stack;
  const frames = stack.slice(cut).search(/\n\s+at /);
  return `${stack.slice(0, cut)}${PARAMS_LINE}${REDACTED}${frames < 0 ? '' : stack.slice(cut + frames)}`;
}

/**
 * An error (and its causes and aggregated errors) as a copy without the values of any failed statement:
 * no `params`, `queryOptions` or `detail`, and no `params:` line in any message or stack. Anything else is
 * returned as it is. The original is left untouched (the code that caught it may still use it).
 */
export function redacted(value: unknown, seen: Map<object, unknown> = new Map()): unknown {
  return isErrorLike(value) ? redactedClone(value, seen) : value;
}

/** pino's `err` serializer, on the redacted copy: every log line's `err`. */
export function serializeError(error: unknown): SerializedError {
  return stdSerializers.err(redacted(error) as Error);
}

/**
 * pino's `formatters.log`: an error logged under any other top-level key (or in an array there, as
 * better-auth's details) is serialized the same redacted way. `err` is left to its serializer.
 */
export function redactErrorsInLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let result = object;
  for (const [key, value] of Object.entries(object)) {
    if (key === 'err') continue;
    let replacement: unknown = value;
    if (value instanceof Error) replacement = serializeError(value);
    else if (Array.isArray(value) && value.some((item) => item instanceof Error)) {
      replacement = value.map((item: unknown) => (item instanceof Error ? serializeError(item) : item));
    }
    if (replacement !== value) {
      if (result === object) result = { ...object };
      result[key] = replacement;
    }
  }
  return result;
}

/** The pino options that keep statement values out of every log line (buildApp's logger uses them). */
export const redactingLoggerOptions = {
  serializers: { err: serializeError },
  formatters: { log: redactErrorsInLogObject },
};

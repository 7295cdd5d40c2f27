import { type SerializedError, stdSerializers } from 'pino';

/** What stands in for a value the log must not show (pino's own word for its redactions). */
export const REDACTED = '[Redacted]';

/**
 * Fields of database errors that hold the values a statement was run with: drizzle's DrizzleQueryError and
 * PGlite's errors carry `params` (a session token, an email, a contact message...), PGlite also
 * `queryOptions`; node-postgres's `detail` quotes the row or key ("Key (email)=(…) already exists").
 */
const VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail']);

/**
 * Fields that hold a private key (a wallet's, opened by the key vault for a send or a demo account's "Show test key";
 * the sealed one; a signer's): never written to a log, under whatever object or error a log line carries them.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['privateKey', 'privateKeyHex', 'encryptedPrivateKey', 'secretKey']);

/** How deep into a log line's plain objects and arrays the secret fields are looked for. */
const SECRET_SEARCH_DEPTH = 4;

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
    clone[key] = VALUE_FIELDS.has(key) || SECRET_FIELDS.has(key) ? REDACTED : redacted(error[key], seen);
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

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * `value` with every SECRET_FIELDS entry of its plain objects and arrays (up to SECRET_SEARCH_DEPTH down) redacted:
 * the same value when it holds none, else a copy. Anything else (a request, a class instance) is passed as it is.
 */
function withoutSecretFields(value: unknown, depth: number): unknown {
  if (depth <= 0) return value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => withoutSecretFields(item, depth - 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (!isPlainObject(value)) return value;
  let result = value;
  for (const [key, field] of Object.entries(value)) {
    const replacement = SECRET_FIELDS.has(key) ? REDACTED : withoutSecretFields(field, depth - 1);
    if (replacement === field) continue;
    if (result === value) result = { ...value };
    result[key] = replacement;
  }
  return result;
}

/**
 * pino's `formatters.log`: an error logged under any other top-level key (or in an array there, as
 * better-auth's details) is serialized the same redacted way. `err` is left to its serializer. A private key
 * (SECRET_FIELDS) is redacted at the top level and in the plain objects and arrays below it.
 */
export function redactErrorsInLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let result = object;
  for (const [key, value] of Object.entries(object)) {
    if (key === 'err') continue;
    let replacement: unknown = value;
    if (SECRET_FIELDS.has(key)) replacement = REDACTED;
    else if (value instanceof Error) replacement = serializeError(value);
    else if (Array.isArray(value) && value.some((item) => item instanceof Error)) {
      replacement = value.map((item: unknown) => (item instanceof Error ? serializeError(item) : item));
    } else replacement = withoutSecretFields(value, SECRET_SEARCH_DEPTH);
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

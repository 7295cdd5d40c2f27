interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error behind a driver or ORM error (drizzle wraps it in `cause`). */
function findPgError(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** The SQLSTATE of the PostgreSQL error behind `error`, if there is one. */
export function sqlStateOf(error: unknown): string | undefined {
  return findPgError(error)?.code as string | undefined;
}

/** The DETAIL of the PostgreSQL error behind `error` (a RAISE … USING DETAIL), if there is one. */
export function detailOf(error: unknown): string | undefined {
  const detail = findPgError(error)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

/** True for a unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  if (pgError?.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === constraint;
}

/** SQLSTATEs that mean "run it again": serialization failure and deadlock. */
export function isRetryableConflict(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '40001' || code === '40P01';
}

/** Socket errors on the way to the database server: it is down, restarting, or out of reach. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve this connection now: admin_shutdown (57P01), crash_shutdown
 * (57P02), cannot_connect_now (57P03, starting up or shutting down), database_dropped (57P04),
 * idle_session_timeout (57P05), too_many_connections (53300). Class 08 (connection exception) is matched
 * as a class.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300']);

/**
 * object_not_in_prerequisite_state (55000) is also what a new connection gets from a database closed to
 * connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`, e.g. during maintenance), but it has statement
 * meanings too (currval before nextval, an inactive replication slot): only this message makes it an outage.
 */
const NOT_ACCEPTING_CONNECTIONS = /^database ".*" is not currently accepting connections$/s;

/**
 * SQLSTATEs of a database too slow to answer in time, which we also answer 503 (try again shortly), not 500:
 * query_canceled (57014: statement_timeout, or a cancel request) and idle_in_transaction_session_timeout (25P03);
 * idle_session_timeout (57P05) is among the unavailable ones above. Nothing about the request itself is wrong.
 */
const TIMED_OUT_SQLSTATES = new Set(['57014', '25P03']);

/**
 * What node-postgres and pg-pool say when the connection is gone or cannot be had; they carry no code.
 * "Connection terminated" covers "… unexpectedly" and "… due to connection timeout"; "timeout expired" is
 * a lone client's connectionTimeoutMillis, "timeout exceeded …" a pool's (no free client in time).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
  /^timeout expired$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function isUnavailableCause(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code === '55000') return typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message);
    if (TIMED_OUT_SQLSTATES.has(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when the error means the database could not be reached or dropped the connection, rather than
 * that it refused this statement: the request may succeed as it is once the database is back (answer 503).
 * Looks through drizzle's `cause` chain and the `errors` of an AggregateError (a refused connection to
 * a name with several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableCause(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

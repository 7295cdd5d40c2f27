import { apiErrorStatus, type ServerErrorCode } from '@fincrypt/domain';

/**
 * An error a client caused, answered as `{ error: { code, message } }` with its code's status. The codes,
 * their statuses and messages are the domain's error registry (packages/domain/src/errors.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** For a 429: how long until the same request may succeed; the error handler sends it as `Retry-After`. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly code: ServerErrorCode,
    message: string,
    options: { retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = apiErrorStatus(code);
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A 429 `RATE_LIMITED` whose message describes the wait, answered with `Retry-After`. */
export const rateLimited = (message: string, retryAfterMs: number) => new AppError('RATE_LIMITED', message, { retryAfterMs });

/** `Retry-After` in whole seconds, rounded up, at least 1 (RFC 9110 §10.2.3). */
export const retryAfterSeconds = (ms: number | undefined): number => Math.max(1, Math.ceil((ms ?? 0) / 1000));

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string) => new AppError('VALIDATION_ERROR', message);

export interface ErrorBody {
  error: { code: string; message: string };
}

/** The body of an error answer; `code` is a string because better-auth's and Fastify's other codes pass through. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

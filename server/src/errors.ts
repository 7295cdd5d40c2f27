import { apiErrorStatus, type ServerErrorCode } from '@fincrypt/domain';

/**
 * An error a client caused, answered as `{ error: { code, message } }` with its code's status. The codes,
 * their statuses and messages are the domain's error registry (packages/domain/src/errors.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ServerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = apiErrorStatus(code);
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string) => new AppError('VALIDATION_ERROR', message);

export interface ErrorBody {
  error: { code: string; message: string };
}

/** The body of an error answer; `code` is a string because better-auth's and Fastify's other codes pass through. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

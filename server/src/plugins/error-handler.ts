import { API_ERRORS, passedOnMessages } from '@fincrypt/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, retryAfterSeconds } from '../errors.ts';
import { isDatabaseUnavailable } from '../lib/pg-errors.ts';

export const DATABASE_UNAVAILABLE_MESSAGE = API_ERRORS.DATABASE_UNAVAILABLE.messages.databaseUnavailable;

/** Fastify's own client-error codes, turned into messages a person can act on (the error registry's). */
const FRAMEWORK_MESSAGES = passedOnMessages('fastify');

const { invalidRequest, bodyNotAnObject } = API_ERRORS.VALIDATION_ERROR.messages;

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return invalidRequest;
  // A missing or non-object body has no path: say so plainly instead of zod's type talk.
  if ((first.instancePath === '' || first.instancePath === '/') && /expected object/i.test(first.message ?? '')) {
    return bodyNotAnObject;
  }
  return first.message ?? invalidRequest;
}

/**
 * better-auth's session lookup turns a failure of its database reads and writes into a bare 500
 * FAILED_TO_GET_SESSION and drops the cause, so the database's own error never reaches this handler. The
 * rest of the lookup (reading the signed cookie) answers "no session" rather than throwing: this error
 * means the session store could not be read, and nobody can be let in until it can.
 */
export function isSessionStoreFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, statusCode, body } = error as { name?: unknown; statusCode?: unknown; body?: { code?: unknown } };
  return name === 'APIError' && statusCode === 500 && body?.code === 'FAILED_TO_GET_SESSION';
}

/** Every 4xx and 5xx answer has the shape `{ error: { code, message } }`. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Every rate-limited answer says when to come back.
      if (error.statusCode === 429) reply.header('retry-after', String(retryAfterSeconds(error.retryAfterMs)));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(errorBody('VALIDATION_ERROR', validationMessage(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send(errorBody(error.code ?? 'BAD_REQUEST', message));
    }
    if (isDatabaseUnavailable(error) || isSessionStoreFailure(error)) {
      // Not a bug to chase: the database is down or out of reach, and the same request will work once it is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    if (status === 503) {
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', API_ERRORS.SERVICE_UNAVAILABLE.messages.passedOn(error.message)));
    }
    return reply.status(500).send(errorBody('INTERNAL_ERROR', API_ERRORS.INTERNAL_ERROR.messages.somethingWentWrong));
  });
});

/**
 * Fastify's `frameworkErrors` (buildApp): a path that does not decode to UTF-8 text (where an unpaired
 * surrogate's bytes end up) or a path parameter over maxParamLength is refused before any route, and would
 * otherwise be answered in Fastify's own shape; here it gets the app's `{ error: { code, message } }`, with
 * the same messages the error handler gives Fastify's other client errors.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    void reply.status(500).send(errorBody('INTERNAL_ERROR', API_ERRORS.INTERNAL_ERROR.messages.somethingWentWrong));
    return;
  }
  void reply.status(status).send(errorBody(error.code, FRAMEWORK_MESSAGES[error.code] ?? error.message));
}

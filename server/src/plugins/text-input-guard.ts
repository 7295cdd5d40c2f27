import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * The longest string any request may carry in one field (a backstop: each route's schema caps its own
 * fields far lower; the longest, the contact message, at 5,000 characters).
 */
export const MAX_TEXT_CHARS = 10_000;

const { nulCharacter, unpairedSurrogate, textTooLong } = API_ERRORS.VALIDATION_ERROR.messages;

/** With the `u` flag a surrogate pair reads as one code point, so only an unpaired surrogate matches. */
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

/** Why a string may not enter the app, or undefined when it may. */
export function textProblem(text: string, where: string): string | undefined {
  // PostgreSQL cannot store U+0000 in text, and an unpaired surrogate cannot be encoded as UTF-8 at all.
  if (text.includes('\u0000')) return nulCharacter(where);
  if (UNPAIRED_SURROGATE.test(text)) return unpairedSurrogate(where);
  if (text.length > MAX_TEXT_CHARS) return textTooLong(where, MAX_TEXT_CHARS);
  return undefined;
}

type Part = 'body' | 'query' | 'params';

const LABELS: Record<Part, { value: (path: string) => string; key: string; root: string }> = {
  body: { value: (path) => `Field "${path}"`, key: 'A field name', root: 'Request body' },
  query: { value: (path) => `Query parameter "${path}"`, key: 'A query parameter name', root: 'The query string' },
  params: { value: (path) => `Path parameter "${path}"`, key: 'A path parameter name', root: 'The path' },
};

/** A field's path as the message shows it: `name`, `items[0].label`, shortened when long. */
function shown(path: string): string {
  return path.length > 60 ? `${path.slice(0, 57)}...` : path;
}

/**
 * The first string in `value` (any depth, keys included) that may not enter the app, as the message to answer
 * with. Walks with a list rather than recursion, so a deeply nested body cannot overflow the stack.
 */
export function findTextProblem(value: unknown, part: Part): string | undefined {
  const labels = LABELS[part];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (typeof current.value === 'string') {
      const problem = textProblem(current.value, current.path === '' ? labels.root : labels.value(shown(current.path)));
      if (problem) return problem;
    } else if (Array.isArray(current.value)) {
      current.value.forEach((item: unknown, index) => pending.push({ value: item, path: `${current.path}[${index}]` }));
    } else if (typeof current.value === 'object' && current.value !== null) {
      for (const [key, item] of Object.entries(current.value)) {
        const keyProblem = textProblem(key, labels.key);
        if (keyProblem) return keyProblem;
        pending.push({ value: item, path: current.path === '' ? key : `${current.path}.${key}` });
      }
    }
  }
  return undefined;
}

/**
 * One rule at the edge for every route, better-auth's included: a string in the path parameters, the query
 * or the body (at any depth) with a NUL character, an unpaired surrogate, or more than MAX_TEXT_CHARS
 * characters is refused with 400 VALIDATION_ERROR before any schema, handler or database sees it.
 * It runs in preValidation: after the session check of signed-in routes (onRequest), so a signed-out
 * caller still learns nothing but 401, and after the body is parsed.
 */
export const textInputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem =
      findTextProblem(request.params, 'params') ?? findTextProblem(request.query, 'query') ?? findTextProblem(request.body, 'body');
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
  });
});

import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../errors.ts';

/** Fastify's incoming headers as a Fetch `Headers`, for better-auth. */
export function toFetchHeaders(headers: FastifyRequest['headers']): Headers {
  const result = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => result.append(key, item));
    else result.set(key, String(value));
  }
  return result;
}

/**
 * Builds the Fetch request better-auth handles, with the body as Fastify parsed (and our schema cleaned) it, and no
 * query string: our routes declare none, so better-auth reads no option from the caller that we do not offer.
 */
export function toFetchRequest(request: FastifyRequest, body: unknown): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.search = '';
  const headers = toFetchHeaders(request.headers);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  // better-auth has no HEAD routes: a HEAD is its GET (Fastify leaves the body out of the answer).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return new Request(url, { method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined });
}

/** The code of a better-auth error answer (`{ code, message }`), without consuming the response. */
export const errorCodeOf = async (response: Response): Promise<string | undefined> => {
  if (response.ok) return undefined;
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === 'string' ? body.code : undefined;
};

/** Turns better-auth's top-level `{ code, message }` errors into our `{ error: { code, message } }`. */
function reshapeError(status: number, text: string, messages: Record<string, string>): string {
  let code = 'AUTH_ERROR';
  const { signInRequired, notCompleted } = API_ERRORS.AUTH_ERROR.messages;
  let message: string = status === 401 ? signInRequired : notCompleted;
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {
    // Not JSON: keep the generic message.
  }
  return JSON.stringify(errorBody(code, messages[code] ?? message));
}

/**
 * The session token belongs in the HttpOnly cookie only: better-auth also returns it in the sign-up, sign-in
 * and 2FA bodies (`token`) and in get-session's `session.token`, where any script on the page could read it.
 */
export function withoutSessionToken(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return text;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (typeof session === 'object' && session !== null && !Array.isArray(session)) {
    const { token: _sessionToken, ...safeSession } = session as Record<string, unknown>;
    rest.session = safeSession;
  }
  return JSON.stringify(rest);
}

/**
 * Copies better-auth's response onto the Fastify reply: status, every Set-Cookie, and the body (without the
 * session token). better-auth answers a failure of its own database calls with a bare 500 and keeps the cause;
 * `checkDatabase` is asked then, and its error (a connection failure answers 503) replaces that 500.
 */
export async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  errorMessages: Record<string, string> = {},
  checkDatabase?: () => Promise<void>,
  /** Set-Cookie values of our own, after better-auth's. */
  extraCookies: readonly string[] = [],
): Promise<FastifyReply> {
  if (response.status >= 500 && checkDatabase) await checkDatabase();
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
    reply.header(key, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    return reply.type('application/json; charset=utf-8').send(reshapeError(response.status, text, errorMessages));
  }
  return reply.send(text === '' ? null : withoutSessionToken(text));
}

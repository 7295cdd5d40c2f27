import { PAYMENT_MESSAGES, PAYMENT_REQUEST_TIMEOUT_MS, type SendResponse } from '@fincrypt/domain';
import { ApiError } from '../../lib/api-client.ts';
import { loadSchemas } from '../../lib/load-schemas.ts';

/**
 * How a failed send is told (docs/product.md#payment-system-failures): `message` in the spec's words, and
 * whether the server may have carried the send out, so trying again must repeat the same request and key.
 */
export interface SendFailure {
  message: string;
  /** The server's own refusal (a 4xx): the request was decided, the next submit is a new one. */
  isDecided: boolean;
  /** No answer in time: the toast offers "Try again" with the same Idempotency-Key. */
  isTimeout: boolean;
}

/** The answer to a send did not come within PAYMENT_REQUEST_TIMEOUT_MS. */
export class SendTimeoutError extends Error {
  constructor() {
    super(PAYMENT_MESSAGES.timedOut);
    this.name = 'SendTimeoutError';
  }
}

/** A 2xx answer that is empty or not a send's answer. */
export class InvalidSendResponseError extends Error {
  constructor() {
    super(PAYMENT_MESSAGES.invalidResponse);
    this.name = 'InvalidSendResponseError';
  }
}

/** Runs `request` with an abort signal that fires after the timeout; an abort then is a SendTimeoutError. */
export async function withSendTimeout<T>(request: (signal: AbortSignal) => Promise<T>, timeoutMs = PAYMENT_REQUEST_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new SendTimeoutError()), timeoutMs);
  try {
    return await request(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new SendTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The body of a 2xx answer, checked: anything but a send's answer is an InvalidSendResponseError. */
export async function readSendResponse(body: unknown): Promise<SendResponse> {
  const { sendResponseSchema } = await loadSchemas();
  const parsed = sendResponseSchema.safeParse(body);
  if (!parsed.success) throw new InvalidSendResponseError();
  return parsed.data;
}

export function describeSendFailure(error: unknown): SendFailure {
  const undecided = (message: string, isTimeout = false): SendFailure => ({ message, isDecided: false, isTimeout });
  if (error instanceof SendTimeoutError) return undecided(PAYMENT_MESSAGES.timedOut, true);
  if (error instanceof InvalidSendResponseError) return undecided(PAYMENT_MESSAGES.invalidResponse);
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return undecided(PAYMENT_MESSAGES.unavailable);
  if (error instanceof ApiError) {
    if (error.status === 503) return undecided(PAYMENT_MESSAGES.unavailable);
    // apiFetch names an answer without a readable `{ error: { message } }` HTTP_ERROR.
    const message = error.code === 'HTTP_ERROR' || !error.message ? PAYMENT_MESSAGES.failed : error.message;
    return { message, isDecided: error.status < 500, isTimeout: false };
  }
  return undecided(PAYMENT_MESSAGES.failed);
}
